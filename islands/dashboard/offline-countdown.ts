import { doseText } from "../../src/domain/dose-text";
import type { Medication } from "../../src/domain/medications";
import { pauseText } from "../../src/domain/pause-text";
import { countedDown, regimenFrom, scheduleOn } from "../../src/domain/regimen";
import { unitCountText } from "../../src/domain/unit-text";

// A kept page's list counted down from the day it was rendered to today, its words written again:
// the count, the pause (it may have ended since) and the dose (a change may have taken effect).
// Loaded only for such a page: the supply model and the unit plurals stay out of the dashboard's
// first JavaScript.

export const countedDownList = (medications: Medication[], asOf: string, today: string): Medication[] =>
  medications.map((medication) => {
    const counted = countedDown(medication, asOf, today);
    const schedule = scheduleOn(regimenFrom(medication, asOf), today);
    return {
      ...counted,
      schedule,
      scheduleChanges: medication.scheduleChanges.filter((change) => change.effectiveFrom > today),
      doseText: doseText(schedule, medication.unit, today),
      remainingText: unitCountText(counted.unit, counted.pillsRemaining),
      pauseText: pauseText(counted.pausedFrom, counted.pausedUntil, today),
    };
  });
