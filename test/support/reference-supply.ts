import fc from "fast-check";
import type { Pause, Regimen, Schedule, Weekday } from "../../src/domain/regimen";
import { addDays } from "../../src/domain/time";

// The reference model of the supply rule: a plain day-by-day simulation written separately from
// src/domain (day numbers from Date.UTC, weekdays from getUTCDay, one step per day, no shortcuts),
// and random regimens to try it on. supplyOn (test/domain/regimen.test.ts) and the SQL countdown
// (test/node/supply-sql.test.ts) are both held to it. Counts are kept in sevenths of a unit so
// both sides are exact for multiples of 0.25.

export const DAY = 86_400_000;
export const num = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
export const str = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);
const DAY_NAMES: Weekday[] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

const compiled = new WeakMap<Regimen, { pauses: Array<[number, number]>; newestFirst: Array<{ from: number; schedule: Schedule }> }>();
export function referenceCost(regimen: Regimen, n: number): number {
  let c = compiled.get(regimen);
  if (!c) {
    c = {
      pauses: regimen.pauses.map((p) => [num(p.from), p.until === null ? Number.POSITIVE_INFINITY : num(p.until)]),
      newestFirst: regimen.changes.map((ch) => ({ from: num(ch.effectiveFrom), schedule: ch.schedule })).reverse(),
    };
    compiled.set(regimen, c);
  }
  if (c.pauses.some(([from, until]) => n >= from && n <= until)) return 0;
  // Nothing after the last day taken (a course's end, or a plain one).
  if (regimen.endsOn != null && n > num(regimen.endsOn)) return 0;
  const inForce = c.newestFirst.find((ch) => ch.from <= n) ?? c.newestFirst.at(-1)!;
  const s = inForce.schedule;
  if (s.type === "daily") return 7 * s.dose;
  if (s.type === "weekdays") return s.days.includes(DAY_NAMES[new Date(n * DAY).getUTCDay()]!) ? 7 * s.dose : 0;
  if (s.type === "interval") {
    const since = n - num(s.startsOn);
    return since >= 0 && since % s.everyDays === 0 ? 7 * s.dose : 0;
  }
  return s.perWeek;
}

/** The count (sevenths) at the start of each day from countedOn to `to`, and the first uncovered day from `today`. */
export function simulate(regimen: Regimen, count: number, countedOn: string, today: string, horizon: number) {
  let left = 7 * count;
  for (let n = num(countedOn); n < num(today); n++) left = Math.max(0, left - referenceCost(regimen, n));
  const atToday = left;
  let runsOutOn: string | null = null;
  for (let n = num(today); n < num(today) + horizon; n++) {
    const cost = referenceCost(regimen, n);
    if (cost > left) {
      runsOutOn = str(n);
      break;
    }
    left -= cost;
  }
  return { count: Math.round((atToday / 7) * 1000) / 1000, runsOutOn };
}

export const BASE = num("2027-01-01");
export const date = (min: number, max: number) => fc.integer({ min, max }).map((n) => str(BASE + n));
export const quarters = (min: number, max: number) => fc.integer({ min, max }).map((q) => q / 4);
export const schedule: fc.Arbitrary<Schedule> = fc.oneof(
  quarters(1, 16).map((dose) => ({ type: "daily" as const, dose })),
  fc.record({
    type: fc.constant("weekdays" as const),
    dose: quarters(1, 12),
    days: fc.uniqueArray(fc.constantFrom<Weekday>("mon", "tue", "wed", "thu", "fri", "sat", "sun"), { minLength: 1, maxLength: 7 }),
  }),
  fc.record({
    type: fc.constant("interval" as const),
    dose: quarters(1, 40),
    everyDays: fc.integer({ min: 2, max: 90 }),
    startsOn: date(-60, 200),
  }),
  fc.record({ type: fc.constant("asNeeded" as const), perWeek: quarters(1, 60) }),
);
export const regimen: fc.Arbitrary<Regimen> = fc
  .record({
    changes: fc.array(fc.record({ effectiveFrom: date(-30, 300), schedule }), { minLength: 1, maxLength: 4 }),
    // A past pause, then maybe a later one (open-ended or not).
    first: fc.option(fc.tuple(date(-30, 100), fc.integer({ min: 0, max: 40 }))),
    second: fc.option(fc.tuple(fc.integer({ min: 1, max: 100 }), fc.option(fc.integer({ min: 0, max: 60 })))),
    // Sometimes a last day (a course's end), before, inside or after the rest.
    endsOn: fc.option(date(-40, 400), { freq: 3 }),
  })
  .map(({ changes, first, second, endsOn }) => {
    const pauses: Pause[] = first ? [{ from: first[0], until: addDays(first[0], first[1]) }] : [];
    const after = pauses[0]?.until ?? "2027-01-01";
    if (second) pauses.push({ from: addDays(after, second[0]), until: second[1] === null ? null : addDays(after, second[0] + second[1]) });
    const sorted = [...changes].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
    return endsOn === null ? { changes: sorted, pauses } : { changes: sorted, pauses, endsOn };
  });

// Long enough for the slowest random regimen to run out (160 units at 0.25 every 90 days).
export const HORIZON = 70_000;
