import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { and, desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { devEmails, sessions } from "../../src/db/schema";
import type { Env } from "../../src/env";
import { app } from "../../src/app";
import worker from "../../src/index";
import { db, sessionCookie, uniqueName } from "../helpers";
import { medicationInput } from "../factories";

export { db, sessionCookie, uniqueName };

export const ORIGIN = "http://localhost";

export interface Answer<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface CallOptions {
  body?: unknown;
  rawBody?: BodyInit;
  cookie?: string;
  /** The client address Cloudflare puts in CF-Connecting-IP; throttling counts per address. */
  ip?: string;
  headers?: Record<string, string>;
  /** Another binding set, e.g. an unreachable Turso URL. */
  env?: Env;
  /** https://localhost instead of http://localhost. */
  secure?: boolean;
  /** Another origin entirely, e.g. https://refills.example.com. */
  base?: string;
  /** Content-Type to send with a body; null sends none. Default: application/json. */
  contentType?: string | null;
}

/**
 * Calls the real Worker (src/index.ts) in this isolate and waits for everything it handed to
 * `waitUntil` (e.g. the reset e-mail) before answering, so tests about mail are deterministic.
 */
export async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.ip) headers.set("CF-Connecting-IP", options.ip);
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  const contentType = options.contentType === undefined ? "application/json" : options.contentType;
  if (body !== undefined && contentType !== null && !headers.has("Content-Type")) headers.set("Content-Type", contentType);
  const base = options.base ?? (options.secure ? "https://localhost" : ORIGIN);
  const request = new Request(`${base}${path}`, { method, headers, body, redirect: "manual" });
  const ctx = createExecutionContext();
  const res = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, options.env ?? env, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* HTML or empty */
  }
  return { status: res.status, body: parsed as T, text, headers: res.headers };
}

const hex16 = () => crypto.getRandomValues(new Uint16Array(1))[0]!.toString(16);
/** A client (an IPv6 /64, the unit throttling counts) no other test uses. */
export const uniqueIp = () => `2001:${hex16()}:${hex16()}:${hex16()}::${hex16()}`;

export interface Account {
  id: number;
  username: string;
  email: string;
  password: string;
  cookie: string;
}

/** Registers a fresh user (over https when `secure`) and answers its session cookie. */
export async function register(options: { secure?: boolean; email?: string; password?: string } = {}): Promise<Account> {
  const username = uniqueName("sec");
  const password = options.password ?? "correct horse battery";
  const email = options.email ?? `${username}@example.com`;
  const res = await call("POST", "/api/register", {
    body: { username, password, email, fullName: `Security ${username}`, emailConsent: true },
    secure: options.secure,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id, username, email, password, cookie: sessionCookie(res) };
}

export const sessionRows = (userId: number) => db().select().from(sessions).where(eq(sessions.userId, userId));

export const emailsTo = (to: string) => db().select().from(devEmails).where(eq(devEmails.to, to)).orderBy(desc(devEmails.id));

/** The reset token from the newest reset e-mail sent to `to`. */
export async function resetTokenFrom(to: string): Promise<string> {
  const [mail] = await db()
    .select()
    .from(devEmails)
    .where(and(eq(devEmails.to, to)))
    .orderBy(desc(devEmails.id))
    .limit(1);
  expect(mail, `no e-mail to ${to}`).toBeDefined();
  const match = /reset-password\?token=([a-z0-9]+)/.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  return match![1];
}

// Stack frames ("at fn (file:1:2)"), SQL, and the names of the database drivers.
export const INTERNALS = /\bat \S+ \(|\bat .*:\d+:\d+|SELECT\b.*\bFROM\b|INSERT\s+INTO|DELETE\s+FROM|UPDATE\s+"|sqlite|D1_|libsql|hrana|drizzle|Failed query|TypeError|ReferenceError/i;

/** Nothing a client sees may reveal internals. */
export function expectNoInternals(answer: Pick<Answer, "text">) {
  expect(answer.text).not.toMatch(INTERNALS);
}

/** An API error answer: JSON `{ message }` with a readable sentence. */
export function expectJsonMessage(answer: Answer, status: number) {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(answer.body).toEqual({ message: expect.stringMatching(/^\S.{5,}$/) });
  expectNoInternals(answer);
}

export interface Route {
  method: string;
  /** The registered pattern, e.g. /api/medications/:id{[0-9]+}. */
  pattern: string;
  /** A concrete path for it (parameters filled with `param`). */
  path: string;
}

/**
 * Every route the app registers, read from Hono's router, so new endpoints are covered the day they
 * land. Parameters become `param` (default 1).
 */
export function routes(filter: (route: Route) => boolean = () => true, param = "1"): Route[] {
  const seen = new Set<string>();
  const found: Route[] = [];
  for (const { method, path } of app.routes) {
    if (method === "ALL" || path.includes("*")) continue;
    const concrete = path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, param);
    const route = { method, pattern: path, path: concrete };
    const id = `${method} ${path}`;
    if (seen.has(id) || !filter(route)) continue;
    seen.add(id);
    found.push(route);
  }
  return found;
}

export const isApi = (route: Route) => route.path.startsWith("/api/");
export const changesState = (route: Route) => !["GET", "HEAD", "OPTIONS"].includes(route.method);

export const hasRoute = (method: string, pattern: string) => app.routes.some((r) => r.method === method && r.path === pattern);

export async function addPharmacy(account: Account, body: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/pharmacies", { cookie: account.cookie, body: { name: uniqueName("Pharmacy"), phoneNumber: "5551234567", ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; name: string; phoneNumber: string };
}

/** The factories' valid medication, with any (possibly hostile) overrides. */
export const medicationBody = (pharmacyId: number, overrides: Record<string, unknown> = {}) => ({ ...medicationInput(pharmacyId), ...overrides });

export async function addMedication(account: Account, pharmacyId: number, overrides: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/medications", { cookie: account.cookie, body: medicationBody(pharmacyId, overrides) });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; name: string; pharmacyId: number; pillsPerDay: number; pillsRemaining: number; pillsPerRefill: number; lastRefillDate: string | null };
}
