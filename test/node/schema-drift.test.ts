import { createClient, type Client } from "@libsql/client";
import { generateSQLiteDrizzleJson, generateSQLiteMigration } from "drizzle-kit/api";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { migrate } from "../../scripts/migrate-libsql.mjs";
import * as schema from "../../src/db/schema";

// The migrations are SQL files written by hand (parallel work numbers its own files), and
// `npm run db:generate` diffs schema.ts against the newest snapshot in migrations/meta. Both stay
// true only if checked: the snapshot must be schema.ts, and the migrations must build it.

const META = "migrations/meta";
const newestSnapshot = () => {
  const files = readdirSync(META)
    .filter((f) => f.endsWith("_snapshot.json"))
    .sort();
  return JSON.parse(readFileSync(join(META, files.at(-1)!), "utf8"));
};

/** Tables, columns, indexes and foreign keys as SQLite reports them (not the migration log). */
async function shape(client: Client) {
  const out: Record<string, unknown> = {};
  const objects = (
    await client.execute(
      "SELECT name, type, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name <> 'd1_migrations' ORDER BY name",
    )
  ).rows;
  for (const { name, type, sql } of objects) {
    if (type === "table") {
      out[`table ${name}`] = (await client.execute(`PRAGMA table_info(${name})`)).rows
        .map((c) => `${c.name} ${c.type} notnull=${c.notnull} pk=${c.pk}`)
        .sort();
      out[`foreign keys ${name}`] = (await client.execute(`PRAGMA foreign_key_list(${name})`)).rows
        .map((f) => `${f.from} -> ${f.table}.${f.to} on delete ${f.on_delete}`)
        .sort();
    } else if (type === "index") {
      out[`index ${name}`] = String(sql).replace(/[`"]/g, "").replace(/\s+/g, " ").toLowerCase();
    }
  }
  return out;
}

describe("schema.ts, the migration snapshot and the SQL migrations agree", () => {
  it("the newest snapshot is schema.ts (db:generate would write nothing)", async () => {
    const snapshot = newestSnapshot();
    const current = await generateSQLiteDrizzleJson(schema, snapshot.id);
    expect(await generateSQLiteMigration(snapshot, current)).toEqual([]);
  });

  it("the SQL migrations build the tables, columns, indexes and foreign keys of schema.ts", async () => {
    const migrated = createClient({ url: ":memory:" });
    await migrate(migrated, "migrations");
    // schema.ts's own DDL, as drizzle-kit writes it for an empty database.
    const declared = createClient({ url: ":memory:" });
    const empty = await generateSQLiteDrizzleJson({});
    for (const statement of await generateSQLiteMigration(empty, await generateSQLiteDrizzleJson(schema)))
      await declared.execute(statement);
    // Column defaults are left out: SQLite can only add a NOT NULL column with one (username_key's '').
    expect(await shape(migrated)).toEqual(await shape(declared));
  });
});
