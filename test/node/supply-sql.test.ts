import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countOn, scheduleOn } from "../../src/data/supply";
import type { Db } from "../../src/db/client";
import * as schema from "../../src/db/schema";
import { openSupplyDb, type SupplyDb } from "../support/supply-db";
import { parseRegimen, scheduleOn as scheduleOnInDomain, supplyOn } from "../../src/domain/regimen";
import { addDays } from "../../src/domain/time";
import { date, quarters, regimen, simulate } from "../support/reference-supply";

// The supply rule lives in two places: supplyOn (src/domain/regimen.ts) and its SQL twin in
// src/data/supply.ts, which counts the stored supply down inside a write. Here the SQL, run by the
// libSQL engine on the real schema, is held to supplyOn and to the reference model
// (test/support/reference-supply.ts) for random regimens: every schedule type, changes and pauses,
// and a stored regimen without changes (a daily dose of pills_per_day).

let store: SupplyDb;
let db: Db;
const ID = 1;

beforeAll(async () => {
  store = await openSupplyDb("supply-sql");
  db = store.db;
});

afterAll(() => store?.close());

/** Stores the row, then asks the SQL for its count on `date` and its schedule in force then. */
async function sqlAnswers(row: { pillsRemaining: number; countedOn: string; pillsPerDay: number; regimen: string }, on: string) {
  await db.update(schema.medications).set(row).where(eq(schema.medications.id, ID));
  const m = schema.medications;
  const [answer] = await db
    .select({ count: countOn(on).mapWith(Number).as("count"), schedule: scheduleOn(on).as("schedule") })
    .from(m)
    .where(eq(m.id, ID));
  return answer!;
}

describe("the SQL countdown (src/data/supply.ts) and supplyOn say the same", { timeout: 120_000 }, () => {
  it("countOn agrees with supplyOn and the reference model for random regimens (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(regimen, { freq: 6 }),
        quarters(1, 64),
        quarters(0, 640),
        date(-40, 0),
        fc.integer({ min: 0, max: 400 }),
        async (maybe, pillsPerDay, count, countedOn, elapsed) => {
          const today = addDays(countedOn, elapsed);
          const stored = JSON.stringify(maybe ?? { changes: [], pauses: [] });
          const r = parseRegimen(stored, pillsPerDay);
          const answer = await sqlAnswers({ pillsRemaining: count, countedOn, pillsPerDay, regimen: stored }, today);
          const expected = supplyOn({ pillsRemaining: count, countedOn, regimen: r }, today).pillsRemaining;
          expect(answer.count).toBe(expected);
          expect(answer.count).toBe(simulate(r, count, countedOn, today, 1).count);
          // The schedule the SQL charges that day is the domain's (none stored: the daily default, in SQL only).
          expect(answer.schedule === null ? null : JSON.parse(answer.schedule as string)).toEqual(
            maybe ? scheduleOnInDomain(r, today) : null,
          );
        },
      ),
      { numRuns: 250 },
    );
  });

  it("a date on or before the stored count's own date answers the stored count", async () => {
    const stored = JSON.stringify({ changes: [{ effectiveFrom: "2027-01-01", schedule: { type: "daily", dose: 2 } }], pauses: [] });
    for (const on of ["2027-01-10", "2026-12-01"]) {
      expect((await sqlAnswers({ pillsRemaining: 12.5, countedOn: "2027-01-10", pillsPerDay: 2, regimen: stored }, on)).count).toBe(12.5);
    }
  });
});
