import { dailyRegimen } from "../../src/domain/regimen";
import { describe, expect, it } from "vitest";
import { currentPills } from "../../src/domain/countdown";
import { historyText, refilledCount, undoableRefill, undoneCount, type SupplyEvent } from "../../src/domain/supply";
import { supplyChart } from "../../src/domain/supply-chart";

describe("refilledCount", () => {
  it("today: the current count plus the refill", () => {
    expect(refilledCount({ pillsRemaining: 20, pillsPerDay: 2, countedOn: "2026-01-01" }, "2026-01-05", 30)).toEqual({ pillsBefore: 12, pillsAfter: 42, countedOn: "2026-01-05" });
  });

  it("back-dated across a run-out: the days without pills before the pick-up cost nothing", () => {
    const stored = { pillsRemaining: 5, pillsPerDay: 1, countedOn: "2026-01-01" }; // ran out on Jan 6
    const refilled = refilledCount(stored, "2026-01-20", 30);
    expect(refilled).toEqual({ pillsBefore: 0, pillsAfter: 30, countedOn: "2026-01-20" });
    // Five days after the pick-up, 25 left: not 30 − 24 days since the count.
    expect(currentPills({ pillsRemaining: refilled.pillsAfter, pillsPerDay: 1, countedOn: refilled.countedOn }, "2026-01-25")).toBe(25);
  });

  it("across DST changes the days are calendar days (the local dates carry the zone)", () => {
    // Europe/Paris springs forward on Mar 29, 2026; Pacific/Auckland goes back on Apr 5, 2026.
    expect(refilledCount({ pillsRemaining: 10, pillsPerDay: 1, countedOn: "2026-03-28" }, "2026-03-30", 30).pillsAfter).toBe(38);
    expect(refilledCount({ pillsRemaining: 10, pillsPerDay: 1.5, countedOn: "2026-04-04" }, "2026-04-06", 30).pillsAfter).toBe(37);
  });

  it("a pick-up before the stored count's own date adds to that count as it is", () => {
    expect(refilledCount({ pillsRemaining: 10, pillsPerDay: 1, countedOn: "2026-01-10" }, "2026-01-05", 30)).toEqual({ pillsBefore: 10, pillsAfter: 40, countedOn: "2026-01-10" });
  });
});

describe("undo arithmetic", () => {
  it("takes the refill's pills back from today's count, never below 0", () => {
    expect(undoneCount(37, 30)).toBe(7);
    expect(undoneCount(26, 30)).toBe(0);
  });
});

const event = (overrides: Partial<SupplyEvent>): SupplyEvent => ({
  id: 1,
  kind: "created",
  localDate: "2026-01-01",
  pillsBefore: null,
  pillsAfter: 10,
  countedOn: "2026-01-01",
  pillsAdded: null,
  revertsEventId: null,
  ...overrides,
});

describe("history", () => {
  it("reads as the list shows it, counts in the medication's unit", () => {
    expect(historyText(event({ kind: "refill", pillsAdded: 30 }), "tablet")).toBe("Refilled +30 tablets");
    expect(historyText(event({ kind: "refill", pillsAdded: 1 }), "puff")).toBe("Refilled +1 puff");
    expect(historyText(event({ kind: "created", pillsAfter: 200 }), "puff")).toBe("Added with 200 puffs");
    expect(historyText(event({ kind: "created", pillsAfter: 5 }), "ml")).toBe("Added with 5 ml");
    expect(historyText(event({ kind: "correction", pillsBefore: 12, pillsAfter: 20 }), "unit")).toBe("Count corrected 12 → 20 units");
    expect(historyText(event({ kind: "undo" }), "tablet")).toBe("Refill undone");
  });

  it("only the newest event can be undone, and only when it is a refill", () => {
    const refill = event({ id: 2, kind: "refill" });
    expect(undoableRefill([event({}), refill])).toBe(refill);
    expect(undoableRefill([event({}), refill, event({ id: 3, kind: "undo", revertsEventId: 2 })])).toBeNull();
  });
});

describe("supplyChart", () => {
  it("draws the recorded line with the day it ran out, refills as markers, then today and the projection", () => {
    const events = [event({ pillsAfter: 5 }), event({ id: 2, kind: "refill", localDate: "2026-01-10", countedOn: "2026-01-10", pillsBefore: 0, pillsAfter: 30, pillsAdded: 30 })];
    const chart = supplyChart(events, { pillsRemaining: 25, runsOutOn: "2026-02-09", unit: "puff" }, dailyRegimen(1), "2026-01-15", 7);
    expect(chart.history.map((p) => [p.date, p.pills, p.kind, p.refill ?? false])).toEqual([
      ["2026-01-01", 5, "event", false],
      ["2026-01-06", 0, "ran-out", false],
      ["2026-01-10", 0, "event", false],
      ["2026-01-10", 30, "event", true],
      ["2026-01-15", 25, "today", false],
    ]);
    expect(chart.projection.map((p) => [p.date, p.pills])).toEqual([
      ["2026-01-15", 25],
      ["2026-02-09", 0],
    ]);
    expect([chart.runOut, chart.remindFrom, chart.maxPills, chart.unit]).toEqual(["2026-02-09", "2026-02-02", 30, "puff"]);
    // The events' labels in the medication's unit, as the history list words them.
    expect(chart.history.map((p) => p.label)).toEqual(["Added with 5 puffs", "Ran out", "Before the refill", "Refilled +30 puffs", "Today"]);
  });

  it("leaves out an undone refill and its undo: no spike, and the scale does not grow for it", () => {
    const events = [
      event({ pillsAfter: 20 }),
      event({ id: 2, kind: "refill", localDate: "2026-01-05", countedOn: "2026-01-05", pillsBefore: 16, pillsAfter: 116, pillsAdded: 100 }),
      event({ id: 3, kind: "undo", localDate: "2026-01-06", countedOn: "2026-01-06", pillsBefore: 115, pillsAfter: 15, revertsEventId: 2 }),
    ];
    const chart = supplyChart(events, { pillsRemaining: 11, runsOutOn: "2026-01-21", unit: "tablet" }, dailyRegimen(1), "2026-01-10", 7);
    expect(chart.history.map((p) => [p.date, p.pills, p.kind])).toEqual([
      ["2026-01-01", 20, "event"],
      ["2026-01-10", 11, "today"],
    ]);
    expect(chart.maxPills).toBe(20);
  });

  it("ends the projection on the run-out date even when part of a dose is left that morning", () => {
    // 9 tablets at 2 a day: 9, 7, 5, 3, 1 on the mornings of the 15th to the 19th; 1 cannot cover
    // the 19th's dose, so it runs out on the 19th, with 1 tablet on hand (not on the 20th, at 0).
    const chart = supplyChart([event({ pillsAfter: 9, countedOn: "2026-01-15", localDate: "2026-01-15" })], { pillsRemaining: 9, runsOutOn: "2026-01-19", unit: "tablet" }, dailyRegimen(2), "2026-01-15", 7);
    expect(chart.projection.map((p) => [p.date, p.pills, p.kind])).toEqual([
      ["2026-01-15", 9, "today"],
      ["2026-01-19", 1, "runs-out"],
    ]);
    expect(chart.lastDate).toBe("2026-01-19");
  });
});
