import { dailyRegimen } from "../../src/domain/regimen";
import { describe, expect, it } from "vitest";
import { historyText, undoableRefill, type SupplyEvent } from "../../src/domain/supply";
import { supplyChart } from "../../src/domain/supply-chart";

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
    const events = [
      event({ pillsAfter: 5 }),
      event({ id: 2, kind: "refill", localDate: "2026-01-10", countedOn: "2026-01-10", pillsBefore: 0, pillsAfter: 30, pillsAdded: 30 }),
    ];
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
    expect([chart.runsOutOn, chart.remindFrom, chart.maxPills, chart.unit]).toEqual(["2026-02-09", "2026-02-02", 30, "puff"]);
    // The events' labels in the medication's unit, as the history list words them.
    expect(chart.history.map((p) => p.label)).toEqual([
      "Added with 5 puffs",
      "Ran out",
      "Before the refill",
      "Refilled +30 puffs",
      "Today",
    ]);
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
    const chart = supplyChart(
      [event({ pillsAfter: 9, countedOn: "2026-01-15", localDate: "2026-01-15" })],
      { pillsRemaining: 9, runsOutOn: "2026-01-19", unit: "tablet" },
      dailyRegimen(2),
      "2026-01-15",
      7,
    );
    expect(chart.projection.map((p) => [p.date, p.pills, p.kind])).toEqual([
      ["2026-01-15", 9, "today"],
      ["2026-01-19", 1, "runs-out"],
    ]);
    expect(chart.lastDate).toBe("2026-01-19");
  });
});
