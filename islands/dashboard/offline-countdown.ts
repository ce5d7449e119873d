import { medicationTexts } from "../../src/domain/medication-texts";
import type { Medication } from "../../src/domain/medications";
import { countedDown, regimenFrom, scheduleOn } from "../../src/domain/regimen";

// A kept page's list counted down from the day it was rendered to today, its words written again
// by the server's own function (medicationTexts): the count, the pause (it may have ended since)
// and the dose (a change may have taken effect). Loaded only for such a page: the supply model and
// the unit plurals stay out of the dashboard's first JavaScript.

export const countedDownList = (medications: Medication[], asOf: string, today: string): Medication[] =>
  medications.map((medication) => {
    const counted = countedDown(medication, asOf, today);
    const schedule = scheduleOn(regimenFrom(medication, asOf), today);
    return {
      ...counted,
      schedule,
      scheduleChanges: medication.scheduleChanges.filter((change) => change.effectiveFrom > today),
      finished: medication.endsOn !== null && today > medication.endsOn,
      ...medicationTexts({ ...counted, schedule }, today),
    };
  });
