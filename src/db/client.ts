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

/**
 * Turso when TURSO_DATABASE_URL is set (production), else the D1 binding (local dev and tests).
 * With a `meter`, every round trip is counted (see db/meter).
 */
export function createDb(env: Pick<Env, "DB" | "TURSO_DATABASE_URL" | "TURSO_AUTH_TOKEN">, meter?: DbMeter): Db {
  if (env.TURSO_DATABASE_URL) {
    const client = createClient({ url: env.TURSO_DATABASE_URL, authToken: env.TURSO_AUTH_TOKEN, fetch: meter && meteredFetch(meter) });
    return drizzleLibsql(client) as unknown as Db;
  }
  if (meter) return drizzleD1(meteredD1(meter, env.DB)) as unknown as Db;
  let db = d1Handles.get(env.DB);
  if (!db) d1Handles.set(env.DB, (db = drizzleD1(env.DB) as unknown as Db));
  return db;
}
