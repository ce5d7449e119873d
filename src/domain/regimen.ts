import { addDays, dayNumber, daysBetween } from "./time";
import { SCALE, supplyAt, type Timeline, timelineOf, walk } from "./walk";

export { type Timeline, timelineOf } from "./walk";

// What a medication is taken in (its unit) and when (its schedule, the changes of schedule from a
// date, a pause), and the ONE rule every screen, e-mail, feed and export uses for the count on a
// day, the days left and the run-out date (supplyOn). Pure and small: the islands import it too.
//
// The rule: the count shown for a local day is what is on hand at the start of that day; that
// day's scheduled dose comes off at the local midnight that ends it, never below 0. A medication
// runs out on the first day whose dose the supply cannot fully cover (a day with no dose is covered
// even at 0). Only local dates appear here: when a local midnight falls (DST, :30/:45 zones) is
// todayIn's business (countdown.ts).

export const UNITS = ["tablet", "capsule", "ml", "puff", "unit", "patch", "drop", "injection", "application"] as const;
export type Unit = (typeof UNITS)[number];
export const DEFAULT_UNIT: Unit = "tablet";

/** Monday first, as the week is written in the schedule ('mon'…'sun'). */
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type Schedule =
  | { type: "daily"; dose: number }
  | { type: "weekdays"; dose: number; days: Weekday[] }
  | { type: "interval"; dose: number; everyDays: number; startsOn: string }
  | { type: "asNeeded"; perWeek: number };

/** A schedule in force from a local date on (until the next change). */
export interface ScheduleChange {
  effectiveFrom: string;
  schedule: Schedule;
}

/** Days nothing is taken, both ends included; `until` null = until resumed. */
export interface Pause {
  from: string;
  until: string | null;
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
export const doseOn = (regimen: Regimen, date: string) => (isPausedOn(regimen, date) ? 0 : costOf(scheduleOn(regimen, date), date) / SCALE);

/** Counts are shown to 3 decimals at most: keeps float noise out of the UI. */
const round = (n: number) => Math.round(n * 1000) / 1000;

/** The count at the start of local date `date`, kept as `count` at the start of `countedOn`. */
export const countOn = (regimen: Regimen, count: number, countedOn: string, date: string) =>
  countOnTimeline(timelineOf(regimen), count, countedOn, date);

/** countOn for a regimen already read into a timeline (the chart walks one regimen several times). */
export const countOnTimeline = (timeline: Timeline, count: number, countedOn: string, date: string) =>
  Math.max(0, round(supplyAt(timeline, count, dayNumber(countedOn), dayNumber(date)) / SCALE));

/** The latest date the product writes: a run-out further away is shown as this day. */
const LAST_DATE = "9999-12-31";
const LAST_DAY = dayNumber(LAST_DATE);

/** A medication's supply as the product shows it on a day. */
export interface Supply {
  /** On hand at the start of the day, in the medication's unit (the API's pillsRemaining on that day). */
  pillsRemaining: number;
  /** Days from the day to runsOutOn; null when it never runs out (paused with no end). */
  daysLeft: number | null;
  /** The first day whose dose the supply cannot fully cover; null when it never runs out. */
  runsOutOn: string | null;
  /** Paused on the day. */
  paused: boolean;
}

/** What is stored: the count as it was at the start of `countedOn`, and the regimen. */
export interface StoredSupply {
  pillsRemaining: number;
  countedOn: string;
  regimen: Regimen;
}

/** THE function: the count, days left and run-out date of a medication on local date `today`. */
export const supplyOn = (stored: StoredSupply, today: string): Supply => supplyOnTimeline(timelineOf(stored.regimen), stored, today);

/** supplyOn for a regimen already read into a timeline (`stored.regimen`'s). */
export function supplyOnTimeline(
  timeline: Timeline,
  { pillsRemaining, countedOn }: Pick<StoredSupply, "pillsRemaining" | "countedOn">,
  today: string,
): Supply {
  const day = dayNumber(today);
  // The walk forward starts from the unrounded supply: as needed, a rounded 0.107 would not cover a day that 0.75/7 does.
  const supply = supplyAt(timeline, pillsRemaining, dayNumber(countedOn), day);
  const { short } = walk(timeline, day, Number.POSITIVE_INFINITY, supply);
  const runsOutOn = short === null ? null : short > LAST_DAY - day ? LAST_DATE : addDays(today, short);
  return { pillsRemaining: Math.max(0, round(supply / SCALE)), daysLeft: short, runsOutOn, paused: isPausedOn(timeline.regimen, today) };
}

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
  return regimen.changes.length > 0 ? regimen : { changes: dailyRegimen(pillsPerDay).changes, pauses: regimen.pauses };
}

/** The pause in effect on `today` or the next one to come (the API's pausedFrom/pausedUntil), or null. */
export const currentPause = (regimen: Regimen, today: string): Pause | null =>
  regimen.pauses.find((p) => p.until === null || p.until >= today) ?? null;

/** The changes that take effect after `today` (the API's scheduleChanges). */
export const upcomingChanges = (regimen: Regimen, today: string) => regimen.changes.filter((c) => c.effectiveFrom > today);

/** A schedule with its keys in one order, so two equal schedules are the same JSON text (compared in SQL). */
export function canonicalSchedule(schedule: Schedule): Schedule {
  switch (schedule.type) {
    case "daily":
      return { type: "daily", dose: schedule.dose };
    case "weekdays":
      return { type: "weekdays", dose: schedule.dose, days: WEEKDAYS.filter((d) => schedule.days.includes(d)) };
    case "interval":
      return { type: "interval", dose: schedule.dose, everyDays: schedule.everyDays, startsOn: schedule.startsOn };
    case "asNeeded":
      return { type: "asNeeded", perWeek: schedule.perWeek };
  }
}

/** The first day that starts with nothing left, for `count` at the start of `countedOn`; null if never. */
export const emptyOn = (regimen: Regimen, count: number, countedOn: string): string | null =>
  emptyOnTimeline(timelineOf(regimen), count, countedOn);

/** emptyOn for a regimen already read into a timeline. */
export function emptyOnTimeline(timeline: Timeline, count: number, countedOn: string): string | null {
  const { runsOutOn } = supplyOnTimeline(timeline, { pillsRemaining: count, countedOn }, countedOn);
  if (runsOutOn === null) return null;
  return countOnTimeline(timeline, count, countedOn, runsOutOn) === 0 ? runsOutOn : addDays(runsOutOn, 1);
}

/**
 * The regimen from `asOf` on, as an API answer describes it (the schedule in force, the upcoming
 * changes and the current or next pause): enough to count a kept offline copy down with supplyOn.
 */
export function regimenFrom(
  answer: { schedule: Schedule; scheduleChanges: ScheduleChange[]; pausedFrom: string | null; pausedUntil: string | null },
  asOf: string,
): Regimen {
  return {
    changes: [{ effectiveFrom: asOf, schedule: answer.schedule }, ...answer.scheduleChanges],
    pauses: answer.pausedFrom === null ? [] : [{ from: answer.pausedFrom, until: answer.pausedUntil }],
  };
}

/** An API answer made on `asOf`, counted down to `today` (an offline copy read days later). */
export function countedDown<
  T extends Parameters<typeof regimenFrom>[0] & { pillsRemaining: number; daysLeft: number | null; runsOutOn: string | null },
>(answer: T, asOf: string, today: string): T {
  if (today <= asOf) return answer;
  const supply = supplyOn({ pillsRemaining: answer.pillsRemaining, countedOn: asOf, regimen: regimenFrom(answer, asOf) }, today);
  return { ...answer, pillsRemaining: supply.pillsRemaining, daysLeft: supply.daysLeft, runsOutOn: supply.runsOutOn };
}
