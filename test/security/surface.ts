import { expect } from "vitest";
import { app } from "../../src/app";
import type { Answer } from "../helpers";

// The security tests' probes, on top of test/helpers.ts (calling the Worker, accounts, data): the
// attack surface read from the app's router, and what no answer may reveal.

// Stack frames ("at fn (file:1:2)", "at file:1:2": no space inside the location, so a sentence with
// "at" before a time such as an ISO instant "T03:40:10" is no frame), SQL (a column list between SELECT and FROM: a page's <select> and a later
// "From 30 to 240 minutes" are no query), and the names of the database drivers. D1's error codes
// (D1_ERROR, D1_TYPE_ERROR) start a word: test names such as "fz_mwtf7bw8_1d1_reb1" must not match.
export const INTERNALS =
  /\bat \S+ \(|\bat \S+:\d+:\d+|\bSELECT\s+[\w".*, ]+\s+FROM\s+["\w]|INSERT\s+INTO|DELETE\s+FROM|UPDATE\s+"|sqlite|\bD1_[A-Z]|libsql|hrana|drizzle|Failed query|TypeError|ReferenceError/i;

/** Nothing a client sees may reveal internals. */
export function expectNoInternals(answer: Pick<Answer, "text">) {
  expect(answer.text).not.toMatch(INTERNALS);
}

/** A message key, the stable `code` of an API error. */
export const CODE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/** An API error answer: JSON `{ message, code }` with a readable sentence. */
export function expectJsonMessage(answer: Answer, status: number) {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(answer.body).toEqual({ message: expect.stringMatching(/^\S.{5,}$/), code: expect.stringMatching(CODE) });
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
