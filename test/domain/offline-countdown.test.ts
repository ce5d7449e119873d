import { describe, expect, it } from "vitest";
import { countedDownList } from "../../islands/dashboard/offline-countdown";
import type { Medication } from "../../src/domain/medications";

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
});
