import { createClient, type Client } from "@libsql/client";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../scripts/migrate-libsql.mjs";

// migrations/0018_people.sql on a database made by the schema before it: every account gets its own
// person (same id) and owns it, every medication and pharmacy belongs to that person, and nothing
// hanging off a medication is lost (a rebuild of medications would cascade-delete its events).

const PEOPLE = "0018_people.sql";
let dir: string;
let client: Client;
const rows = async (sql: string) => (await client.execute(sql)).rows.map((r) => ({ ...r }));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "refill-people-"));
  const before = join(dir, "before");
  mkdirSync(before);
  for (const name of readdirSync("migrations").filter((f) => f.endsWith(".sql") && f < PEOPLE))
    copyFileSync(join("migrations", name), join(before, name));
  client = createClient({ url: `file:${join(dir, "db.sqlite")}` });
  await client.execute("PRAGMA foreign_keys = ON");
  await migrate(client, before);
  const user =
    "INSERT INTO users (id, username, username_key, password_hash, email, full_name, next_notification_at, created_at) VALUES (?, ?, ?, 'x', ?, ?, 0, 5)";
  await client.execute({ sql: user, args: [3, "ana", "ana", "ana@example.com", "Ana Lima"] });
  await client.execute({ sql: user, args: [8, "bo", "bo", "bo@example.com", null] });
  await client.execute("INSERT INTO pharmacies (id, user_id, name, phone_number) VALUES (1, 3, 'Corner', '')");
  const add =
    "INSERT INTO medications (id, user_id, name, pharmacy_id, pills_per_day, pills_remaining, counted_on, pills_per_refill) VALUES (?, ?, ?, ?, 1, 30, '2026-11-01', 30)";
  await client.execute({ sql: add, args: [1, 3, "Metformin", 1] });
  await client.execute({ sql: add, args: [2, 8, "Lisinopril", null] });
  await client.execute(
    "INSERT INTO supply_events (medication_id, kind, local_date, pills_after, counted_on, recorded_at) VALUES (1, 'created', '2026-11-01', 30, '2026-11-01', 0)",
  );
  await client.execute(
    "INSERT INTO dose_events (medication_id, client_id, kind, local_date, at, planned, amount, recorded_at) VALUES (1, 'c1', 'taken', '2026-11-02', '', 1, 1, 0)",
  );
  await migrate(client, "migrations");
});

afterAll(() => {
  client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("migration 0018_people", () => {
  it("gives every existing account its own person, with the account's id and name, and an owner membership", async () => {
    expect(await rows("SELECT id, name, account_user_id FROM people ORDER BY id")).toEqual([
      { id: 3, name: "Ana Lima", account_user_id: 3 },
      { id: 8, name: "bo", account_user_id: 8 },
    ]);
    expect(await rows("SELECT person_id, user_id, role FROM memberships ORDER BY person_id")).toEqual([
      { person_id: 3, user_id: 3, role: "owner" },
      { person_id: 8, user_id: 8, role: "owner" },
    ]);
  });

  it("moves every medication and pharmacy to its account's own person and keeps their supply and dose events", async () => {
    expect(await rows("SELECT id, user_id, person_id FROM medications ORDER BY id")).toEqual([
      { id: 1, user_id: 3, person_id: 3 },
      { id: 2, user_id: 8, person_id: 8 },
    ]);
    expect(await rows("SELECT id, person_id FROM pharmacies")).toEqual([{ id: 1, person_id: 3 }]);
    expect(await rows("SELECT count(*) AS n FROM supply_events")).toEqual([{ n: 1 }]);
    expect(await rows("SELECT count(*) AS n FROM dose_events")).toEqual([{ n: 1 }]);
  });

  it("an account made afterwards gets its own person and membership, whose id need not be the account's", async () => {
    await client.execute("INSERT INTO people (name, created_at) VALUES ('Dad', 0)");
    await client.execute(
      "INSERT INTO users (id, username, username_key, password_hash, email, next_notification_at, created_at) VALUES (9, 'cy', 'cy', 'x', 'cy@example.com', 0, 7)",
    );
    const [own] = await rows("SELECT id, name FROM people WHERE account_user_id = 9");
    expect(own).toEqual({ id: expect.any(Number), name: "cy" });
    expect(own!.id).not.toBe(9);
    expect(await rows("SELECT person_id, role FROM memberships WHERE user_id = 9")).toEqual([{ person_id: own!.id, role: "owner" }]);
    // A medication written by code from before people (a deploy's old Worker) joins that person.
    await client.execute(
      "INSERT INTO medications (id, user_id, name, pills_per_day, pills_remaining, counted_on, pills_per_refill) VALUES (5, 9, 'Old code', 1, 1, '2026-11-01', 30)",
    );
    expect(await rows("SELECT person_id FROM medications WHERE id = 5")).toEqual([{ person_id: own!.id }]);
  });
});
