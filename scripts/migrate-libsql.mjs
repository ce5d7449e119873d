// Applies migrations/*.sql to a libSQL database (Turso in production, a local file in tests), each
// at most once, recorded in the same `d1_migrations` table wrangler keeps for D1.
//   TURSO_DATABASE_URL=libsql://… TURSO_AUTH_TOKEN=… npm run db:migrate:turso
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const defaultDir = fileURLToPath(new URL("../migrations", import.meta.url));

/** @param {import("@libsql/client").Client} client */
export async function migrate(client, dir = defaultDir) {
  await client.execute(
    "CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)",
  );
  const applied = new Set((await client.execute("SELECT name FROM d1_migrations")).rows.map((r) => r.name));
  const pending = readdirSync(dir)
    .filter((f) => f.endsWith(".sql") && !applied.has(f))
    .sort();
  for (const name of pending) {
    const statements = readFileSync(join(dir, name), "utf8")
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter(Boolean);
    // One transaction per file: a failed migration leaves nothing half-applied.
    await client.batch([...statements, { sql: "INSERT INTO d1_migrations (name) VALUES (?)", args: [name] }], "write");
    console.log(`applied ${name}`);
  }
  return pending;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { createClient } = await import("@libsql/client");
  const url = process.env.TURSO_DATABASE_URL;
  if (!url) {
    console.error("Set TURSO_DATABASE_URL (and TURSO_AUTH_TOKEN) to the database to migrate.");
    process.exit(1);
  }
  const client = createClient({ url, authToken: process.env.TURSO_AUTH_TOKEN });
  const done = await migrate(client);
  console.log(done.length ? `${done.length} migration(s) applied` : "already up to date");
  client.close();
}
