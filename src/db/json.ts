import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

// json_object writes a REAL with 15 significant digits on older SQLite (libSQL 3.45, as Turso runs):
// 2/3 would come back as 0.666666666666667. Printed with 17 digits and embedded as a JSON number,
// every double parses back to itself, on every engine.
const jsonValue = (column: SQLiteColumn) =>
  column.columnType === "SQLiteReal" ? sql`case when ${column} is null then null else json(printf('%!.17g', ${column})) end` : sql`${column}`;

/**
 * A correlated subquery answering the matching rows as one JSON array of objects (SQLite's
 * json_group_array; '[]' when none): a list that rides in another statement's single row, so a
 * request reads its session and its data in one round trip. `columns` names each object key.
 * Every number parses back to exactly the stored value (see jsonValue).
 */
export function jsonRows(table: SQLiteTable, columns: Record<string, SQLiteColumn>, where: SQL): SQL<string> {
  const pairs = sql.join(
    Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${jsonValue(column)}`),
    sql`, `,
  );
  return sql<string>`(select json_group_array(json_object(${pairs})) from ${table} where ${where})`;
}
