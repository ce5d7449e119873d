import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dailyRegimen, supplyOn } from "../../src/domain/regimen";
import { addDays } from "../../src/domain/time";
import { loggedTotals, logsOn, simulateWithLogs } from "../support/reference-doses";
import { HORIZON, date, num, quarters, regimen, simulate } from "../support/reference-supply";

// The count with dose logs (supplyOn with `logged`) against the day-by-day reference of
// test/support/reference-doses.ts.

describe("supplyOn with dose logs", { timeout: 120_000 }, () => {
  it("agrees with a day-by-day simulation for every schedule, both count modes, any logs (property)", () => {
    const input = fc
      .record({ r: regimen, count: quarters(0, 640), countedOn: date(-40, 0), elapsed: fc.integer({ min: 0, max: 40 }) })
      .chain(({ r, count, countedOn, elapsed }) => {
        const today = addDays(countedOn, elapsed);
        // Some logs fall before the count's date: they must change nothing.
        return fc.record({
          r: fc.constant(r),
          count: fc.constant(count),
          countedOn: fc.constant(countedOn),
          today: fc.constant(today),
          countBy: fc.constantFrom("schedule" as const, "log" as const),
          events: logsOn(r, addDays(countedOn, -3), today),
        });
      });
    fc.assert(
      fc.property(input, ({ r, count, countedOn, today, countBy, events }) => {
        const expected = simulateWithLogs(r, count, countedOn, today, countBy, events, HORIZON);
        const supply = supplyOn({ pillsRemaining: count, countedOn, regimen: r, logged: loggedTotals(events, countedOn, countBy) }, today);
        expect(supply.pillsRemaining).toBe(expected.count);
        expect(supply.runsOutOn).toBe(expected.runsOutOn);
        expect(supply.daysLeft).toBe(expected.runsOutOn === null ? null : num(expected.runsOutOn) - num(today));
      }),
      { numRuns: 500 },
    );
  });

  it("with no logs, counted by schedule, every figure is today's (golden, property)", () => {
    fc.assert(
      fc.property(regimen, quarters(0, 640), date(-40, 0), fc.integer({ min: 0, max: 400 }), (r, count, countedOn, elapsed) => {
        const today = addDays(countedOn, elapsed);
        const none = { countBy: "schedule" as const, taken: 0, planned: 0, lastDate: null, lastPlanned: 0 };
        const expected = simulate(r, count, countedOn, today, HORIZON);
        const supply = supplyOn({ pillsRemaining: count, countedOn, regimen: r, logged: none }, today);
        expect(supply).toEqual(supplyOn({ pillsRemaining: count, countedOn, regimen: r }, today));
        expect(supply.pillsRemaining).toBe(expected.count);
      }),
      { numRuns: 300 },
    );
  });

  // Worked by hand: 10 tablets counted at the start of 1 March, 2 a day.
  const r = dailyRegimen(2, "2027-03-01");
  const at = (logged: Parameters<typeof loggedTotals>[0], countBy: "schedule" | "log" = "schedule") =>
    supplyOn(
      { pillsRemaining: 10, countedOn: "2027-03-01", regimen: r, logged: loggedTotals(logged, "2027-03-01", countBy) },
      "2027-03-03",
    );

  it("a dose taken today comes off at once; its day is no longer due (hand-worked)", () => {
    // 1 and 2 March charged by the plan: 10 − 4 = 6 at the start of 3 March; 3 March taken: 4 now.
    // Ahead: today nothing more, then 2 a day: 4 March → 2, 5 March → 0, 6 March not covered.
    expect(at([{ kind: "taken", date: "2027-03-03", planned: 2, amount: 2 }])).toEqual({
      pillsRemaining: 4,
      daysLeft: 3,
      runsOutOn: "2027-03-06",
      paused: false,
    });
  });

  it("a skipped day is never charged, a late log counts as on time, an extra comes off (hand-worked)", () => {
    // 1 March skipped (0), 2 March taken 1 instead of 2 (logged late), an extra 0.5 on 2 March: 10 − 1 − 0.5 = 8.5.
    const logs = [
      { kind: "skipped" as const, date: "2027-03-01", planned: 2 },
      { kind: "taken" as const, date: "2027-03-02", planned: 2, amount: 1 },
      { kind: "extra" as const, date: "2027-03-02", amount: 0.5, asNeeded: false },
    ];
    expect(at(logs).pillsRemaining).toBe(8.5);
    // By log: only what is logged comes off: 10 − 1 − 0.5.
    expect(at(logs, "log").pillsRemaining).toBe(8.5);
    expect(at([], "log").pillsRemaining).toBe(10);
  });

  it("logs before the count's date change nothing", () => {
    expect(at([{ kind: "taken", date: "2027-02-28", planned: 2, amount: 2 }])).toEqual(at([]));
  });

  it("never below 0, and a medication out of supply runs out today", () => {
    const s = supplyOn(
      {
        pillsRemaining: 1,
        countedOn: "2027-03-01",
        regimen: r,
        logged: loggedTotals([{ kind: "extra", date: "2027-03-01", amount: 5, asNeeded: false }], "2027-03-01", "schedule"),
      },
      "2027-03-01",
    );
    expect(s).toMatchObject({ pillsRemaining: 0, daysLeft: 0, runsOutOn: "2027-03-01" });
  });
});
