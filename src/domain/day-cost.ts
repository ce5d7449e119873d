import type { Schedule, Weekday } from "./regimen";
import { dayNumber } from "./time";

// What a schedule costs a day, in the walk's integer days (walk.ts). Pure and browser-safe.

// Doses are multiples of 0.25 and as-needed use is per week, so the arithmetic is done in sevenths
// of a unit ("7 × count"): a daily dose costs 7 × dose a day, as needed costs perWeek a day, and
// both are exact in binary floating point for the values the API accepts.
export const SCALE = 7;

/** 0 = Monday … 6 = Sunday (day 0, 1970-01-01, was a Thursday). */
const weekdayOfDay = (n: number) => (((n + 3) % 7) + 7) % 7;

/** Monday first, as WEEKDAYS (regimen.ts): a schedule's days as bits. */
const DAY_BIT: Record<Weekday, number> = { mon: 1, tue: 2, wed: 4, thu: 8, fri: 16, sat: 32, sun: 64 };

/**
 * What the schedule in force costs a day, in sevenths, ready for integer days: one object per walk,
 * set again at each change of schedule (no object per change or per stretch).
 */
export interface DayCost {
  /** 0: the same every day (daily, as needed); 1: on the weekdays in `mask`; 2: every `every` days from `startsOn`. */
  kind: 0 | 1 | 2;
  /** The cost of a day with a dose. */
  cost: number;
  mask: number;
  every: number;
  startsOn: number;
  /** After how many days the doses repeat. */
  period: number;
  /** The cost of a whole week for weekdays (the cost added once per dose day, as summed day by day). */
  perWeek: number;
}

export const noCost = (): DayCost => ({ kind: 0, cost: 0, mask: 0, every: 1, startsOn: 0, period: 1, perWeek: 0 });

/** Sets `c` to what `schedule` costs (once per change of schedule a walk passes). */
export function setCost(c: DayCost, schedule: Schedule): void {
  switch (schedule.type) {
    case "daily":
    case "asNeeded":
      c.kind = 0;
      c.cost = schedule.type === "daily" ? SCALE * schedule.dose : schedule.perWeek;
      c.period = 1;
      return;
    case "weekdays": {
      c.kind = 1;
      c.cost = SCALE * schedule.dose;
      c.period = 7;
      c.mask = 0;
      for (const day of schedule.days) c.mask |= DAY_BIT[day] ?? 0;
      c.perWeek = 0;
      for (let i = 0; i < 7; i++) if (c.mask & (1 << i)) c.perWeek += c.cost;
      return;
    }
    case "interval":
      c.kind = 2;
      c.cost = SCALE * schedule.dose;
      c.every = c.period = schedule.everyDays;
      c.startsOn = dayNumber(schedule.startsOn);
      return;
  }
}

/** Sets `c` to what `schedule` costs; answers its cost a day when that is the same every day, else -1. */
export function dailyCost(c: DayCost, schedule: Schedule): number {
  setCost(c, schedule);
  return c.kind === 0 ? c.cost : -1;
}

/** What a schedule costs on day `n`, in sevenths. */
export function costOn(c: DayCost, n: number): number {
  if (c.kind === 0) return c.cost;
  if (c.kind === 1) return c.mask & (1 << weekdayOfDay(n)) ? c.cost : 0;
  const since = n - c.startsOn;
  return since >= 0 && since % c.every === 0 ? c.cost : 0;
}

/** What the `period` days from day `start` cost together (the same for any `period` consecutive days of one stretch). */
export function perPeriodFrom(c: DayCost, start: number): number {
  if (c.kind === 0) return c.cost;
  if (c.kind === 1) return c.perWeek;
  // One dose in any `every` days from the first; none in days that all come before it.
  return start + c.every - 1 >= c.startsOn ? c.cost : 0;
}

/** What the days from `start` to `end` (exclusive) cost together, for a stretch that is not paused. */
export function costBetween(c: DayCost, start: number, end: number): number {
  if (c.kind === 0) return (end - start) * c.cost;
  if (c.kind === 1) {
    const weeks = Math.floor((end - start) / 7);
    let total = weeks * c.perWeek;
    for (let day = start + 7 * weeks; day < end; day++) total += costOn(c, day);
    return total;
  }
  // The dose days from the first one on or after `start`, one every `every` days.
  const from = start > c.startsOn ? start : c.startsOn;
  const first = c.startsOn + Math.ceil((from - c.startsOn) / c.every) * c.every;
  return first < end ? (Math.floor((end - 1 - first) / c.every) + 1) * c.cost : 0;
}
