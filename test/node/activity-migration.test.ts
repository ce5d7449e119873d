import { createClient, type Client } from "@libsql/client";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../scripts/migrate-libsql.mjs";

// migrations/0020_activity.sql on a database with accounts, people and medications from before it:
// it only adds the table, and an entry follows its person (deleted with it) but outlives its actor.

const ACTIVITY = "0020_activity.sql";
let dir: string;
let client: Client;
const rows = async (sql: string) => (await client.execute(sql)).rows.map((r) => ({ ...r }));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "refill-activity-"));
  const before = join(dir, "before");
  mkdirSync(before);
  for (const name of readdirSync("migrations").filter((f) => f.endsWith(".sql") && f < ACTIVITY))
    copyFileSync(join("migrations", name), join(before, name));
  client = createClient({ url: `file:${join(dir, "db.sqlite")}` });
  await client.execute("PRAGMA foreign_keys = ON");
  await migrate(client, before);
  const user =
    "INSERT INTO users (id, username, username_key, password_hash, email, full_name, next_notification_at, created_at) VALUES (?, ?, ?, 'x', ?, ?, 0, 5)";
  await client.execute({ sql: user, args: [3, "ana", "ana", "ana@example.com", "Ana Lima"] });
  await client.execute({ sql: user, args: [8, "bo", "bo", "bo@example.com", null] });
  await client.execute("INSERT INTO people (id, name, created_at) VALUES (50, 'Dad', 0)");
  await client.execute("INSERT INTO memberships (person_id, user_id, role, created_at) VALUES (50, 3, 'owner', 0), (50, 8, 'helper', 0)");
  await migrate(client, "migrations");
});

afterAll(() => {
  client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("migration 0020_activity", () => {
  it("keeps every account, person and membership and starts with an empty record", async () => {
    expect(await rows("SELECT count(*) AS n FROM users")).toEqual([{ n: 2 }]);
    expect(await rows("SELECT name, account_user_id FROM people ORDER BY name")).toEqual([
      { name: "Ana Lima", account_user_id: 3 },
      { name: "Dad", account_user_id: null },
      { name: "bo", account_user_id: 8 },
    ]);
    expect(await rows("SELECT count(*) AS n FROM memberships")).toEqual([{ n: 4 }]);
    expect(await rows("SELECT count(*) AS n FROM activity")).toEqual([{ n: 0 }]);
  });

  it("keeps an entry with its actor's name when the actor's account goes, and drops it with its person", async () => {
    await client.execute(
      "INSERT INTO activity (person_id, actor_user_id, actor_name, kind, subject, at) VALUES (50, 8, 'bo', 'dose_taken', 'Metformin', 1), (50, 3, 'Ana Lima', 'medication_added', 'Metformin', 0)",
    );
    await client.execute("DELETE FROM users WHERE id = 8");
    expect(await rows("SELECT actor_user_id, actor_name, kind FROM activity WHERE person_id = 50 ORDER BY at DESC")).toEqual([
      { actor_user_id: null, actor_name: "bo", kind: "dose_taken" },
      { actor_user_id: 3, actor_name: "Ana Lima", kind: "medication_added" },
    ]);
    await client.execute("DELETE FROM people WHERE id = 50");
    expect(await rows("SELECT count(*) AS n FROM activity")).toEqual([{ n: 0 }]);
  });
});
