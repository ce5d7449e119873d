import { createClient, type Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../scripts/migrate-libsql.mjs";
import { hashToken } from "../../src/auth/session";
import { loadFeed } from "../../src/data/calendar";
import type { Db } from "../../src/db/client";
import * as schema from "../../src/db/schema";

// migrations/0022_person_feeds.sql on a database whose feeds were one per account: each moves to its
// account's own person with its secret's hash unchanged, so the URL already in a calendar app keeps
// answering with the same medications; afterwards an account may have one feed per person.

const PERSON_FEEDS = "0022_person_feeds.sql";
let dir: string;
let client: Client;
let db: Db;
const rows = async (sql: string) => (await client.execute(sql)).rows.map((r) => ({ ...r }));
const OLD_SECRET = "oldfeedsecretfromaninstalledcalendarapp0123456789ab";

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "refill-person-feeds-"));
  const before = join(dir, "before");
  mkdirSync(before);
  for (const name of readdirSync("migrations").filter((f) => f.endsWith(".sql") && f < PERSON_FEEDS))
    copyFileSync(join("migrations", name), join(before, name));
  client = createClient({ url: `file:${join(dir, "db.sqlite")}` });
  await client.execute("PRAGMA foreign_keys = ON");
  await migrate(client, before);
  // Dad (person 50) first, so the accounts' own people get ids that are not the accounts' ids.
  await client.execute("INSERT INTO people (id, name, created_at) VALUES (50, 'Dad', 0)");
  const user =
    "INSERT INTO users (id, username, username_key, password_hash, email, full_name, next_notification_at, created_at) VALUES (?, ?, ?, 'x', ?, ?, 0, 5)";
  await client.execute({ sql: user, args: [3, "ana", "ana", "ana@example.com", "Ana Lima"] });
  await client.execute({ sql: user, args: [8, "bo", "bo", "bo@example.com", null] });
  await client.execute("INSERT INTO memberships (person_id, user_id, role, created_at) VALUES (50, 3, 'owner', 0)");
  const add =
    "INSERT INTO medications (id, user_id, person_id, name, pills_per_day, pills_remaining, counted_on, pills_per_refill) VALUES (?, 3, ?, ?, 1, 30, '2026-11-01', 30)";
  await client.execute({ sql: add, args: [1, null, "Ana's own"] });
  await client.execute({ sql: add, args: [2, 50, "Dad's"] });
  await client.execute({
    sql: "INSERT INTO calendar_feeds (user_id, token_hash, created_at) VALUES (3, ?, 1234), (8, 'bohash', 99)",
    args: [await hashToken(OLD_SECRET)],
  });
  await migrate(client, "migrations");
  db = drizzle(client, { schema }) as unknown as Db;
});

afterAll(() => {
  client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("migration 0022_person_feeds", () => {
  it("moves every feed to its account's own person, its hash and date unchanged", async () => {
    const own = await rows("SELECT account_user_id, id FROM people WHERE account_user_id IS NOT NULL ORDER BY account_user_id");
    expect(own.map((p) => p.id)).not.toContain(3);
    expect(await rows("SELECT user_id, person_id, created_at FROM calendar_feeds ORDER BY user_id")).toEqual([
      { user_id: 3, person_id: own[0]!.id, created_at: 1234 },
      { user_id: 8, person_id: own[1]!.id, created_at: 99 },
    ]);
    expect(await rows("SELECT token_hash FROM calendar_feeds WHERE user_id = 8")).toEqual([{ token_hash: "bohash" }]);
  });

  it("the old unprefixed feed URL keeps working: its secret reads the account's own medications, not Dad's", async () => {
    const { feed, medications } = await loadFeed(db, await hashToken(OLD_SECRET));
    expect(feed).toMatchObject({ personName: "Ana Lima", self: 1, timezone: expect.any(String), notificationHour: expect.any(Number) });
    expect(medications.map((m) => m.name)).toEqual(["Ana's own"]);
  });

  it("keys feeds by (account, person): a second feed of the same account for Dad, one per person, gone with either", async () => {
    await client.execute("INSERT INTO calendar_feeds (user_id, person_id, token_hash, created_at) VALUES (3, 50, 'dadhash', 5)");
    await expect(
      client.execute("INSERT INTO calendar_feeds (user_id, person_id, token_hash, created_at) VALUES (3, 50, 'again', 6)"),
    ).rejects.toThrow(/UNIQUE|PRIMARY/i);
    await expect(
      client.execute("INSERT INTO calendar_feeds (user_id, person_id, token_hash, created_at) VALUES (8, 50, 'dadhash', 6)"),
    ).rejects.toThrow(/UNIQUE/i);
    await client.execute("DELETE FROM people WHERE id = 50");
    expect(await rows("SELECT count(*) AS n FROM calendar_feeds WHERE user_id = 3")).toEqual([{ n: 1 }]);
    await client.execute("DELETE FROM users WHERE id = 8");
    expect(await rows("SELECT user_id FROM calendar_feeds")).toEqual([{ user_id: 3 }]);
  });
});
