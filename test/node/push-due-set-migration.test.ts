import { createClient, type Client } from "@libsql/client";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../scripts/migrate-libsql.mjs";

// migrations/0011_push_due_set.sql on a database made by the schema before it. Accounts that chose
// push but have no address the job e-mails were never in the due set, so their due instant is
// stale: it moves to the next time their hour comes round (whole days on), not to an immediate push.

const MIGRATION = "0011_push_due_set.sql";
const DAY = 86_400_000;
let dir: string;
let client: Client;
let migratedAt: number;
/** Three days and five hours ago: some user's 9:00 (or 14:00 UTC) a few days back. */
let stale: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "refill-migration-"));
  const before = join(dir, "before");
  mkdirSync(before);
  for (const name of readdirSync("migrations").filter((f) => f.endsWith(".sql") && f < MIGRATION))
    copyFileSync(join("migrations", name), join(before, name));
  client = createClient({ url: `file:${join(dir, "db.sqlite")}` });
  await migrate(client, before);
  stale = Date.now() - 3 * DAY - 5 * 3_600_000;
  const insert =
    "INSERT INTO users (id, username, username_key, password_hash, email, email_consent, email_confirmed_at, reminders_by, next_notification_at, created_at) VALUES (?, ?, ?, 'x', ?, ?, ?, ?, ?, 0)";
  const rows: Array<[number, number, number | null, string, number]> = [
    [1, 1, null, "push", stale], // push, address unconfirmed: stale
    [2, 0, 1, "both", stale], // push and e-mail, unsubscribed: stale
    [3, 1, null, "email", stale], // e-mail only, unconfirmed: still not due, untouched
    [4, 1, 1, "push", stale], // confirmed and consenting: was in the due set (due now, as before)
    [5, 1, null, "push", stale + 10 * DAY], // in the future: untouched
  ];
  for (const [id, consent, confirmed, by, next] of rows)
    await client.execute({ sql: insert, args: [id, `u${id}`, `u${id}`, `u${id}@example.com`, consent, confirmed, by, next] });
  migratedAt = Date.now();
  await migrate(client, "migrations");
});

afterAll(() => {
  client?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe(MIGRATION, () => {
  it("moves the stale due instants of push accounts the job never selected to their next hour, whole days on", async () => {
    const next = new Map(
      (await client.execute("SELECT id, next_notification_at AS next FROM users ORDER BY id")).rows.map((r) => [
        Number(r.id),
        Number(r.next),
      ]),
    );
    for (const id of [1, 2]) {
      expect((next.get(id)! - stale) % DAY).toBe(0);
      expect(next.get(id)!).toBeGreaterThan(migratedAt - 1000);
      expect(next.get(id)!).toBeLessThanOrEqual(Date.now() + DAY);
    }
    expect([next.get(3), next.get(4), next.get(5)]).toEqual([stale, stale, stale + 10 * DAY]);
  });

  it("the due set's partial index takes push accounts whatever their address", async () => {
    const [index] = (await client.execute("SELECT sql FROM sqlite_master WHERE name = 'users_next_notification_idx'")).rows;
    expect(String(index!.sql)).toContain("OR reminders_by <> 'email'");
  });
});
