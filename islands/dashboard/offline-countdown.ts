import { countedDown } from "../../src/domain/regimen";
import { pauseText } from "../../src/domain/pause-text";
import type { Medication } from "../../src/domain/medications";
import { unitCountText } from "../../src/domain/unit-text";

// A kept page's list counted down from the day it was rendered to today, its count and pause worded
// again. Loaded only for such a page: the supply model and the unit plurals stay out of the
// dashboard's first JavaScript.

export const countedDownList = (medications: Medication[], asOf: string, today: string): Medication[] =>
  medications.map((medication) => {
    const counted = countedDown(medication, asOf, today);
    return {
      ...counted,
      remainingText: unitCountText(counted.unit, counted.pillsRemaining),
      pauseText: pauseText(counted.pausedFrom, counted.pausedUntil, today),
    };
  });
