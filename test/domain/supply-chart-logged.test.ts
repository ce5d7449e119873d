import { describe, expect, it } from "vitest";
import type { DayCount } from "../../src/domain/count-history";
import { plannedToday } from "../../src/domain/logged-doses";
import { supplyOn, type LoggedDoses, type Regimen } from "../../src/domain/regimen";
import type { SupplyEvent } from "../../src/domain/supply";
import { supplyChart } from "../../src/domain/supply-chart";

// The medication page's projection with dose logs: it starts from the count now (what the logs
// left) and ends on the run-out date the API answers, with what is on hand that morning by the same
// rule: today's doses not logged yet are due today, later days follow the schedule (as needed, its
// weekly estimate).

const TODAY = "2027-03-10";
const created: SupplyEvent = {
  id: 1,
  kind: "created",
  localDate: TODAY,
  pillsBefore: null,
  pillsAfter: 5,
  countedOn: TODAY,
  pillsAdded: null,
  revertsEventId: null,
};
const twiceDaily: Regimen = {
  changes: [
    {
      effectiveFrom: "2027-01-01",
      schedule: {
        type: "daily",
        dose: 2,
        times: [
          { at: "08:00", dose: 1 },
          { at: "20:00", dose: 1 },
        ],
      },
    },
  ],
  pauses: [],
};
const asNeeded: Regimen = { changes: [{ effectiveFrom: "2027-01-01", schedule: { type: "asNeeded", perWeek: 7 } }], pauses: [] };

/** The chart as the page draws it, from the same stored row the API counts. */
function chartOf(regimen: Regimen, stored: number, logged: LoggedDoses) {
  const supply = supplyOn({ pillsRemaining: stored, countedOn: TODAY, regimen, logged }, TODAY);
  const counts: DayCount[] = [{ date: TODAY, count: stored, logged: true }];
  const chart = supplyChart(
    [{ ...created, pillsAfter: stored }],
    { pillsRemaining: supply.pillsRemaining, runsOutOn: supply.runsOutOn, unit: "tablet" },
    regimen,
    TODAY,
    7,
    {
      countBy: logged.countBy,
      counts,
      plannedToday: plannedToday({ loggedLastDate: logged.lastDate, loggedLastPlanned: logged.lastPlanned }, TODAY),
    },
  );
  return { supply, line: chart.projection.map((p) => [p.date, p.pills, p.kind]) };
}

describe("the supply chart's projection with dose logs", () => {
  // 5 tablets this morning, the 08:00 tablet taken: 4 now. The 20:00 tablet is still due today (3
  // left tonight), 11 March takes 2 (1 left), and 12 March's 2 cannot be covered: it runs out on 12
  // March with 1 tablet that morning. Charging today's 08:00 dose a second time would draw 0.
  const takenAt8 = { taken: 1, planned: 1, lastDate: TODAY, lastPlanned: 1 };

  it("counted by schedule: from the count now to the API's run-out date, today's logged dose charged once", () => {
    const { supply, line } = chartOf(twiceDaily, 5, { countBy: "schedule", ...takenAt8 });
    expect([supply.pillsRemaining, supply.runsOutOn]).toEqual([4, "2027-03-12"]);
    expect(line).toEqual([
      [TODAY, 4, "today"],
      ["2027-03-12", 1, "runs-out"],
    ]);
  });

  it("counted by log: the same line (the unlogged 20:00 dose is due today, then the schedule)", () => {
    const { supply, line } = chartOf(twiceDaily, 5, { countBy: "log", ...takenAt8 });
    expect([supply.pillsRemaining, supply.runsOutOn]).toEqual([4, "2027-03-12"]);
    expect(line).toEqual([
      [TODAY, 4, "today"],
      ["2027-03-12", 1, "runs-out"],
    ]);
  });

  it("as needed, counted by log: a use today comes off now, then its weekly estimate a day from today", () => {
    // 4 puffs this morning, 1 used: 3 now; 1 a day estimated (7 a week) for 10, 11 and 12 March:
    // 13 March starts with 0.
    const { supply, line } = chartOf(asNeeded, 4, { countBy: "log", taken: 1, planned: 0, lastDate: null, lastPlanned: 0 });
    expect([supply.pillsRemaining, supply.runsOutOn]).toEqual([3, "2027-03-13"]);
    expect(line).toEqual([
      [TODAY, 3, "today"],
      ["2027-03-13", 0, "runs-out"],
    ]);
  });
});
