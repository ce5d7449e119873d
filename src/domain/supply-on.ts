import type { Regimen, Schedule, ScheduleChange } from "./regimen";
import { addDays, dayNumber } from "./time";
import { pausedOnDay, plannedBetween, SCALE, supplyAt, type Timeline, timelineOf, uncovered, walk } from "./walk";

// supplyOn and its kin: the count on a day, the days left and the run-out date of a medication,
// by the rule regimen.ts states (which re-exports all of this: import them from there). Apart from
// the regimen's types, only the walk's day numbers are read here.

/** Counts are shown to 3 decimals at most: keeps float noise out of the UI. */
export const round = (n: number) => Math.round(n * 1000) / 1000;

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

/**
 * What the dose logs dated on or after the count's date add up to (the medication's logged_*
 * columns, kept by src/data/dose-log-sql.ts). `countBy` 'schedule': an unlogged dose is taken at the
 * midnight that ends its day; 'log': only what is logged comes off.
 */
export interface LoggedDoses {
  countBy: "schedule" | "log";
  /** Units that came off as logged: taken and extra amounts (an as-needed use only when counted by log). */
  taken: number;
  /** The scheduled doses of the logged occurrences, taken or skipped: the plan does not charge them. */
  planned: number;
  /** The latest day with a logged occurrence, and their scheduled doses (today's are not charged yet). */
  lastDate: string | null;
  lastPlanned: number;
}

/** What is stored: the count as it was at the start of `countedOn`, the regimen and the logs' totals. */
export interface StoredSupply {
  pillsRemaining: number;
  countedOn: string;
  regimen: Regimen;
  logged?: LoggedDoses;
}

/** Logs that change nothing: counted by schedule, none logged since the count's date. */
const changesNothing = (logged: LoggedDoses | undefined): logged is undefined =>
  logged === undefined || (logged.countBy === "schedule" && logged.taken === 0 && logged.planned === 0);

/** THE function: the count, days left and run-out date of a medication on local date `today`. */
export const supplyOn = (stored: StoredSupply, today: string): Supply => supplyOnTimeline(timelineOf(stored.regimen), stored, today);

/** supplyOn for a regimen already read into a timeline (`stored.regimen`'s). */
export function supplyOnTimeline(
  timeline: Timeline,
  { pillsRemaining, countedOn, logged }: Pick<StoredSupply, "pillsRemaining" | "countedOn" | "logged">,
  today: string,
): Supply {
  if (!changesNothing(logged)) return loggedSupplyOn(timeline, pillsRemaining, countedOn, logged, today);
  const day = dayNumber(today);
  // One walk from the count's date (or today, if the count is dated later) to the run-out: the
  // supply at today is where it passes today, and the walk on starts from it unrounded (as needed,
  // a rounded 0.107 would not cover a day that 0.75/7 does).
  const from = Math.min(dayNumber(countedOn), day);
  const { atMark: supply, short } = walk(timeline, from, Number.POSITIVE_INFINITY, SCALE * pillsRemaining, day);
  const runsOutOn = short === null ? null : short > LAST_DAY - day ? LAST_DATE : addDays(today, short);
  return { pillsRemaining: Math.max(0, round(supply / SCALE)), daysLeft: short, runsOutOn, paused: pausedOnDay(timeline, day) };
}

/**
 * supplyOn with dose logs. Every day's net use is at least 0 (a logged dose replaces its scheduled
 * one; a skipped one costs nothing), so the day-by-day count "never below 0" equals the plain sum
 * floored once at the end: the count now is the stored count, less what the plan charged for the
 * days before today, plus the scheduled doses of the days' logged occurrences (not charged), less
 * what was logged as taken. Today's logged doses come off at once; its unlogged ones are still due.
 */
function loggedSupplyOn(timeline: Timeline, count: number, countedOn: string, logged: LoggedDoses, today: string): Supply {
  const day = dayNumber(today);
  const from = dayNumber(countedOn);
  const plannedToday = logged.lastDate !== null && logged.lastDate >= today ? logged.lastPlanned : 0;
  let supply = SCALE * (count - logged.taken);
  if (logged.countBy === "schedule") supply += SCALE * (logged.planned - plannedToday) - plannedBetween(timeline, from, day);
  const pillsRemaining = Math.max(0, round(supply / SCALE));
  // Ahead: today's doses not logged yet, then each day's schedule (as needed, its estimate).
  const due = Math.max(0, plannedBetween(timeline, day, day + 1) - SCALE * plannedToday);
  let short: number | null = 0;
  if (!uncovered(due, supply)) {
    const after = walk(timeline, day + 1, Number.POSITIVE_INFINITY, Math.max(0, supply - due)).short;
    short = after === null ? null : after + 1;
  }
  const runsOutOn = short === null ? null : short > LAST_DAY - day ? LAST_DATE : addDays(today, short);
  return { pillsRemaining, daysLeft: short, runsOutOn, paused: pausedOnDay(timeline, day) };
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
  answer: {
    schedule: Schedule;
    scheduleChanges: ScheduleChange[];
    pausedFrom: string | null;
    pausedUntil: string | null;
    endsOn?: string | null;
  },
  asOf: string,
): Regimen {
  return {
    changes: [{ effectiveFrom: asOf, schedule: answer.schedule }, ...answer.scheduleChanges],
    pauses: answer.pausedFrom === null ? [] : [{ from: answer.pausedFrom, until: answer.pausedUntil }],
    endsOn: answer.endsOn ?? null,
  };
}

/** An API answer made on `asOf`, counted down to `today` (an offline copy read days later). */
export function countedDown<
  T extends Parameters<typeof regimenFrom>[0] & {
    pillsRemaining: number;
    daysLeft: number | null;
    runsOutOn: string | null;
    countBy?: LoggedDoses["countBy"];
    loggedTodayPlanned?: number;
  },
>(answer: T, asOf: string, today: string): T {
  if (today <= asOf) return answer;
  // The copy's count already follows what was logged on `asOf`. Counted by log, days passing take
  // nothing off. By schedule, the night charges `asOf`'s unlogged doses only: its logged ones stand
  // as the server's logged totals would (the same rule as supplyOn with logs, from `asOf`).
  const planned = answer.countBy === "log" ? 0 : (answer.loggedTodayPlanned ?? 0);
  const logged: LoggedDoses | undefined =
    answer.countBy === "log" || planned > 0
      ? { countBy: answer.countBy ?? "schedule", taken: 0, planned, lastDate: asOf, lastPlanned: planned }
      : undefined;
  const supply = supplyOn({ pillsRemaining: answer.pillsRemaining, countedOn: asOf, regimen: regimenFrom(answer, asOf), logged }, today);
  return { ...answer, pillsRemaining: supply.pillsRemaining, daysLeft: supply.daysLeft, runsOutOn: supply.runsOutOn };
}
