import { dayNumber } from "./time";
import { costBetween, costOn, type DayCost, dailyCost, noCost, perPeriodFrom, SCALE } from "./day-cost";
import { NEVER, type Timeline } from "./timeline";

export { pausedOnDay, type Timeline, timelineOf } from "./timeline";
export { SCALE } from "./day-cost";

// The supply walk behind supplyOn, countOn and emptyOn (regimen.ts has the rule it implements).
// The goal: a medication at the limits (20 changes, 20 pauses) costs no more than 3× a plain
// daily one. So the walk reads a Timeline of day numbers (integers since 1970-01-01; stored next to
// the dates, timeline.ts); it passes each change and pause once, in order, and does integer
// arithmetic per stretch: no date text, generator, sort or per-day loop, a covered stretch in one
// step and a pause in one jump.
// Pure and browser-safe, like the rest of src/domain.

/** The last day a date may be written as (9999-12-31): addDays stops there, and so does the walk. */
const LAST_DAY = dayNumber("9999-12-31");
// "Never" as a day number (NEVER, timeline.ts): far past 9999-12-31 and still a small integer, so
// the walk's day arithmetic stays in integers (an Infinity would make every day a double).
const INFINITY = NEVER;

export interface WalkResult {
  supply: number;
  short: number | null;
  atMark: number;
}

// Float noise from a perWeek like 0.3 must not make a covered day look uncovered; a cost far below
// it (none the schemas accept) is still a cost, so the walk cannot stall on it.
const EPSILON = 1e-9;
export const uncovered = (cost: number, left: number) => cost > 0 && cost - left > Math.min(EPSILON, cost / 2);

/** Rounds of "jump, then day by day" in one stretch: two suffice (see walk); the rest is a bound. */
const MAX_ROUNDS = 4;

/** No day (shortIn found the supply covers the stretch). */
const NONE = -(2 ** 30);
/** What shortIn leaves besides its answer: the supply after it, and the days counted in whole periods past the last stretch's end. */
const found = { left: 0, skipped: 0 };

/**
 * The part of a stretch (days `start` to `end`, exclusive; `end` NEVER: the last) that `left` may
 * not cover, one period's cost being `perPeriod`: the first day it cannot cover, or NONE.
 *
 * Bounded: at most MAX_ROUNDS rounds of one jump and 2 periods (≤ 180 days) day by day. After a
 * jump less than two periods' supply is left, or the stretch has less than a period to go, so the
 * second round ends it. In the last stretch the days repeat, so whole periods are only counted
 * (`found.skipped`): the date would pass year 9999 for a million tablets at a quarter a day.
 */
function shortIn(schedule: DayCost, start: number, end: number, left: number, perPeriod: number): number {
  const { period } = schedule;
  let skipped = 0;
  let day = start;
  let short = NONE;
  rounds: for (let round = 0; perPeriod > 0 && day < end; round++) {
    // Unreachable for what the schemas accept (see walk): a bound on the loop, not an answer.
    if (round === MAX_ROUNDS) {
      short = day;
      break;
    }
    // Jump whole periods while at least two periods' supply is left, then go day by day.
    const room = end === INFINITY ? end : Math.floor((end - day) / period);
    const periods = Math.min(room, Math.max(0, Math.floor(left / perPeriod) - 1));
    if (periods > 0) {
      left -= periods * perPeriod;
      if (end === INFINITY) skipped += periods * period;
      else day += periods * period;
    }
    for (let i = 0; i < 2 * period && day < end; i++) {
      const cost = costOn(schedule, day);
      if (uncovered(cost, left)) {
        short = day;
        break rounds;
      }
      left = Math.max(0, left - cost);
      // The last stretch may reach 9999-12-31, where the dates stop (addDays).
      if (day < LAST_DAY) day++;
    }
  }
  found.left = left;
  found.skipped = skipped;
  return short;
}

/**
 * Walks the days from day `from` (inclusive), taking each day's cost off `supply` (sevenths), and
 * stops at day `until` (exclusive, Infinity = never) or at the first day the supply cannot fully
 * cover (`short`, in days after `mark`, by default `from`). Each stretch has one schedule and is paused or not
 * throughout. Whole periods within a stretch are taken at once, so a year or a million
 * tablets cost a few steps; in the last stretch the days repeat, so whole periods are only counted
 * (the date would pass year 9999 for a million tablets at a quarter a day).
 *
 * Bounded: each stretch (at most one per change, pause end and interval start) takes at most
 * MAX_ROUNDS rounds of one jump and 2 periods (≤ 180 days) day by day. After a jump less than two
 * periods' supply is left, or the stretch has less than a period to go, so the second round ends it.
 *
 * With `mark` (a day from `from` on), one walk answers two questions: the supply at the start of
 * `mark` (`atMark`; 0 if it ran short before), and `short` in days after `mark`, as a walk from
 * `mark` with that supply would find. supplyOn's count today and run-out date are one walk.
 */
export function walk(timeline: Timeline, from: number, until: number, supply: number, mark = from): WalkResult {
  const { changes, pauses, endDay } = timeline;
  if (until > NEVER) until = NEVER;
  const lastChange = changes.length - 1;
  const schedule = noCost();
  let change = 0;
  // The change `schedule` was last set for.
  let setFor = -1;
  // Its cost a day when that is the same every day (daily, as needed), else -1.
  let daily = -1;
  let pause = 0;
  // The first days of the next change and the next pause, read once each (Infinity: none).
  let nextChange = lastChange > 0 ? changes[1]!.fromDay : INFINITY;
  let nextPause = pauses.length > 0 ? pauses[0]!.fromDay : INFINITY;
  // The latest last day of the pauses begun so far.
  let pausedUntil = -NEVER;
  let skipped = 0;
  let left = supply;
  let atMark = supply;
  for (let start = from; start < until; ) {
    if (start === mark) atMark = left;
    // Changes are sorted: the one in force is the last from on or before `start`, else the first (scheduleOn).
    while (nextChange <= start) nextChange = ++change < lastChange ? changes[change + 1]!.fromDay : INFINITY;
    while (nextPause <= start) {
      const last = pauses[pause]!.untilDay ?? INFINITY;
      if (last > pausedUntil) pausedUntil = last;
      nextPause = ++pause < pauses.length ? pauses[pause]!.fromDay : INFINITY;
    }
    if (start >= endDay || pausedUntil >= start) {
      // Paused (or past a course's last day, endDay): nothing is taken until the pause ends, so
      // the changes and pauses begun before then only need passing (the loops above), not a stretch.
      let resumes = start >= endDay || pausedUntil === INFINITY ? INFINITY : pausedUntil < LAST_DAY ? pausedUntil + 1 : LAST_DAY;
      // Paused through 9999-12-31, where the dates stop (addDays): never resumes.
      if (resumes <= start) resumes = INFINITY;
      if (start < mark && mark < resumes) resumes = mark;
      if (resumes === INFINITY && until === INFINITY) return { supply: left, short: null, atMark };
      start = resumes;
      continue;
    }
    // The stretch ends at the first day after `start` that may follow a new pattern: the next
    // change, the next pause, the course's end, an interval's first day.
    let stretchEnd = nextChange < nextPause ? nextChange : nextPause;
    if (endDay < stretchEnd) stretchEnd = endDay;
    if (setFor !== change) daily = dailyCost(schedule, changes[(setFor = change)]!.schedule);
    if (schedule.kind === 2 && schedule.startsOn > start && schedule.startsOn < stretchEnd) stretchEnd = schedule.startsOn;
    if (start < mark && mark < stretchEnd) stretchEnd = mark;
    const end = until < stretchEnd ? until : stretchEnd;
    // The common stretch first: the same cost every day, covered in full (one multiplication).
    if (daily >= 0 && end !== INFINITY && left >= (end - start) * daily) {
      left -= (end - start) * daily;
      start = stretchEnd;
      // Then the same in a tight loop (most of a medication at the limits): stretches of a same-cost
      // schedule and pauses that end, up to the first day the loop above must see (`clear`: the mark,
      // the course's end, `until`) or a stretch the supply does not cover. The loop above goes on
      // from where this one stops, with every variable as it would have set it.
      let clear = endDay < until ? endDay : until;
      if (start <= mark && mark < clear) clear = mark;
      while (start < clear) {
        if (nextPause <= start) {
          const last = pauses[pause]!.untilDay ?? INFINITY;
          if (last > pausedUntil) pausedUntil = last;
          nextPause = ++pause < pauses.length ? pauses[pause]!.fromDay : INFINITY;
          continue;
        }
        if (pausedUntil >= start) {
          if (pausedUntil + 1 >= clear || pausedUntil >= LAST_DAY) break;
          start = pausedUntil + 1;
          continue;
        }
        if (nextChange <= start) {
          while (nextChange <= start) nextChange = ++change < lastChange ? changes[change + 1]!.fromDay : INFINITY;
          daily = dailyCost(schedule, changes[(setFor = change)]!.schedule);
          if (daily < 0) break;
        }
        const next = nextChange < nextPause ? (nextChange < clear ? nextChange : clear) : nextPause < clear ? nextPause : clear;
        const cost = (next - start) * daily;
        if (next === INFINITY || left < cost) break;
        left -= cost;
        start = next;
      }
      continue;
    }
    const perPeriod = perPeriodFrom(schedule, start);
    // Nothing is taken in this stretch (an interval not started yet): on to the next, if any.
    if (perPeriod === 0 && end === INFINITY) return { supply: left, short: null, atMark };
    // A stretch the supply covers in full costs its total at once (exact for what the schemas
    // accept: quarters and sevenths of them add up without rounding).
    if (perPeriod > 0 && end !== INFINITY && left >= 0) {
      const total = costBetween(schedule, start, end);
      if (left >= total) {
        left -= total;
        if (stretchEnd === INFINITY) break;
        start = stretchEnd;
        continue;
      }
    }
    // The day-by-day part, in its own function: the loop above stays small.
    const shortDay = shortIn(schedule, start, end, left, perPeriod);
    left = found.left;
    skipped += found.skipped;
    if (shortDay !== NONE) {
      if (shortDay >= mark) return { supply: 0, short: shortDay - mark + skipped, atMark };
      // Short before `mark`: the mark starts with nothing, as a walk from it with 0 would.
      left = 0;
      start = mark;
      continue;
    }
    if (stretchEnd === INFINITY) break;
    start = stretchEnd;
  }
  return { supply: left, short: null, atMark };
}

// Far above any cost the schemas admit (7 × 1,000 a day for 8,100 years is 2e10), and small enough
// that quarters stay exact in a double.
const PLENTY = 2 ** 48;

/** What the schedule asks for from day `from` (inclusive) to `until` (exclusive), in sevenths: nothing runs out. */
export function plannedBetween(timeline: Timeline, from: number, until: number): number {
  if (until <= from) return 0;
  return PLENTY - walk(timeline, from, until, PLENTY).supply;
}

/** The supply (sevenths, unrounded) at the start of day `date`, kept as `count` at the start of day `countedOn`. */
export function supplyAt(timeline: Timeline, count: number, countedOn: number, date: number): number {
  if (date <= countedOn) return SCALE * count;
  const { supply, short } = walk(timeline, countedOn, date, SCALE * count);
  return short !== null ? 0 : supply;
}
