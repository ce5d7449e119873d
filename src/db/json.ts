import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

// json_array writes a REAL with 15 significant digits on older SQLite (libSQL 3.45, as Turso runs):
// 2/3 would come back as 0.666666666666667. Printed with 17 digits and embedded as a JSON number,
// every double parses back to itself, on every engine.
const jsonValue = (column: SQLiteColumn) =>
  column.columnType === "SQLiteReal" ? sql`case when ${column} is null then null else json(printf('%!.17g', ${column})) end` : sql`${column}`;

type Rows<C extends Record<string, SQLiteColumn>> = { [K in keyof C]: C[K]["_"]["data"] | (C[K]["_"]["notNull"] extends true ? never : null) }[];

/**
 * Rows as one JSON value, to ride in another statement's single row: the session lookup reads the
 * signed-in user's lists with it, so a request makes one database round trip. `sql` is a correlated
 * subquery answering the matching rows as a JSON array of arrays (positional: a third of the text of
 * objects, through every hop of the database driver); `parse` turns its text back into objects keyed
 * like `columns`, in `orderBy` order (SQLite ≥ 3.44). Every number parses back to exactly the
 * stored value (see jsonValue).
 */
export function jsonRows<C extends Record<string, SQLiteColumn>>(
  table: SQLiteTable,
  columns: C,
  where: SQL,
  orderBy: SQL,
): { sql: SQL<string>; parse: (json: string) => Rows<C> } {
  const keys = Object.keys(columns);
  const values = sql.join(
    keys.map((key) => jsonValue(columns[key]!)),
    sql`, `,
  );
  return {
    sql: sql<string>`(select json_group_array(json_array(${values}) order by ${orderBy}) from ${table} where ${where})`,
    parse: (json) =>
      (JSON.parse(json) as unknown[][]).map((row) => {
        const object: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) object[keys[i]!] = row[i];
        return object;
      }) as Rows<C>,
  };
}
