import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { createDb } from "../src/db/client";
import { devEmails, medications, sessions, users } from "../src/db/schema";
import type { Medication, PharmacyView as Pharmacy } from "../src/domain/medications";
import { addDays } from "../src/domain/time";
import type { Env } from "../src/env";
import worker from "../src/index";
import type { User } from "../src/shared/user";

// The one helper module of the workers tests: calling the Worker, making accounts, pharmacies and
// medications (through the API, the same path the islands use, so tests need no cleanup and run in
// parallel), and reading what a request left in the database. The security tests' own probes (route
// enumeration, leak checks) are in test/security/surface.ts.

export const BASE = "http://localhost";
export const db = () => createDb(env);

let counter = 0;
/** A username no other test uses, so tests run in parallel without cleanup. */
export const uniqueName = (prefix = "user") =>
  `${prefix}_${Date.now().toString(36)}_${(counter++).toString(36)}_${Math.random().toString(36).slice(2, 6)}`;

const hex16 = () => crypto.getRandomValues(new Uint16Array(1))[0]!.toString(16);
/** A client (an IPv6 /64, the unit throttling counts) no other test uses. */
export const uniqueIp = () => `2001:${hex16()}:${hex16()}:${hex16()}::${hex16()}`;

// ---------------------------------------------------------------------------------------------
// Calling the Worker
// ---------------------------------------------------------------------------------------------

export interface Answer<T = any> {
  status: number;
  /** The body parsed as JSON, or the text when it is not JSON (HTML, empty). */
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
  /** Another binding set, e.g. Postmark configured or an unreachable Turso URL. */
  env?: Env;
  /** https://localhost instead of http://localhost. */
  secure?: boolean;
  /** Another origin entirely, e.g. https://refills.example.com. */
  base?: string;
  /** Content-Type to send with a body; null sends none. Default: application/json. */
  contentType?: string | null;
}

/**
 * A request to the real Worker (src/index.ts) in this isolate, as the browser islands make it (a
 * same-origin JSON request unless told otherwise). Waits for everything the Worker handed to
 * `waitUntil` (e.g. an e-mail) before answering, so tests about mail are deterministic.
 */
export async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.ip) headers.set("CF-Connecting-IP", options.ip);
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  const contentType = options.contentType === undefined ? "application/json" : options.contentType;
  if (body !== undefined && contentType !== null && !headers.has("Content-Type")) headers.set("Content-Type", contentType);
  const base = options.base ?? (options.secure ? "https://localhost" : BASE);
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

export function sessionCookie(res: { headers: Headers }): string {
  const setCookie = res.headers.get("Set-Cookie") ?? "";
  const match = /(?:^|,\s*)((?:__Host-)?session=[^;]+)/.exec(setCookie);
  if (!match) throw new Error(`no session cookie in ${setCookie}`);
  return match[1];
}

// ---------------------------------------------------------------------------------------------
// Test data
// ---------------------------------------------------------------------------------------------

export interface Account {
  /** The user as the API answered it at registration. */
  user: User;
  id: number;
  username: string;
  email: string;
  password: string;
  cookie: string;
}

/**
 * Registers a fresh user through the API (over https when `secure`) and answers its session cookie.
 * The address starts unconfirmed (no reminders, no test e-mail); `confirmed: true` opens the link the
 * registration mailed, as the owner would.
 */
export async function signUp(
  options: Partial<{
    username: string;
    password: string;
    email: string;
    fullName: string;
    emailConsent: boolean;
    secure: boolean;
    confirmed: boolean;
  }> = {},
): Promise<Account> {
  const { secure, confirmed, ...overrides } = options;
  const username = overrides.username ?? uniqueName();
  const payload = {
    username,
    password: "correct horse battery",
    email: `${username}@example.com`,
    fullName: `Test ${username}`,
    emailConsent: true,
    healthDataConsent: true,
    ...overrides,
  };
  const res = await call<User>("POST", "/api/register", { body: payload, secure });
  expect(res.status, res.text).toBe(201);
  let user = res.body;
  if (confirmed) {
    await openConfirmationLink(user.email);
    user = { ...user, emailConfirmed: true };
  }
  return { user, id: user.id, username: user.username, email: user.email, password: payload.password, cookie: sessionCookie(res) };
}

/** The token of the newest confirmation link mailed to `to` (the development outbox). */
export async function confirmationTokenFor(to: string): Promise<string> {
  const mails = await emailsTo(to);
  const mail = mails.find((m) => m.subject === "Confirm your Refill Tracker email address");
  expect(mail, `no confirmation e-mail to ${to}`).toBeDefined();
  const match = /confirm-email\?token=([a-z0-9]+)/.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  return match![1];
}

/** Opens the newest confirmation link mailed to `to`, as its owner would; answers the page. */
export async function openConfirmationLink(to: string, options: CallOptions = {}) {
  const page = await call("GET", `/confirm-email?token=${await confirmationTokenFor(to)}`, options);
  expect(page.text).toContain("Email confirmed");
  return page;
}

/** A pharmacy of the account's; `overrides` may carry any (possibly hostile) extra fields. */
export async function createPharmacy(account: Pick<Account, "cookie">, overrides: Record<string, unknown> = {}): Promise<Pharmacy> {
  const res = await call<Pharmacy>("POST", "/api/pharmacies", {
    cookie: account.cookie,
    body: { name: uniqueName("Pharmacy"), phoneNumber: "2125551234", ...overrides },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

export type MedicationInput = {
  name: string;
  pharmacyId: number | string;
  pillsPerDay: number | string;
  pillsRemaining: number | string;
  pillsPerRefill: number | string;
  lastRefillDate: string | null;
};

/** A valid medication body for POST/PATCH, with any (possibly hostile) overrides. */
export const medicationInput = <O extends Record<string, unknown> = Partial<MedicationInput>>(
  pharmacyId: number,
  overrides: O = {} as O,
) => ({
  name: uniqueName("Med"),
  pharmacyId,
  pillsPerDay: 1,
  pillsRemaining: 30,
  pillsPerRefill: 30,
  lastRefillDate: "" as string | null,
  ...overrides,
});

/** A medication of the account's; makes a pharmacy for it unless `overrides.pharmacyId` names one. */
export async function createMedication(account: Pick<Account, "cookie">, overrides: Record<string, unknown> = {}): Promise<Medication> {
  const pharmacyId = Number(overrides.pharmacyId ?? (await createPharmacy(account)).id);
  const res = await call<Medication>("POST", "/api/medications", { cookie: account.cookie, body: medicationInput(pharmacyId, overrides) });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** A signed-in user with one pharmacy and one medication. */
export async function accountWithMedication(overrides: Partial<MedicationInput> = {}) {
  const account = await signUp();
  const pharmacy = await createPharmacy(account);
  const medication = await createMedication(account, { pharmacyId: pharmacy.id, ...overrides });
  return { account, pharmacy, medication };
}

// The settings API belongs to another area; tests set the zone directly.
export async function setTimezone(account: Pick<Account, "id">, timezone: string) {
  await db().update(users).set({ timezone }).where(eq(users.id, account.id));
}

/** Simulates time passing: the stored count becomes `days` days older. */
export async function ageCount(medicationId: number, days: number) {
  const [row] = await db().select({ countedOn: medications.countedOn }).from(medications).where(eq(medications.id, medicationId));
  await db()
    .update(medications)
    .set({ countedOn: addDays(row.countedOn, -days) })
    .where(eq(medications.id, medicationId));
}

// ---------------------------------------------------------------------------------------------
// What a request left in the database
// ---------------------------------------------------------------------------------------------

export async function storedRow(medicationId: number) {
  const [row] = await db().select().from(medications).where(eq(medications.id, medicationId));
  return row;
}

export const sessionRows = (userId: number) => db().select().from(sessions).where(eq(sessions.userId, userId));

/** The development outbox's mail to `to`, newest first. */
export const emailsTo = (to: string) => db().select().from(devEmails).where(eq(devEmails.to, to)).orderBy(desc(devEmails.id));

/** The reset token from the newest e-mail sent to `to`. */
export async function resetTokenFrom(to: string): Promise<string> {
  const [mail] = await emailsTo(to).limit(1);
  expect(mail, `no e-mail to ${to}`).toBeDefined();
  const match = /reset-password\?token=([a-z0-9]+)/.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  return match![1];
}
