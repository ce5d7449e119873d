import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DOSE_MAX,
  EARLIEST_DATE,
  EVERY_DAYS_MAX,
  EVERY_DAYS_MIN,
  MAX_PAUSES,
  MAX_SCHEDULE_CHANGES,
  PER_WEEK_MAX,
  PER_WEEK_MIN,
} from "../../src/domain/limits";
import { countOn, supplyOn, type Pause, type Regimen, type Schedule, type Weekday } from "../../src/domain/regimen";
import { addDays, daysBetween } from "../../src/domain/time";
import { latestDate } from "../../src/shared/date-range";
import { MAX_PILLS } from "../../src/shared/medication-schemas";
import * as z from "zod/mini";
import { pauseSchema, regimenFields, scheduleSchema } from "../../src/shared/regimen-schemas";

// Issue 29, F1 and F5: supplyOn over the whole input space the schemas admit, smallest and largest
// values included (fast-check biases integers to their bounds): it answers (the walk ends; the test
// that fails when it does not is test/node/walk-ends.test.ts), never a negative days left, never a
// date outside 0001–9999 or not written YYYY-MM-DD. Each generated value is checked against the
// schemas, so the space cannot drift from what the API accepts.

const LATEST = latestDate();
const SPAN = daysBetween(EARLIEST_DATE, LATEST);
const date = fc.integer({ min: 0, max: SPAN }).map((n) => addDays(EARLIEST_DATE, n));
const quarters = (min: number, max: number) => fc.integer({ min: min * 4, max: max * 4 }).map((q) => q / 4);
const dose = quarters(0.25, DOSE_MAX);
const WEEK: Weekday[] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

const schedule: fc.Arbitrary<Schedule> = fc.oneof(
  dose.map((d) => ({ type: "daily" as const, dose: d })),
  fc.record({
    type: fc.constant("weekdays" as const),
    dose,
    days: fc.uniqueArray(fc.constantFrom(...WEEK), { minLength: 1, maxLength: 7 }),
  }),
  fc.record({
    type: fc.constant("interval" as const),
    dose,
    everyDays: fc.integer({ min: EVERY_DAYS_MIN, max: EVERY_DAYS_MAX }),
    startsOn: date,
  }),
  fc.record({ type: fc.constant("asNeeded" as const), perWeek: quarters(PER_WEEK_MIN, PER_WEEK_MAX) }),
);

/** Up to the kept limits: changes sorted by their first day, pauses sorted and apart (as stored). */
const regimen: fc.Arbitrary<Regimen> = fc
  .record({
    changes: fc.array(fc.record({ effectiveFrom: date, schedule }), { minLength: 1, maxLength: MAX_SCHEDULE_CHANGES }),
    pauseDays: fc.uniqueArray(date, { maxLength: 2 * MAX_PAUSES }),
    openEnded: fc.boolean(),
    // A course's or a plain last day: any day of the range (a course ends at most 5 years ahead too).
    endsOn: fc.option(date),
  })
  .map(({ changes, pauseDays, openEnded, endsOn }) => {
    const days = [...pauseDays].sort();
    const pauses: Pause[] = [];
    for (let i = 0; i + 1 < days.length; i += 2) pauses.push({ from: days[i]!, until: days[i + 1]! });
    if (openEnded && days.length % 2 === 1) pauses.push({ from: days.at(-1)!, until: null });
    return { changes: [...changes].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom)), pauses, endsOn };
  });

const count = fc.oneof(fc.constantFrom(0, 0.25, MAX_PILLS), fc.double({ min: 0, max: MAX_PILLS, noNaN: true }));
const WELL_FORMED = /^\d{4}-\d{2}-\d{2}$/;

describe("supplyOn over everything the schemas accept (issue 29: F1, F5)", { timeout: 120_000 }, () => {
  it("F1/F5: the walk ends with days left ≥ 0 and a run-out date within 0001–9999, for any regimen at the limits (property)", () => {
    fc.assert(
      fc.property(regimen, count, date, fc.integer({ min: 0, max: 400 }), (r, pills, countedOn, elapsed) => {
        for (const { schedule: s } of r.changes) expect(scheduleSchema.safeParse(s).success, JSON.stringify(s)).toBe(true);
        for (const p of r.pauses)
          expect(pauseSchema.safeParse({ pausedFrom: p.from, pausedUntil: p.until }).success, JSON.stringify(p)).toBe(true);
        expect(z.object(regimenFields).safeParse({ endsOn: r.endsOn }).success, String(r.endsOn)).toBe(true);
        const today = addDays(countedOn, elapsed);
        const supply = supplyOn({ pillsRemaining: pills, countedOn, regimen: r }, today);
        expect(supply.pillsRemaining).toBeGreaterThanOrEqual(0);
        expect(supply.pillsRemaining).toBeLessThanOrEqual(MAX_PILLS);
        if (supply.runsOutOn === null) expect(supply.daysLeft).toBeNull();
        else {
          expect(supply.runsOutOn).toMatch(WELL_FORMED);
          expect(supply.runsOutOn >= today && supply.runsOutOn <= "9999-12-31").toBe(true);
          expect(Number.isInteger(supply.daysLeft) && supply.daysLeft! >= 0).toBe(true);
          expect(countOn(r, pills, countedOn, supply.runsOutOn)).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("F5: a pause to the latest day accepted, with the most pills at the least use, still writes a real run-out date", () => {
    const r: Regimen = {
      changes: [{ effectiveFrom: EARLIEST_DATE, schedule: { type: "asNeeded", perWeek: PER_WEEK_MIN } }],
      pauses: [{ from: EARLIEST_DATE, until: LATEST }],
    };
    const supply = supplyOn({ pillsRemaining: MAX_PILLS, countedOn: EARLIEST_DATE, regimen: r }, LATEST);
    expect(supply.runsOutOn).toMatch(WELL_FORMED);
    expect(supply.daysLeft).toBeGreaterThan(0);
  });
});
