import { canonicalSchedule, type Regimen, type Schedule, type ScheduleChange } from "./regimen";
import { addDays, daysBetween } from "./time";

// A course: steps of a schedule for so many days each, one after the other, then stop ('3 a day for
// 7 days, then 2 a day for 7 days'). It is stored as what the regimen already knows, so the walk and
// its SQL twin need nothing new: one dated change of schedule per step, `endsOn` = the last step's
// last day, and `courseFrom` = the first step's day (which changes are the course's steps).

/** One step as a payload gives it: a schedule for `days` days. */
export interface CourseStep {
  schedule: Schedule;
  days: number;
}

/** One step as an answer gives it: also its first day. */
export interface CourseStepAnswer extends CourseStep {
  from: string;
}

/** The changes a course starting on `from` stores, and its last day. */
export function courseChanges(steps: CourseStep[], from: string): { changes: ScheduleChange[]; endsOn: string } {
  const changes: ScheduleChange[] = [];
  let day = from;
  for (const step of steps) {
    changes.push({ effectiveFrom: day, schedule: canonicalSchedule(step.schedule) });
    day = addDays(day, step.days);
  }
  return { changes, endsOn: addDays(day, -1) };
}

/**
 * The stored course's steps with their first days (the answer's `course`), or null when the
 * regimen holds no course: the changes from courseFrom on, each lasting to the next or to endsOn.
 * Steps let go past the kept limit are no longer listed.
 */
export function courseOf(regimen: Regimen): CourseStepAnswer[] | null {
  const { courseFrom, endsOn } = regimen;
  if (courseFrom == null || endsOn == null) return null;
  const steps = regimen.changes.filter((c) => c.effectiveFrom >= courseFrom && c.effectiveFrom <= endsOn);
  if (steps.length === 0) return null;
  return steps.map((step, i) => {
    const next = steps[i + 1]?.effectiveFrom ?? addDays(endsOn, 1);
    return { from: step.effectiveFrom, schedule: step.schedule, days: daysBetween(step.effectiveFrom, next) };
  });
}

/** What a patient reads about the end of a course on `today`: the next step, the last day, or that it is over. */
export type CourseNews =
  | { kind: "finished"; endsOn: string }
  | { kind: "next"; from: string; schedule: Schedule; endsOn: string | null }
  | { kind: "ends"; endsOn: string }
  | null;

/** The next change of schedule (a step, or any dated change) and the end, as of `today`. */
export function courseNews(regimen: Regimen, today: string): CourseNews {
  const { endsOn } = regimen;
  if (endsOn != null && today > endsOn) return { kind: "finished", endsOn };
  const next = regimen.changes.find((c) => c.effectiveFrom > today && (endsOn == null || c.effectiveFrom <= endsOn));
  // Only a course names its next step: any other dated change is the medication page's to show.
  if (next && regimen.courseFrom != null && next.effectiveFrom >= regimen.courseFrom)
    return { kind: "next", from: next.effectiveFrom, schedule: next.schedule, endsOn: endsOn ?? null };
  return endsOn == null ? null : { kind: "ends", endsOn };
}
