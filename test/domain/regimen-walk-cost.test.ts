import { describe, expect, it } from "vitest";
import { MAX_PAUSES, MAX_SCHEDULE_CHANGES } from "../../src/domain/limits";
import { type Regimen, supplyOn } from "../../src/domain/regimen";
import { supplyChart } from "../../src/domain/supply-chart";
import type { SupplyEvent } from "../../src/domain/supply";
import { addDays } from "../../src/domain/time";

// Issue 29 F4: "the countdown visits the boundaries once per walk (sorted once), not every change
// for every day". A walk that goes back to the regimen's date text for every stretch or day costs
// ~3 µs a stretch (npm run bench -- --only regimen measures the time; a time limit here would be
// flaky on a busy machine). What can be counted exactly is how often the stored dates are read:
// supplyOn reads each once (into day numbers), however many stretches and days it crosses, and
// the chart reads it at most twice for all its walks.

const TODAY = "2026-11-27";
const COUNTED_ON = addDays(TODAY, -30);

/** The bench's regimen at the limits, each date behind a getter that counts its reads. */
function countedRegimen() {
  const reads = { count: 0 };
  const dateField = <T extends object>(target: T, key: string, value: string | null) =>
    Object.defineProperty(target, key, {
      enumerable: true,
      get: () => {
        reads.count++;
        return value;
      },
    });
  const regimen: Regimen = {
    changes: Array.from(
      { length: MAX_SCHEDULE_CHANGES },
      (_, i) =>
        dateField(
          { schedule: { type: "daily" as const, dose: 1 + (i % 2) } },
          "effectiveFrom",
          addDays(COUNTED_ON, 5 * i),
        ) as Regimen["changes"][number],
    ),
    pauses: Array.from({ length: MAX_PAUSES }, (_, i) => {
      const pause = dateField({}, "from", addDays(COUNTED_ON, 7 * i + 2));
      return dateField(pause, "until", addDays(COUNTED_ON, 7 * i + 3)) as Regimen["pauses"][number];
    }),
  };
  return { regimen, reads, dates: MAX_SCHEDULE_CHANGES + 2 * MAX_PAUSES };
}

describe("F4: a medication at the limits is walked from its dates read once", () => {
  it("supplyOn reads each stored date once, not once per stretch or day it walks, nor again for 'paused today'", () => {
    const { regimen, reads, dates } = countedRegimen();
    const supply = supplyOn({ pillsRemaining: 120, countedOn: COUNTED_ON, regimen }, TODAY);
    // The walk crossed most boundaries: the count is 30 days old and runs out weeks after today,
    // which falls in a pause (the paused flag comes from the day numbers already read).
    expect(supply.daysLeft).toBeGreaterThan(60);
    expect(supply.paused).toBe(true);
    expect(reads.count).toBeLessThanOrEqual(dates);
  });

  it("… and so does supplyOn with dose logs", () => {
    const { regimen, reads, dates } = countedRegimen();
    const logged = { countBy: "schedule" as const, taken: 3, planned: 3, lastDate: TODAY, lastPlanned: 1 };
    const supply = supplyOn({ pillsRemaining: 120, countedOn: COUNTED_ON, regimen, logged }, TODAY);
    expect(supply.paused).toBe(true);
    expect(reads.count).toBeLessThanOrEqual(dates);
  });

  it("the chart reads them at most twice too, for all its walks (each event's ran-out day, the projection)", () => {
    const { regimen, reads, dates } = countedRegimen();
    const supply = supplyOn({ pillsRemaining: 120, countedOn: COUNTED_ON, regimen }, TODAY);
    reads.count = 0;
    const events: SupplyEvent[] = [
      {
        id: 1,
        kind: "created",
        localDate: COUNTED_ON,
        pillsBefore: null,
        pillsAfter: 120,
        countedOn: COUNTED_ON,
        pillsAdded: null,
        revertsEventId: null,
      },
    ];
    const chart = supplyChart(
      events,
      { pillsRemaining: supply.pillsRemaining, runsOutOn: supply.runsOutOn, unit: "tablet" },
      regimen,
      TODAY,
      7,
    );
    expect(chart.runsOutOn).toBe(supply.runsOutOn);
    expect(reads.count).toBeLessThanOrEqual(2 * dates);
  });
});
