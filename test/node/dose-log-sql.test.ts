import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggedTotals as loggedTotalsSql } from "../../src/data/dose-log-sql";
import { countNow, countOn } from "../../src/data/supply";
import type { Db } from "../../src/db/client";
import * as schema from "../../src/db/schema";
import { openSupplyDb, type SupplyDb } from "../support/supply-db";
import { supplyOn } from "../../src/domain/regimen";
import { addDays } from "../../src/domain/time";
import { loggedTotals, logsOn, simulateWithLogs, type LogEvent } from "../support/reference-doses";
import { HORIZON, date, quarters, regimen } from "../support/reference-supply";

// The count with dose logs lives in two places: supplyOn with the row's logged_* totals
// (src/domain/regimen.ts) and the SQL twin that counts a row down inside a write (countOn and
// countNow in src/data/supply.ts, the totals in src/data/dose-log-sql.ts). Here both, the SQL run
// by the libSQL engine on the real schema, are held to the day-by-day reference
// (test/support/reference-doses.ts) for random regimens and logs, counted by schedule and by log.

let store: SupplyDb;
let db: Db;
const ID = 1;

beforeAll(async () => {
  store = await openSupplyDb("dose-sql");
  db = store.db;
});

afterAll(() => store?.close());

/** Stores the row and its logs, then asks the SQL for the count at the start of `today`, now, and the totals. */
async function sqlAnswers(
  row: { pillsRemaining: number; countedOn: string; regimen: string; countBy: "schedule" | "log" },
  events: LogEvent[],
  today: string,
) {
  const m = schema.medications;
  await db.delete(schema.doseEvents).where(eq(schema.doseEvents.medicationId, ID));
  if (events.length > 0)
    await db.insert(schema.doseEvents).values(
      events.map((e, i) => ({
        medicationId: ID,
        clientId: `c${i}`,
        kind: e.kind,
        localDate: e.date,
        // Occurrences of untimed days; extras have no time either.
        at: "",
        planned: e.kind === "extra" ? null : e.planned,
        amount: e.kind === "skipped" ? null : e.amount,
        counted: e.kind === "extra" && e.asNeeded ? 0 : 1,
        recordedAt: 0,
      })),
    );
  await db.update(m).set(row).where(eq(m.id, ID));
  await db.update(m).set(loggedTotalsSql(row.countedOn)).where(eq(m.id, ID));
  const [answer] = await db
    .select({
      start: countOn(today).mapWith(Number).as("start"),
      now: countNow(today).mapWith(Number).as("now"),
      countBy: m.countBy,
      taken: m.loggedTaken,
      planned: m.loggedPlanned,
      lastDate: m.loggedLastDate,
      lastPlanned: m.loggedLastPlanned,
    })
    .from(m)
    .where(eq(m.id, ID));
  return answer!;
}

describe("the dose logs in SQL (countOn, countNow, the kept totals) and supplyOn say the same", { timeout: 180_000 }, () => {
  it("agree with the day-by-day reference for random regimens and logs (property)", async () => {
    const input = fc
      .record({ r: regimen, count: quarters(0, 400), countedOn: date(-30, 0), elapsed: fc.integer({ min: 0, max: 25 }) })
      .chain(({ r, count, countedOn, elapsed }) => {
        const today = addDays(countedOn, elapsed);
        return fc.record({
          r: fc.constant(r),
          count: fc.constant(count),
          countedOn: fc.constant(countedOn),
          today: fc.constant(today),
          countBy: fc.constantFrom("schedule" as const, "log" as const),
          events: logsOn(r, addDays(countedOn, -2), today),
        });
      });
    await fc.assert(
      fc.asyncProperty(input, async ({ r, count, countedOn, today, countBy, events }) => {
        const answer = await sqlAnswers({ pillsRemaining: count, countedOn, regimen: JSON.stringify(r), countBy }, events, today);
        const before = events.filter((e) => e.date < today);
        expect(answer.start).toBe(simulateWithLogs(r, count, countedOn, today, countBy, before, 1).count);
        const expected = simulateWithLogs(r, count, countedOn, today, countBy, events, HORIZON);
        expect(answer.now).toBe(expected.count);
        const { start: _s, now: _n, ...totals } = answer;
        expect(totals).toEqual(loggedTotals(events, countedOn, countBy));
        const supply = supplyOn({ pillsRemaining: count, countedOn, regimen: r, logged: totals }, today);
        expect(supply.pillsRemaining).toBe(expected.count);
        expect(supply.runsOutOn).toBe(expected.runsOutOn);
      }),
      { numRuns: 150 },
    );
  });
});
