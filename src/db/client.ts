import { createClient } from "@libsql/client/web";
import { drizzle as drizzleD1, type DrizzleD1Database } from "drizzle-orm/d1";
import { drizzle as drizzleLibsql } from "drizzle-orm/libsql/web";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import type { Env } from "../env";
import * as schema from "./schema";

// Both drivers speak the same sqlite-core dialect, so every query is written once.
export type Db = BaseSQLiteDatabase<"async", unknown, typeof schema> & Pick<DrizzleD1Database<typeof schema>, "batch">;

/** Turso when TURSO_DATABASE_URL is set (production), else the D1 binding (local dev and tests). */
export function createDb(env: Pick<Env, "DB" | "TURSO_DATABASE_URL" | "TURSO_AUTH_TOKEN">): Db {
  if (env.TURSO_DATABASE_URL) {
    const client = createClient({ url: env.TURSO_DATABASE_URL, authToken: env.TURSO_AUTH_TOKEN });
    return drizzleLibsql(client, { schema }) as unknown as Db;
  }
  return drizzleD1(env.DB, { schema }) as unknown as Db;
}
