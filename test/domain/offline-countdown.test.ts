import { describe, expect, it } from "vitest";
import { countedDownList } from "../../islands/dashboard/offline-countdown";
import type { Medication } from "../../src/domain/medications";
import { regimenFrom, supplyOn } from "../../src/domain/regimen";

// The dashboard's offline copy read days after it was drawn: counted down with the supply model and
// its words written again (the server wrote them for the day it drew the page).

const drawn: Medication = {
  id: 1,
  name: "Salbutamol",
  pharmacyId: null,
  pillsPerDay: 2,
  pillsRemaining: 30,
  unit: "puff",
  schedule: { type: "daily", dose: 2 },
  countBy: "schedule",
  scheduleChanges: [{ effectiveFrom: "2026-03-05", schedule: { type: "asNeeded", perWeek: 6 } }],
  pausedFrom: "2026-03-01",
  pausedUntil: "2026-03-02",
  daysLeft: 17,
  runsOutOn: "2026-03-18",
  pillsPerRefill: 200,
  lastRefillDate: null,
  refillsLeft: null,
  prescriptionExpiresOn: null,
  packageItems: null,
  packageAmount: null,
  doseText: "2 puffs daily",
  remainingText: "30 puffs",
  pauseText: "Paused until Mar 2, 2026",
  endsOn: null,
  course: null,
  finished: false,
  courseText: null,
};

describe("countedDownList", () => {
  it("the day it was drawn: unchanged", () => {
    expect(countedDownList([drawn], "2026-03-01", "2026-03-01")).toEqual([drawn]);
  });

  it("two days later: the pause has ended, nothing was charged, the words follow", () => {
    const [later] = countedDownList([drawn], "2026-03-01", "2026-03-03");
    expect(later).toMatchObject({ pillsRemaining: 30, remainingText: "30 puffs", pauseText: null, doseText: "2 puffs daily" });
  });

  it("after a change took effect: today's schedule in words, no change left to come", () => {
    // Mar 3 and 4 at 2 a day: 26 at the start of Mar 5, the day 'as needed' starts.
    const [later] = countedDownList([drawn], "2026-03-01", "2026-03-05");
    expect(later).toMatchObject({
      pillsRemaining: 26,
      remainingText: "26 puffs",
      doseText: "As needed, about 6 puffs a week",
      scheduleChanges: [],
      pauseText: null,
    });
    expect(later!.schedule).toEqual({ type: "asNeeded", perWeek: 6 });
  });

  describe("a day whose doses were logged, counted down offline (double charge)", () => {
    // Two tablets a day at 08:00 and 20:00, 30 at the start of Mar 10 (the count's date).
    const twice: Medication = {
      ...drawn,
      unit: "tablet",
      schedule: {
        type: "daily",
        dose: 2,
        times: [
          { at: "08:00", dose: 1 },
          { at: "20:00", dose: 1 },
        ],
      },
      scheduleChanges: [],
      pausedFrom: null,
      pausedUntil: null,
    };
    const regimen = regimenFrom(twice, "2026-03-10");
    /** The server's count on `today` with `taken` of Mar 10's doses logged taken, as supplyOn counts logs. */
    const server = (taken: number, today: string) =>
      supplyOn(
        {
          pillsRemaining: 30,
          countedOn: "2026-03-10",
          regimen,
          logged: { countBy: "schedule", taken, planned: taken, lastDate: "2026-03-10", lastPlanned: taken },
        },
        today,
      );

    it.each([1, 2])("%d of the day's doses logged: the next days count as the server does, the logged ones charged once", (taken) => {
      // Drawn on Mar 10 after the logs: 30 − taken on hand, the logged doses already came off.
      const copy = { ...twice, pillsRemaining: 30 - taken, loggedTodayPlanned: taken, daysLeft: server(taken, "2026-03-10").daysLeft };
      const [nextDay] = countedDownList([copy], "2026-03-10", "2026-03-11");
      // Mar 10 cost 2 in all (the logged `taken`, then the unlogged rest at midnight): 28, not 28 − taken.
      expect(nextDay).toMatchObject({ pillsRemaining: 28, remainingText: "28 tablets" });
      for (const today of ["2026-03-11", "2026-03-12", "2026-03-20"]) {
        const [later] = countedDownList([copy], "2026-03-10", today);
        const { pillsRemaining, daysLeft, runsOutOn } = server(taken, today);
        expect({ pillsRemaining: later!.pillsRemaining, daysLeft: later!.daysLeft, runsOutOn: later!.runsOutOn }).toEqual({
          pillsRemaining,
          daysLeft,
          runsOutOn,
        });
      }
    });

    it("a copy kept before the field existed: counted as nothing logged that day", () => {
      const [nextDay] = countedDownList([{ ...twice, pillsRemaining: 30 }], "2026-03-10", "2026-03-11");
      expect(nextDay!.pillsRemaining).toBe(28);
    });
  });
});
