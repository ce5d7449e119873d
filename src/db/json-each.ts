import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

// A whole list travels to SQLite as one JSON text parameter, unpacked by json_each: one bound
// parameter however long the list (D1 binds at most 100 per statement), and one statement for all
// of it rather than one per item (Turso pays per statement, and each is a round trip).

/** `column IN (…values)`, the values bound as one JSON parameter. */
export const inJsonList = (column: SQLWrapper, values: readonly (number | string)[]): SQL =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;

/** A table source of one row per element, `json_each(?)`: each row's `value` is the object; read it with `field`. */
export const jsonRows = (rows: readonly object[]): SQL => sql`json_each(${JSON.stringify(rows)})`;

/**
 * A field of the current `jsonRows` row, `json_extract(value, '$.name')`. The name is written into
 * the SQL (a column name of ours, never input), so the statement keeps its bound parameters for data.
 */
export function field(name: string): SQL {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`not a field name: ${name}`);
  return sql.raw(`json_extract(value, '$.${name}')`);
}
