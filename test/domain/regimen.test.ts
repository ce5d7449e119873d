import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { todayIn } from "../../src/domain/countdown";
import { averagePerDay, countOn, dailyRegimen, doseOn, supplyOn, type Regimen } from "../../src/domain/regimen";
import { DAY, HORIZON, date, num, quarters, referenceCost, regimen, schedule, simulate } from "../support/reference-supply";
import { addDays } from "../../src/domain/time";

// supplyOn against the reference model (test/support/reference-supply.ts): a plain day-by-day
// simulation written separately from src/domain.

describe("supplyOn: the count, days left and run-out date", { timeout: 60_000 }, () => {
  it("agrees with a day-by-day simulation for every schedule type, with changes and pauses (property)", () => {
    fc.assert(
      fc.property(regimen, quarters(0, 640), date(-40, 0), fc.integer({ min: 0, max: 400 }), (r, count, countedOn, elapsed) => {
        const today = addDays(countedOn, elapsed);
        const expected = simulate(r, count, countedOn, today, HORIZON);
        const supply = supplyOn({ pillsRemaining: count, countedOn, regimen: r }, today);
        expect(supply.pillsRemaining).toBe(expected.count);
        expect(supply.runsOutOn).toBe(expected.runsOutOn);
        expect(supply.daysLeft).toBe(expected.runsOutOn === null ? null : num(expected.runsOutOn) - num(today));
      }),
      { numRuns: 400 },
    );
  });

  // The walk takes runs of same-cost stretches and ending pauses in a tight loop (walk.ts): many
  // daily and as-needed changes among many pauses, up to the limits, exercise it and its exits.
  it("agrees with the simulation at the limits: up to 20 changes, mostly daily, among up to 20 pauses (property)", () => {
    const sameEveryDay = fc.oneof(
      { weight: 4, arbitrary: quarters(1, 16).map((dose) => ({ type: "daily" as const, dose })) },
      { weight: 2, arbitrary: quarters(1, 60).map((perWeek) => ({ type: "asNeeded" as const, perWeek })) },
      { weight: 1, arbitrary: schedule },
    );
    const atLimits = fc
      .record({
        changes: fc.array(fc.record({ effectiveFrom: date(-40, 160), schedule: sameEveryDay }), { minLength: 1, maxLength: 20 }),
        pauses: fc.array(fc.tuple(date(-40, 160), fc.option(fc.integer({ min: 0, max: 6 }), { freq: 12 })), { maxLength: 20 }),
        endsOn: fc.option(date(-20, 300), { freq: 4 }),
      })
      .map(
        ({ changes, pauses, endsOn }): Regimen => ({
          changes: [...changes].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom)),
          pauses: pauses
            .map(([from, length]) => ({ from, until: length === null ? null : addDays(from, length) }))
            .sort((a, b) => a.from.localeCompare(b.from)),
          endsOn,
        }),
      );
    fc.assert(
      fc.property(atLimits, quarters(0, 400), date(-40, 0), fc.integer({ min: 0, max: 200 }), (r, count, countedOn, elapsed) => {
        const today = addDays(countedOn, elapsed);
        const expected = simulate(r, count, countedOn, today, HORIZON);
        const supply = supplyOn({ pillsRemaining: count, countedOn, regimen: r }, today);
        expect(supply.pillsRemaining).toBe(expected.count);
        expect(supply.runsOutOn).toBe(expected.runsOutOn);
      }),
      { numRuns: 400 },
    );
  });

  it("a daily medication keeps today's floor(count / dose)", () => {
    const s = supplyOn({ pillsRemaining: 10, countedOn: "2027-03-01", regimen: dailyRegimen(1.5) }, "2027-03-01");
    expect(s).toEqual({ pillsRemaining: 10, daysLeft: 6, runsOutOn: "2027-03-07", paused: false });
    expect(supplyOn({ pillsRemaining: 0, countedOn: "2027-03-01", regimen: dailyRegimen(1) }, "2027-03-05")).toMatchObject({
      pillsRemaining: 0,
      daysLeft: 0,
      runsOutOn: "2027-03-05",
    });
  });

  it("methotrexate 6 tablets every 7 days: a day with no dose is covered even at 0", () => {
    const weekly: Regimen = {
      changes: [{ effectiveFrom: "2026-11-01", schedule: { type: "interval", dose: 6, everyDays: 7, startsOn: "2026-11-23" } }],
      pauses: [],
    };
    // 24 tablets: the doses of Nov 23, 30, Dec 7, 14; Dec 21 cannot be covered.
    expect(supplyOn({ pillsRemaining: 24, countedOn: "2026-11-20", regimen: weekly }, "2026-11-20")).toMatchObject({
      runsOutOn: "2026-12-21",
      daysLeft: 31,
    });
    // Six left after Dec 14's dose: the count stays 0 on the days between… and Dec 21 is the run-out day.
    expect(countOn(weekly, 24, "2026-11-20", "2026-12-15")).toBe(0);
    expect(supplyOn({ pillsRemaining: 24, countedOn: "2026-11-20", regimen: weekly }, "2026-12-16")).toMatchObject({
      pillsRemaining: 0,
      runsOutOn: "2026-12-21",
      daysLeft: 5,
    });
  });

  it("as needed: days left = floor(7 × count / perWeek)", () => {
    const inhaler: Regimen = { changes: [{ effectiveFrom: "2027-01-01", schedule: { type: "asNeeded", perWeek: 6 } }], pauses: [] };
    expect(supplyOn({ pillsRemaining: 200, countedOn: "2027-01-01", regimen: inhaler }, "2027-01-01").daysLeft).toBe(
      Math.floor((7 * 200) / 6),
    );
  });

  it("a taper stepping down next week moves the run-out date; a pause moves it too", () => {
    const taper: Regimen = {
      changes: [
        { effectiveFrom: "2027-01-01", schedule: { type: "daily", dose: 4 } },
        { effectiveFrom: "2027-01-08", schedule: { type: "daily", dose: 2 } },
      ],
      pauses: [],
    };
    // 28 by Jan 7, then 2 a day from Jan 8: 40 tablets last to Jan 13 (Jan 14 needs 2, 0 left).
    expect(supplyOn({ pillsRemaining: 40, countedOn: "2027-01-01", regimen: taper }, "2027-01-01").runsOutOn).toBe("2027-01-14");
    // Paused Jan 3–4: 20 taken by Jan 7, 20 left last 10 days.
    const paused = { ...taper, pauses: [{ from: "2027-01-03", until: "2027-01-04" }] };
    expect(supplyOn({ pillsRemaining: 40, countedOn: "2027-01-01", regimen: paused }, "2027-01-01").runsOutOn).toBe("2027-01-18");
    expect(doseOn(paused, "2027-01-03")).toBe(0);
  });

  it("paused with no end and never running out: no days left, no run-out date", () => {
    const r: Regimen = { ...dailyRegimen(1), pauses: [{ from: "2027-02-01", until: null }] };
    expect(supplyOn({ pillsRemaining: 10, countedOn: "2027-02-01", regimen: r }, "2027-02-03")).toEqual({
      pillsRemaining: 10,
      daysLeft: null,
      runsOutOn: null,
      paused: true,
    });
    // Runs out before the pause starts: that day is the answer.
    expect(supplyOn({ pillsRemaining: 3, countedOn: "2027-01-27", regimen: r }, "2027-01-27").runsOutOn).toBe("2027-01-30");
  });

  it("a million tablets at a quarter a day is answered without walking each day", () => {
    const start = performance.now();
    const s = supplyOn({ pillsRemaining: 1_000_000, countedOn: "2027-01-01", regimen: dailyRegimen(0.25) }, "2027-01-01");
    expect(s.daysLeft).toBe(4_000_000);
    expect(s.runsOutOn).toBe("9999-12-31");
    expect(performance.now() - start).toBeLessThan(50);
  });

  it("pillsPerDay for older clients is the average daily use", () => {
    expect(averagePerDay({ type: "interval", dose: 6, everyDays: 7, startsOn: "2026-11-23" })).toBe(0.857);
    expect(averagePerDay({ type: "weekdays", dose: 1, days: ["mon", "wed", "fri"] })).toBe(0.429);
    expect(averagePerDay({ type: "asNeeded", perWeek: 7 })).toBe(1);
  });
});

// The count changes only at the user's local midnight. Sweep each zone in 15-minute steps across its
// 2027 DST changes, watching the local date as Intl formats it; each time it changes, the day that
// ended is charged. At every step the count must be what supplyOn says for todayIn(zone, now).
const ZONES: Array<[string, string[]]> = [
  ["Pacific/Chatham", ["2027-04-04T00:00:00Z", "2027-09-25T00:00:00Z"]],
  ["Asia/Kathmandu", ["2027-06-01T00:00:00Z"]],
  ["America/St_Johns", ["2027-03-14T00:00:00Z", "2027-11-07T00:00:00Z"]],
  ["Australia/Lord_Howe", ["2027-04-03T00:00:00Z", "2027-10-02T00:00:00Z"]],
];

function localDate(zone: string) {
  const f = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
  return (t: number) => f.format(t);
}

describe("the count changes at the user's local midnight, across DST and :30/:45 zones", { timeout: 60_000 }, () => {
  for (const [zone, around] of ZONES) {
    it(`${zone} over its 2027 clock changes`, () => {
      const local = localDate(zone);
      fc.assert(
        fc.property(regimen, quarters(0, 200), (r, count) => {
          for (const window of around) {
            const from = Date.parse(window) - 2 * DAY;
            const countedOn = local(from);
            let day = countedOn;
            let left = 7 * count;
            for (let t = from; t < Date.parse(window) + 3 * DAY; t += 15 * 60_000) {
              const today = local(t);
              if (today !== day) {
                left = Math.max(0, left - referenceCost(r, num(day)));
                day = today;
              }
              expect(todayIn(zone, t)).toBe(today);
              expect(supplyOn({ pillsRemaining: count, countedOn, regimen: r }, todayIn(zone, t)).pillsRemaining).toBe(
                Math.round((left / 7) * 1000) / 1000,
              );
            }
          }
        }),
        { numRuns: 15 },
      );
    });
  }
});
