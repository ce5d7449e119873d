import { round } from "./supply-on";
import { dayNumber, daysBetween } from "./time";
import { SCALE } from "./walk";

export {
  countedDown,
  countOn,
  countOnTimeline,
  emptyOn,
  emptyOnTimeline,
  type LoggedDoses,
  regimenFrom,
  type StoredSupply,
  type Supply,
  supplyOn,
  supplyOnTimeline,
} from "./supply-on";
export { type Timeline, timelineOf } from "./walk";

// What a medication is taken in (its unit) and when (its schedule, the changes of schedule from a
// date, a pause), and the ONE rule every screen, e-mail, feed and export uses for the count on a
// day, the days left and the run-out date (supplyOn). Pure and small: the islands import it too.
//
// The rule: the count shown for a local day is what is on hand at the start of that day; that
// day's scheduled dose comes off at the local midnight that ends it, never below 0. A medication
// runs out on the first day whose dose the supply cannot fully cover (a day with no dose is covered
// even at 0). Only local dates appear here: when a local midnight falls (DST, :30/:45 zones) is
// todayIn's business (countdown.ts). The count, days left and run-out date are in supply-on.ts.

export const UNITS = ["tablet", "capsule", "ml", "puff", "unit", "patch", "drop", "injection", "application"] as const;
export type Unit = (typeof UNITS)[number];
export const DEFAULT_UNIT: Unit = "tablet";

/** Monday first, as the week is written in the schedule ('mon'…'sun'). */
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A time of day a dose is taken ('HH:MM', local) and how much then. */
export interface DoseTime {
  at: string;
  dose: number;
}

// With `times`, `dose` is the day's total (their sum); without, a dose day has one untimed dose.
// `maxPerDay` of an as-needed schedule only warns when a logged use passes it.
export type Schedule =
  | { type: "daily"; dose: number; times?: DoseTime[] }
  | { type: "weekdays"; dose: number; days: Weekday[]; times?: DoseTime[] }
  | { type: "interval"; dose: number; everyDays: number; startsOn: string; times?: DoseTime[] }
  | { type: "asNeeded"; perWeek: number; maxPerDay?: number };

/** A schedule in force from a local date on (until the next change). */
export interface ScheduleChange {
  effectiveFrom: string;
  schedule: Schedule;
  /** effectiveFrom's day number (dayNumber), stored by the server next to it (storedChange); absent in older rows and answers. */
  fromDay?: number;
}

/** Days nothing is taken, both ends included; `until` null = until resumed. */
export interface Pause {
  from: string;
  until: string | null;
  /** `from` and `until` as day numbers, stored by the server next to them (storedPause); absent in older rows and answers. */
  fromDay?: number;
  untilDay?: number | null;
}

/**
 * Everything that says what a day costs. `changes` is sorted by effectiveFrom; the first one also
 * covers the days before its date (the days before a medication was added are never charged: the
 * count is kept as of countedOn). `pauses` are sorted and do not overlap: past ones stay so the
 * chart draws those days as they were; the API shows the last one (pausedFrom/pausedUntil).
 */
export interface Regimen {
  changes: ScheduleChange[];
  pauses: Pause[];
  /** The last day taken (a course's last step's last day, or a plain end); missing or null: no end. */
  endsOn?: string | null;
  /** The first day of a course: its steps are the changes from this day to endsOn (course.ts). */
  courseFrom?: string | null;
}

export const dailyRegimen = (dose: number, since = "1970-01-01"): Regimen => ({
  changes: [{ effectiveFrom: since, schedule: { type: "daily", dose } }],
  pauses: [],
});

// ---- One day ----

/** 0 = Monday … 6 = Sunday (1970-01-01, day 0, was a Thursday). */
export const weekdayIndex = (date: string) => (((dayNumber(date) + 3) % 7) + 7) % 7;

/** The change in force on `date`: the last one from on or before it, else the first. */
export function scheduleOn(regimen: Regimen, date: string): Schedule {
  const { changes } = regimen;
  let found = changes[0]!;
  for (const change of changes) if (change.effectiveFrom <= date) found = change;
  return found.schedule;
}

export const isPausedOn = ({ pauses }: Regimen, date: string) =>
  pauses.some((p) => date >= p.from && (p.until === null || date <= p.until));

/** After the last day taken (endsOn): nothing is charged, planned or reminded. */
export const hasEndedOn = ({ endsOn }: Regimen, date: string) => endsOn != null && date > endsOn;

/** What a schedule costs on `date`, in sevenths of a unit. */
function costOf(schedule: Schedule, date: string): number {
  switch (schedule.type) {
    case "daily":
      return SCALE * schedule.dose;
    case "weekdays":
      return schedule.days.includes(WEEKDAYS[weekdayIndex(date)]!) ? SCALE * schedule.dose : 0;
    case "interval": {
      const since = daysBetween(schedule.startsOn, date);
      return since >= 0 && since % schedule.everyDays === 0 ? SCALE * schedule.dose : 0;
    }
    case "asNeeded":
      return schedule.perWeek;
  }
}

/** The units taken on `date` (0 on a paused day or a day without a dose). */
export const doseOn = (regimen: Regimen, date: string) =>
  isPausedOn(regimen, date) || hasEndedOn(regimen, date) ? 0 : costOf(scheduleOn(regimen, date), date) / SCALE;

/** The average use a day of a schedule (the API's `pillsPerDay`, for older clients). */
export function averagePerDay(schedule: Schedule): number {
  switch (schedule.type) {
    case "daily":
      return schedule.dose;
    case "weekdays":
      return round((schedule.dose * schedule.days.length) / 7);
    case "interval":
      return round(schedule.dose / schedule.everyDays);
    case "asNeeded":
      return round(schedule.perWeek / 7);
  }
}

// ---- Stored form ----

/** The regimen column as stored; a row without changes (the column's default) is a daily dose of pillsPerDay. */
export function parseRegimen(text: string, pillsPerDay: number): Regimen {
  const regimen = JSON.parse(text) as Regimen;
  return regimen.changes.length > 0 ? regimen : { ...regimen, changes: dailyRegimen(pillsPerDay).changes };
}

/** The pause in effect on `today` or the next one to come (the API's pausedFrom/pausedUntil), or null. */
export const currentPause = (regimen: Regimen, today: string): Pause | null =>
  regimen.pauses.find((p) => p.until === null || p.until >= today) ?? null;

/** The changes that take effect after `today` (the API's scheduleChanges: the dates, not the stored day numbers). */
export const upcomingChanges = (regimen: Regimen, today: string): ScheduleChange[] =>
  regimen.changes.filter((c) => c.effectiveFrom > today).map(({ effectiveFrom, schedule }) => ({ effectiveFrom, schedule }));

/** Times sorted by the clock, kept only when there are some (a schedule without times stores as before). */
const timesPart = (times: DoseTime[] | undefined) =>
  times && times.length > 0 ? { times: [...times].sort((a, b) => (a.at < b.at ? -1 : 1)).map(({ at, dose }) => ({ at, dose })) } : {};

/**
 * A schedule with its keys in one order, so two equal schedules are the same JSON text (compared in
 * SQL); with times, the dose is their sum.
 */
export function canonicalSchedule(schedule: Schedule): Schedule {
  if (schedule.type === "asNeeded")
    return { type: "asNeeded", perWeek: schedule.perWeek, ...(schedule.maxPerDay === undefined ? {} : { maxPerDay: schedule.maxPerDay }) };
  const times = timesPart(schedule.times);
  const dose = times.times ? times.times.reduce((sum, t) => sum + t.dose, 0) : schedule.dose;
  switch (schedule.type) {
    case "daily":
      return { type: "daily", dose, ...times };
    case "weekdays":
      return { type: "weekdays", dose, days: WEEKDAYS.filter((d) => schedule.days.includes(d)), ...times };
    case "interval":
      return { type: "interval", dose, everyDays: schedule.everyDays, startsOn: schedule.startsOn, ...times };
  }
}
