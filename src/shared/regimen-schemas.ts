import * as z from "zod/mini";
import * as m from "../generated/i18n";
import { type Schedule, UNITS, WEEKDAYS } from "../domain/regimen";
import {
  COURSE_STEP_DAYS_MAX,
  COURSE_STEPS_MAX,
  DOSE_MAX,
  DOSE_MIN,
  DOSE_STEP,
  EVERY_DAYS_MAX,
  EVERY_DAYS_MIN,
  isQuarterIn,
  PER_WEEK_MAX,
  PER_WEEK_MIN,
  TIME_OF_DAY,
  TIMES_MAX,
} from "../domain/limits";
import { dateInRange, dateRangeMessage, isCalendarDate } from "./date-range";
import { msg, type Message } from "./validation";

// The regimen part of a medication payload: unit, schedule, the date a new schedule takes
// effect, and a pause. Shared by the API and the medication form; each message names its field.

/** A local date, or null/empty/missing for none. */
const optionalDate = (message: Message) =>
  z.pipe(
    z.pipe(
      z.optional(z.nullable(z.string(msg(message)))),
      z.transform((value) => (value ? value : null)),
    ),
    z.nullable(
      z
        .string()
        .check(
          z.regex(/^\d{4}-\d{2}-\d{2}$/, msg(message)),
          z.refine(isCalendarDate, msg(message)),
          z.refine(dateInRange, msg(dateRangeMessage)),
        ),
    ),
  );

const date = (message: Message) =>
  z
    .string(msg(message))
    .check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, msg(message)),
      z.refine(isCalendarDate, msg(message)),
      z.refine(dateInRange, msg(dateRangeMessage)),
    );

/** Form fields arrive as strings; the API gets numbers. */
const coerced = (message: Message) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === "string" ? (value.trim() === "" ? Number.NaN : Number(value)) : value)),
    z.number(msg(message)).check(z.refine(Number.isFinite, msg(message))),
  );

/** A dose: at least 0.25, a multiple of 0.25, at most 1000 (src/domain/limits.ts). */
export const isDose = (n: number) => isQuarterIn(n, DOSE_MIN, DOSE_MAX);
/** As-needed use a week: the same steps (below a quarter the countdown could not make progress). */
export const isPerWeek = (n: number) => isQuarterIn(n, PER_WEEK_MIN, PER_WEEK_MAX);
// The limits are placeholders, so a message writes them in the locale's digits (٠٫٢٥ in ar-EG).
const perWeekMessage = () => m.field_per_week_invalid({ min: PER_WEEK_MIN, max: PER_WEEK_MAX, step: DOSE_STEP });
const everyDaysMessage = () => m.field_every_days_range({ min: EVERY_DAYS_MIN, max: EVERY_DAYS_MAX });
const doseMessage = () => m.field_dose_invalid({ min: DOSE_MIN, max: DOSE_MAX, step: DOSE_STEP });
const dose = z.pipe(coerced(doseMessage), z.number().check(z.refine(isDose, msg(doseMessage))));

const weekday = z.enum(WEEKDAYS, msg(m.field_days_unknown));

/** 'HH:MM', local time, 00:00 to 23:59. */
export const timeOfDay = z.string(msg(m.field_time_invalid)).check(z.regex(TIME_OF_DAY, msg(m.field_time_invalid)));
const timesMessage = () => m.field_times_invalid({ max: TIMES_MAX });
const times = z.optional(
  z.array(z.object({ at: timeOfDay, dose }), msg(timesMessage)).check(
    z.maxLength(TIMES_MAX, msg(timesMessage)),
    z.refine((list) => new Set(list.map((t) => t.at)).size === list.length, msg(m.field_times_repeated)),
  ),
);
// With times the dose may be left out (it is their sum); a dose schedule without times needs one.
const doseWithTimes = z.optional(dose);

const scheduleUnion = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("daily"), dose: doseWithTimes, times }),
    z.object({
      type: z.literal("weekdays"),
      dose: doseWithTimes,
      days: z.array(weekday, msg(m.field_days_empty)).check(z.minLength(1, msg(m.field_days_empty))),
      times,
    }),
    z.object({
      type: z.literal("interval"),
      dose: doseWithTimes,
      everyDays: z.pipe(
        coerced(everyDaysMessage),
        z
          .number()
          .check(z.int(msg(everyDaysMessage)), z.gte(EVERY_DAYS_MIN, msg(everyDaysMessage)), z.lte(EVERY_DAYS_MAX, msg(everyDaysMessage))),
      ),
      startsOn: date(m.field_starts_on_invalid),
      times,
    }),
    z.object({
      type: z.literal("asNeeded"),
      perWeek: z.pipe(coerced(perWeekMessage), z.number().check(z.refine(isPerWeek, msg(perWeekMessage)))),
      maxPerDay: z.optional(z.nullable(z.pipe(coerced(doseMessage), z.number().check(z.refine(isDose, msg(doseMessage)))))),
    }),
  ],
  msg(m.field_schedule_invalid),
);
type ScheduleInput = z.infer<typeof scheduleUnion>;

/** The day's total of times, in quarters summed exactly. */
export const timesTotal = (list: { dose: number }[]) => list.reduce((sum, t) => sum + t.dose, 0);

/** Why a schedule's dose and times disagree (a message at the dose field), or null. */
function doseProblem(input: ScheduleInput): Message | null {
  if (input.type === "asNeeded") return null;
  if (input.times && input.times.length > 0) {
    const total = timesTotal(input.times);
    return input.dose === undefined || input.dose === total ? null : () => m.field_dose_not_times_total({ total });
  }
  return input.dose === undefined ? doseMessage : null;
}

/** A schedule as the domain holds it: the dose filled in from the times, no empty times or maxPerDay. */
function toSchedule(input: ScheduleInput): Schedule {
  if (input.type === "asNeeded")
    return input.maxPerDay == null ? { type: "asNeeded", perWeek: input.perWeek } : { ...input, maxPerDay: input.maxPerDay };
  const { times: list, ...rest } = input;
  const timed = list && list.length > 0;
  return { ...rest, dose: timed ? timesTotal(list) : (input.dose as number), ...(timed ? { times: list } : {}) } as Schedule;
}

export const scheduleSchema = z.pipe(
  scheduleUnion.check(
    z.superRefine((input, ctx) => {
      const problem = doseProblem(input);
      if (problem)
        ctx.issues.push({
          code: "custom",
          input: input,
          path: ["dose"],
          message: typeof problem === "function" ? problem() : String(problem),
        });
    }),
  ),
  z.transform(toSchedule),
);

const courseMessage = () => m.field_course_invalid({ min: 1, max: COURSE_STEPS_MAX });
const courseDaysMessage = () => m.field_course_days_range({ min: 1, max: COURSE_STEP_DAYS_MAX });
/** A course's steps (src/domain/course.ts): each a schedule for 1–365 days, 1–12 steps. */
export const courseSchema = z
  .array(
    z.object({
      schedule: scheduleSchema,
      days: z.pipe(
        coerced(courseDaysMessage),
        z
          .number()
          .check(z.int(msg(courseDaysMessage)), z.gte(1, msg(courseDaysMessage)), z.lte(COURSE_STEP_DAYS_MAX, msg(courseDaysMessage))),
      ),
    }),
    msg(courseMessage),
  )
  .check(z.minLength(1, msg(courseMessage)), z.maxLength(COURSE_STEPS_MAX, msg(courseMessage)));

/** The regimen fields of POST/PATCH /api/medications; each may be left out (older clients). */
export const regimenFields = {
  unit: z.optional(z.enum(UNITS, msg(m.field_unit_invalid))),
  schedule: z.optional(scheduleSchema),
  effectiveFrom: optionalDate(m.field_effective_from_invalid),
  // Left out: kept (a new medication: by log when taken as needed, else by schedule).
  countBy: z.optional(z.enum(["schedule", "log"], msg(m.field_count_by_invalid))),
  // Left out: the pause stays as it is; null or empty: no pause.
  pausedFrom: z.optional(optionalDate(m.field_paused_from_invalid)),
  pausedUntil: z.optional(optionalDate(m.field_paused_until_invalid)),
  // Steps from effectiveFrom, then stop. Left out: kept (unless a new schedule replaces its steps); null: no course.
  course: z.optional(z.nullable(courseSchema)),
  // The last day taken, for any schedule. Left out: kept; null or empty: no end.
  endsOn: z.optional(optionalDate(m.field_ends_on_invalid)),
};

/** pausedUntil needs a pausedFrom, and not before it. */
export const pauseProblem = (input: { pausedFrom?: string | null; pausedUntil?: string | null }): Message | null =>
  input.pausedUntil != null && (input.pausedFrom == null || input.pausedUntil < input.pausedFrom) ? m.field_paused_until_before_from : null;

/** How far ahead a change of schedule may be dated (kept with the other limits). */
export { EFFECTIVE_FROM_MAX_DAYS } from "../domain/limits";

/**
 * PUT /api/medications/:id/pause and the pause dialog: a first paused day, and the last one or none
 * (empty: paused until resumed). The server also refuses a last day before the user's today.
 */
export const pauseSchema = z
  .object({
    pausedFrom: date(m.field_paused_from_invalid),
    pausedUntil: optionalDate(m.field_paused_until_invalid),
  })
  .check(z.refine((pause) => pauseProblem(pause) === null, { ...msg(m.field_paused_until_before_from), path: ["pausedUntil"] }));

export type PausePayload = z.infer<typeof pauseSchema>;
