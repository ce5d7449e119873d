import type { Client } from "@libsql/client/web";
import { fillPlaceholders } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLitePreparedQuery } from "drizzle-orm/sqlite-core";
import { drizzle as drizzleD1 } from "drizzle-orm/d1";
import { drizzle as drizzleLibsql } from "drizzle-orm/libsql/web";
import type { Db } from "./client";

// Reads whose SQL is built once, not per request. Building a query with Drizzle (the builder, then
// the dialect's SQL) cost ~115 µs of CPU for the session lookup and one list — more than the rest of
// a signed-in API request. A read built from placeholders (`sql.placeholder`) is the same SQL for
// every request; only the values differ. So it is built once per engine, and each request binds its
// values and sends the batch to the driver itself, one round trip as before.

export type Engine = "d1" | "libsql";

/** What Drizzle prepares from a query: its SQL (placeholders unfilled) and the mapping of the driver's answer. */
export interface PreparedRead<T = unknown> {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(answer: unknown, isFromBatch: true): T;
}

/** A read Drizzle prepares through its public `prepare()` (select and relational query builders). */
// biome-ignore lint/suspicious/noExplicitAny: any prepared read, whatever its result type.
export type PreparableRead = BatchItem<"sqlite"> & { prepare(): SQLitePreparedQuery<any> };

/**
 * A Drizzle read, prepared by its public `prepare()`: its SQL with placeholders and the mapping of
 * its rows (`getQuery`, `mapResult`: public methods of Drizzle's prepared query). Only Drizzle's
 * public API is used here; `db.$client`, the driver a Drizzle database wraps, is public too.
 * test/prepared-reads.test.ts holds Drizzle to this: the answers mapped, on both engines.
 */
export const prepareRead = <T>(read: PreparableRead): PreparedRead<T> => read.prepare() as PreparedRead<T>;

/** The driver under a Drizzle database: `db.$client`, which drizzle() returns on every database (`Db` does not spell it). */
const clientOf = (db: Db) => (db as Db & { $client: D1Database | Client }).$client;

export const engineOf = (db: Db): Engine => ("prepare" in clientOf(db) ? "d1" : "libsql");

// Handles that only build: nothing is ever sent through them (their clients are empty shells).
export const builderDbs: Record<Engine, Db> = {
  d1: drizzleD1({ prepare: () => ({}) } as unknown as D1Database) as unknown as Db,
  libsql: drizzleLibsql({ client: {} as Client }) as unknown as Db,
};

/** A read built once per engine by `build` (from placeholders only), then reused. */
export function preparedOnce<T>(build: (db: Db) => PreparableRead) {
  const byEngine: Partial<Record<Engine, PreparedRead<T>>> = {};
  return (engine: Engine): PreparedRead<T> => (byEngine[engine] ??= prepareRead<T>(build(builderDbs[engine])));
}

/**
 * Sends `reads` as one batch (one call on D1, one HTTP request on Turso) with `values` filling their
 * placeholders, and answers each read's rows as Drizzle maps them.
 */
export async function runReads(db: Db, engine: Engine, reads: PreparedRead[], values: Record<string, unknown>): Promise<unknown[]> {
  const queries = reads.map((read) => {
    const { sql, params } = read.getQuery();
    return { sql, args: fillPlaceholders(params, values) };
  });
  const client = clientOf(db);
  const answers =
    engine === "d1"
      ? await (client as D1Database).batch(queries.map(({ sql, args }) => (client as D1Database).prepare(sql).bind(...args)))
      : await (client as Client).batch(queries.map(({ sql, args }) => ({ sql, args: args as never })));
  return answers.map((answer, i) => reads[i]!.mapResult(answer, true));
}
