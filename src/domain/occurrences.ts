import { doseOn, type Regimen, type Schedule, scheduleOn } from "./regimen";

// The doses a schedule asks for on a day, one per time of day (or one untimed dose), and the
// schedule as an answer shows it. The Today list and the dose logs' checks read days through here.

/** What an answer shows of a schedule: a dose schedule always carries `times` (empty when none). */
export const scheduleAnswer = (schedule: Schedule): Schedule =>
  schedule.type === "asNeeded" ? schedule : { ...schedule, times: schedule.times ?? [] };

/** One dose the schedule asks for on a day: at a time ('HH:MM'), or null for an untimed one. */
export interface Occurrence {
  at: string | null;
  dose: number;
}

/** The doses scheduled on `date`: none on a paused day, a day without a dose, or as needed. */
export function occurrencesOn(regimen: Regimen, date: string): Occurrence[] {
  if (doseOn(regimen, date) === 0) return [];
  const schedule = scheduleOn(regimen, date);
  if (schedule.type === "asNeeded") return [];
  return schedule.times && schedule.times.length > 0 ? schedule.times : [{ at: null, dose: schedule.dose }];
}
