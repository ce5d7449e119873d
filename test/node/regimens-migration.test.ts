import { createClient, type Client } from "@libsql/client";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../scripts/migrate-libsql.mjs";
import { dailyRegimen, supplyOn, type Regimen } from "../../src/domain/regimen";

// migrations/0009_regimens.sql on a database made by the schema before it, holding medications:
// each becomes a daily tablet of its dose, in force since it was added, with its count unchanged.

const REGIMENS = "0009_regimens.sql";
let dir: string;
let client: Client;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "refill-migration-"));
  const before = join(dir, "before");
  mkdirSync(before);
  const all = readdirSync("migrations")
    .filter((f) => f.endsWith(".sql"))
    .sort();
  for (const name of all.filter((f) => f < REGIMENS)) copyFileSync(join("migrations", name), join(before, name));
  client = createClient({ url: `file:${join(dir, "db.sqlite")}` });
  await migrate(client, before);
  await client.execute(
    "INSERT INTO users (id, username, username_key, password_hash, email, next_notification_at, created_at) VALUES (1, 'ana', 'ana', 'x', 'ana@example.com', 0, 0)",
  );
  await client.execute("INSERT INTO pharmacies (id, user_id, name, phone_number) VALUES (1, 1, 'Corner', '')");
  const add =
    "INSERT INTO medications (id, user_id, name, pharmacy_id, pills_per_day, pills_remaining, counted_on, pills_per_refill) VALUES (?, 1, ?, 1, ?, ?, ?, 30)";
  await client.execute({ sql: add, args: [1, "Metformin", 1.5, 42.5, "2026-11-20"] });
  await client.execute({ sql: add, args: [2, "Lisinopril", 0.5, 7, "2026-10-01"] });
  // Metformin's history starts earlier than its stored count (a refill moved counted_on since).
  await client.execute(
    "INSERT INTO supply_events (medication_id, kind, local_date, pills_after, counted_on, recorded_at) VALUES (1, 'created', '2026-09-01', 30, '2026-09-01', 0)",
  );
  await migrate(client, "migrations");
});

afterAll(() => {
  client?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe(REGIMENS, () => {
  it("turns every medication into a daily tablet of its dose, counts unchanged", async () => {
    const rows = (await client.execute("SELECT id, unit, regimen, pills_per_day, pills_remaining, counted_on FROM medications ORDER BY id"))
      .rows;
    expect(rows.map((r) => [r.unit, JSON.parse(String(r.regimen)), r.pills_per_day, r.pills_remaining, r.counted_on])).toEqual([
      [
        "tablet",
        { changes: [{ effectiveFrom: "2026-09-01", schedule: { type: "daily", dose: 1.5 } }], pauses: [] },
        1.5,
        42.5,
        "2026-11-20",
      ],
      ["tablet", { changes: [{ effectiveFrom: "2026-10-01", schedule: { type: "daily", dose: 0.5 } }], pauses: [] }, 0.5, 7, "2026-10-01"],
    ]);
  });

  it("counts down exactly as before", async () => {
    const rows = (await client.execute("SELECT regimen, pills_per_day, pills_remaining, counted_on FROM medications ORDER BY id")).rows;
    for (const row of rows) {
      const stored = {
        pillsRemaining: Number(row.pills_remaining),
        pillsPerDay: Number(row.pills_per_day),
        countedOn: String(row.counted_on),
      };
      for (const today of ["2026-11-20", "2026-11-25", "2026-12-31", "2027-06-01"]) {
        // Before, the count went down by pills_per_day a day: a daily regimen of it.
        const before = supplyOn({ ...stored, regimen: dailyRegimen(stored.pillsPerDay) }, today);
        expect(supplyOn({ ...stored, regimen: JSON.parse(String(row.regimen)) as Regimen }, today)).toEqual(before);
      }
    }
  });

  it("gives a new medication without a regimen the column defaults", async () => {
    await client.execute(
      "INSERT INTO medications (user_id, name, pharmacy_id, pills_per_day, pills_remaining, counted_on, pills_per_refill) VALUES (1, 'New', 1, 1, 5, '2026-11-25', 30)",
    );
    const row = (await client.execute("SELECT unit, regimen FROM medications WHERE name = 'New'")).rows[0]!;
    expect([row.unit, JSON.parse(String(row.regimen))]).toEqual(["tablet", { changes: [], pauses: [] }]);
  });
});
