import { env, SELF } from "cloudflare:test";
import { createDb } from "../src/db/client";
import type { User } from "../src/shared/user";

export const BASE = "http://localhost";
export const db = () => createDb(env);

let counter = 0;
/** A username no other test uses, so tests run in parallel without cleanup. */
export const uniqueName = (prefix = "user") => `${prefix}_${Date.now().toString(36)}_${(counter++).toString(36)}_${Math.random().toString(36).slice(2, 6)}`;

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A same-origin JSON request to the real Worker (SELF), as the browser islands make it. */
export async function api<T = any>(method: string, path: string, options: { body?: unknown; rawBody?: string; cookie?: string; headers?: Record<string, string> } = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.Cookie = options.cookie;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["Content-Type"] ??= "application/json";
  const res = await SELF.fetch(`${BASE}${path}`, { method, headers, body, redirect: "manual" });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* HTML or empty */
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export function sessionCookie(res: { headers: Headers }): string {
  const setCookie = res.headers.get("Set-Cookie") ?? "";
  const match = /(?:^|,\s*)((?:__Host-)?session=[^;]+)/.exec(setCookie);
  if (!match) throw new Error(`no session cookie in ${setCookie}`);
  return match[1];
}

export interface TestAccount {
  user: User;
  cookie: string;
  password: string;
}

/** Registers a fresh user through the API and answers its session cookie. */
export async function signUp(overrides: Partial<{ username: string; password: string; email: string; fullName: string; emailConsent: boolean }> = {}): Promise<TestAccount> {
  const username = overrides.username ?? uniqueName();
  const payload = { username, password: "correct horse battery", email: `${username}@example.com`, fullName: `Test ${username}`, emailConsent: true, ...overrides };
  const res = await api<User>("POST", "/api/register", { body: payload });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { user: res.body, cookie: sessionCookie(res), password: payload.password };
}
