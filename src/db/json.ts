import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

// A hot list read as ONE JSON value: SQLite aggregates the rows into positional arrays (a third of
// the text of objects), and the Worker parses them with one JSON.parse instead of mapping every
// column of every row through the driver and Drizzle — what made the signed-in list reads cost
// about 1 ms of CPU a request for 100 medications.

// json_array writes a REAL with 15 significant digits on older SQLite (libSQL 3.45, as Turso runs):
// 2/3 would come back as 0.666666666666667. Printed with 17 digits, every double parses back to
// itself, on every engine. The digits travel as a JSON string that parse() turns into a number:
// having SQLite re-read them as JSON (json(printf(…))) cost the list query 40% more time.
const isReal = (column: SQLiteColumn) => column.columnType === "SQLiteReal";
// printf makes NULL '' (which would parse as 0): a nullable REAL stays null.
const printed = (column: SQLiteColumn) =>
  column.notNull ? sql`printf('%!.17g', ${column})` : sql`iif(${column} is null, null, printf('%!.17g', ${column}))`;
const jsonValue = (column: SQLiteColumn) => (isReal(column) ? printed(column) : sql`${column}`);

type Rows<C extends Record<string, SQLiteColumn>> = {
  [K in keyof C]: C[K]["_"]["data"] | (C[K]["_"]["notNull"] extends true ? never : null);
}[];

/**
 * `select(db, where)` reads the matching rows of `table` as one row holding a JSON array of arrays
 * in `orderBy` order (SQLite ≥ 3.44); `parse` turns that answer back into objects keyed like
 * `columns`, every number exactly as stored.
 */
export function jsonList<C extends Record<string, SQLiteColumn>>(table: SQLiteTable, columns: C, orderBy: SQL) {
  const keys = Object.keys(columns);
  const reals = keys.map((key) => isReal(columns[key]!));
  const values = sql.join(
    keys.map((key) => jsonValue(columns[key]!)),
    sql`, `,
  );
  const list = sql<string>`json_group_array(json_array(${values}) order by ${orderBy})`;
  return {
    select: (db: Db, where: SQL | undefined) => db.select({ list }).from(table).where(where),
    parse: (answer: Array<{ list: string }>): Rows<C> =>
      (JSON.parse(answer[0]?.list ?? "[]") as unknown[][]).map((row) => {
        const object: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) object[keys[i]!] = reals[i] && row[i] !== null ? Number(row[i]) : row[i];
        return object;
      }) as Rows<C>,
  };
}
