import type { Pause, Regimen, ScheduleChange } from "./regimen";
import { dayNumber } from "./time";

/** "Never" as a day number (walk.ts says why it is an integer). */
export const NEVER = 2 ** 30 - 1;

// A regimen as the supply walk reads it (walk.ts): every date as a day number (integers since
// 1970-01-01). The server stores each change's and pause's day numbers next to their dates
// (storedChange, storedPause: computed from the date, never taken from a client), so reading a
// stored regimen parses no date and copies nothing; an older row, or an answer an island counts
// down, is read into copies that carry them. Pure and browser-safe, like the rest of src/domain.

/** A change with its first day as a day number. */
export type DatedChange = ScheduleChange & { fromDay: number };
/** A pause with its days as day numbers (untilDay null: until resumed). */
export type DatedPause = Pause & { fromDay: number; untilDay: number | null };

/** A change as the server stores it: effectiveFrom's day number next to it. */
export const storedChange = ({ effectiveFrom, schedule }: ScheduleChange): DatedChange => ({
  effectiveFrom,
  fromDay: dayNumber(effectiveFrom),
  schedule,
});

/** A pause as the server stores it: the day numbers of `from` and `until` next to them. */
export const storedPause = ({ from, until }: Pause): DatedPause => ({
  from,
  until,
  fromDay: dayNumber(from),
  untilDay: until === null ? null : dayNumber(until),
});

/**
 * A regimen as the walk reads it, built once per answer (a chart reuses it for all its walks).
 * The walk finds each stretch's end from these sorted lists (each change and pause is passed
 * once, not looked at for every day).
 */
export interface Timeline {
  regimen: Regimen;
  /** The changes, sorted by effectiveFrom, each with its day number. */
  changes: DatedChange[];
  /** The pauses, sorted by their first day, with their day numbers. */
  pauses: DatedPause[];
  /** The day after a course's last (endsOn): nothing is taken from it on. NEVER: no end. */
  endDay: number;
}

/** Whether every change carries its day number (a row the server wrote). */
function datedChanges(changes: ScheduleChange[]): boolean {
  for (let i = 0; i < changes.length; i++) if (typeof changes[i]!.fromDay !== "number") return false;
  return true;
}

/** 0: the pauses carry their day numbers, in order of their first days (as the API keeps them); 1: out of order; 2: not dated. */
function pausesState(pauses: Pause[]): 0 | 1 | 2 {
  let state: 0 | 1 = 0;
  let previous = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < pauses.length; i++) {
    const { fromDay, untilDay } = pauses[i]!;
    if (typeof fromDay !== "number" || untilDay === undefined) return 2;
    if (fromDay < previous) state = 1;
    previous = fromDay;
  }
  return state;
}

export function timelineOf(regimen: Regimen): Timeline {
  let changes = regimen.changes as DatedChange[];
  let pauses = regimen.pauses as DatedPause[];
  // Each date read once, into copies: the regimen itself is never written to.
  if (!datedChanges(changes)) changes = changes.map(storedChange);
  const state = pausesState(pauses);
  if (state === 2) pauses = pauses.map(storedPause);
  // Kept sorted by the API; sorted here only if not (Array#sort costs more than the whole walk).
  if (state !== 0) pauses = [...pauses].sort((a, b) => a.fromDay - b.fromDay);
  const endDay = regimen.endsOn == null ? NEVER : dayNumber(regimen.endsOn) + 1;
  return { regimen, changes, pauses, endDay };
}

/** Whether day `day` is in one of the regimen's pauses (isPausedOn, from the day numbers). */
export function pausedOnDay({ pauses }: Timeline, day: number): boolean {
  for (let i = 0; i < pauses.length && pauses[i]!.fromDay <= day; i++) {
    const until = pauses[i]!.untilDay;
    if (until === null || until >= day) return true;
  }
  return false;
}
