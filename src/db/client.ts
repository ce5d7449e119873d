import { createClient } from "@libsql/client/web";
import { drizzle as drizzleD1, type DrizzleD1Database } from "drizzle-orm/d1";
import { drizzle as drizzleLibsql } from "drizzle-orm/libsql/web";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import type { Env } from "../env";
import { meteredD1, meteredFetch, type DbMeter } from "./meter";
import type * as schema from "./schema";

// Both drivers speak the same sqlite-core dialect, so every query is written once. No `schema` is
// passed: nothing uses the relational `db.query` API, and building its config costs every request
// ~0.2 ms of CPU (extractTablesRelationalConfig, seen in a CPU profile of the bench).
export type Db = BaseSQLiteDatabase<"async", unknown, typeof schema> & Pick<DrizzleD1Database<typeof schema>, "batch">;

// A D1 binding lives as long as the isolate, so its Drizzle handle does too. The libSQL client is
// made per request: Workers do not let one request's network objects serve another.
const d1Handles = new WeakMap<D1Database, Db>();

/** How long one round trip to Turso may take before the request gives up and answers 503. */
export const DB_DEADLINE_MS = 5_000;

/** A round trip that passed its deadline: an outage to the error mapping (`retryable`), like a lost connection. */
export class DatabaseDeadlineError extends Error {
  override readonly name = "DatabaseDeadlineError";
  readonly retryable = true;
  constructor(ms: number) {
    super(`the database did not answer within ${ms} ms`);
  }
}

/**
 * The libSQL client's fetch with a deadline. Without one, a Turso that accepts the connection and
 * never answers holds every request until the platform kills it; with it, pages and the API answer
 * 503 at once and the hourly job leaves its claims for a later tick.
 */
export function deadlineFetch(ms: number, inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const signal = AbortSignal.timeout(ms);
    try {
      return await inner(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal });
    } catch (err) {
      if (signal.aborted) throw new DatabaseDeadlineError(ms);
      throw err;
    }
  };
}

/**
 * Turso when TURSO_DATABASE_URL is set (production), else the D1 binding (local dev and tests).
 * With a `meter`, every round trip is counted (see db/meter). Every Turso round trip has a
 * deadline (DB_DEADLINE_MS); the D1 binding takes no signal, so local D1 has none.
 */
export function createDb(
  env: Pick<Env, "DB" | "TURSO_DATABASE_URL" | "TURSO_AUTH_TOKEN">,
  meter?: DbMeter,
  deadlineMs = DB_DEADLINE_MS,
): Db {
  if (env.TURSO_DATABASE_URL) {
    const timed = deadlineFetch(deadlineMs);
    const client = createClient({
      url: env.TURSO_DATABASE_URL,
      authToken: env.TURSO_AUTH_TOKEN,
      fetch: meter ? meteredFetch(meter, timed) : timed,
    });
    return drizzleLibsql(client) as unknown as Db;
  }
  if (meter) return drizzleD1(meteredD1(meter, env.DB)) as unknown as Db;
  let db = d1Handles.get(env.DB);
  if (!db) d1Handles.set(env.DB, (db = drizzleD1(env.DB) as unknown as Db));
  return db;
}
