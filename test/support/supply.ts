import type { Medication } from "../../src/domain/medications";
import { dailyRegimen, supplyOn } from "../../src/domain/regimen";

/** The day the fixtures below count from. */
export const FIXTURE_TODAY = "2026-03-01";

/**
 * A daily tablet medication as the API answers it, its days left and run-out date worked out by
 * supplyOn from its count and daily dose (as of `today`): the fields a test sets stay as set.
 */
export function withSupply<M extends Pick<Medication, "pillsRemaining" | "pillsPerDay"> & Partial<Medication>>(
  med: M,
  today = FIXTURE_TODAY,
): M & Medication {
  const regimen = dailyRegimen(med.pillsPerDay);
  const supply = supplyOn({ pillsRemaining: med.pillsRemaining, countedOn: today, regimen }, today);
  return {
    unit: "tablet",
    schedule: { type: "daily", dose: med.pillsPerDay },
    scheduleChanges: [],
    pausedFrom: null,
    pausedUntil: null,
    daysLeft: supply.daysLeft,
    runsOutOn: supply.runsOutOn,
    endsOn: null,
    course: null,
    finished: false,
    courseText: null,
    ...med,
  } as M & Medication;
}
