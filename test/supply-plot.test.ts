import { describe, expect, it } from "vitest";
import { axisLabels } from "../src/components/SupplyPlot";
import type { SupplyChart } from "../src/domain/supply-chart";
import { daysBetween } from "../src/domain/time";

// The supply chart's x-axis dates: the first event, today and the run-out date, each once, a label
// that would touch another on a second line.

const PHONE = { width: 360, plotHeight: 150, font: 15 };
const WIDE = { width: 720, plotHeight: 200, font: 17 };

function labels(dates: { firstDate: string; today: string; runsOutOn: string | null }, size = WIDE) {
  const lastDate = dates.runsOutOn ?? dates.today;
  const chart = { ...dates, lastDate } as SupplyChart;
  const span = Math.max(1, daysBetween(dates.firstDate, lastDate));
  const x = (date: string) => 40 + (daysBetween(dates.firstDate, date) / span) * (size.width - 54);
  return axisLabels(chart, x, size).map((label) => [label.text, label.row]);
}

describe("the supply chart's x-axis", () => {
  it("names the first event, today and the run-out date, on one line when they are apart", () => {
    expect(labels({ firstDate: "2026-01-01", today: "2026-01-15", runsOutOn: "2026-02-09" })).toEqual([
      ["Jan 15", 0],
      ["Feb 9", 0],
      ["Jan 1", 0],
    ]);
  });

  it("puts a date that would touch another on a second line (a phone, a day apart)", () => {
    expect(labels({ firstDate: "2026-01-14", today: "2026-01-15", runsOutOn: "2026-02-09" }, PHONE)).toEqual([
      ["Jan 15", 0],
      ["Feb 9", 0],
      ["Jan 14", 1],
    ]);
  });

  it("says a day once: a medication added today; one paused with no end has no run-out date", () => {
    expect(labels({ firstDate: "2026-01-15", today: "2026-01-15", runsOutOn: "2026-02-09" })).toEqual([
      ["Jan 15", 0],
      ["Feb 9", 0],
    ]);
    expect(labels({ firstDate: "2026-01-01", today: "2026-01-15", runsOutOn: null })).toEqual([
      ["Jan 15", 0],
      ["Jan 1", 0],
    ]);
  });

  it("writes the year when the chart spans two", () => {
    expect(labels({ firstDate: "2025-12-20", today: "2026-01-05", runsOutOn: "2026-02-09" }).map(([text]) => text)).toEqual([
      "Jan 5, 2026",
      "Feb 9, 2026",
      "Dec 20, 2025",
    ]);
  });
});
