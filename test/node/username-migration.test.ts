import { createClient, type Client } from "@libsql/client";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../scripts/migrate-libsql.mjs";

// migrations/0002_accounts_safety.sql on a database that already holds usernames differing only in
// letter case: it must not fail, must keep every account as it was, and must leave the folded
// username unique from then on.

const SAFETY = "0002_accounts_safety.sql";
let dir: string;
let client: Client;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "refill-migration-"));
  const before = join(dir, "before");
  mkdirSync(before);
  const all = readdirSync("migrations")
    .filter((f) => f.endsWith(".sql"))
    .sort();
  for (const name of all.filter((f) => f < SAFETY)) copyFileSync(join("migrations", name), join(before, name));
  client = createClient({ url: `file:${join(dir, "db.sqlite")}` });
  await migrate(client, before);
  const insert = "INSERT INTO users (username, password_hash, email, next_notification_at, created_at) VALUES (?, 'x', ?, 0, 0)";
  for (const [username, email] of [
    ["alice", "alice@example.com"],
    ["ALICE", "Alice@Example.com"],
    ["Alice", "third@example.com"],
    ["bob", "bob@example.com"],
  ]) {
    await client.execute({ sql: insert, args: [username, email] });
  }
  await migrate(client, "migrations");
});

afterAll(() => {
  client?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe(SAFETY, () => {
  it("keeps every case-variant account: the oldest gets the folded key, later ones '<folded>#<id>'", async () => {
    const rows = (await client.execute("SELECT id, username, username_key, email_confirmed_at, pending_email FROM users ORDER BY id")).rows;
    expect(rows.map((r) => [r.username, r.username_key])).toEqual([
      ["alice", "alice"],
      ["ALICE", `alice#${rows[1]!.id}`],
      ["Alice", `alice#${rows[2]!.id}`],
      ["bob", "bob"],
    ]);
    // Existing accounts count as unconfirmed, with nothing pending.
    expect(rows.every((r) => r.email_confirmed_at === null && r.pending_email === null)).toBe(true);
  });

  it("refuses a new username that differs from a taken one only in case", async () => {
    const insert =
      "INSERT INTO users (username, username_key, password_hash, email, next_notification_at, created_at) VALUES (?, ?, 'x', 'x@example.com', 0, 0)";
    await expect(client.execute({ sql: insert, args: ["BOB", "bob"] })).rejects.toThrow(/UNIQUE/);
    await client.execute({ sql: insert, args: ["Carol", "carol"] });
  });

  it("serves e-mail lookups in any case from the lower(email) index", async () => {
    const plan = (
      await client.execute({ sql: "EXPLAIN QUERY PLAN SELECT id FROM users WHERE lower(email) = ?", args: ["alice@example.com"] })
    ).rows;
    expect(plan.map((r) => String(r.detail)).join(" ")).toMatch(/USING INDEX users_email_lower_idx/);
    const found = (
      await client.execute({ sql: "SELECT username FROM users WHERE lower(email) = ? ORDER BY id", args: ["alice@example.com"] })
    ).rows;
    expect(found.map((r) => r.username)).toEqual(["alice", "ALICE"]);
  });
});
