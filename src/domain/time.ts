// Calendar arithmetic in a user's IANA time zone, with nothing but Intl (no Temporal in workerd yet).
// A "local date" is 'YYYY-MM-DD'; an instant is epoch milliseconds.
import { boundedCache } from "../shared/bounded-cache";
import { USER_DEFAULTS } from "../shared/user";

const DAY_MS = 86_400_000;
// One formatter per zone (IANA has ~600; an invalid one throws and is not kept).
const formatterFor = boundedCache(
  "timeZoneFormatters",
  1024,
  (timeZone: string) =>
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }),
);

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone to compute in: a stored zone the runtime no longer knows (tzdata renames) must not break
 * every read or the reminders, so it falls back to UTC.
 */
export const zoneOrUtc = (timeZone: string): string => (isValidTimeZone(timeZone) ? timeZone : USER_DEFAULTS.timezone);

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function wallClockAt(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

/** Offset of the zone from UTC at an instant, in milliseconds (whole seconds). */
export function offsetAt(instant: number, timeZone: string): number {
  const w = wallClockAt(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

export function localDateAt(instant: number, timeZone: string): string {
  const w = wallClockAt(instant, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/**
 * Days from 1970-01-01 to a 'YYYY-MM-DD' date (proleptic Gregorian; Howard Hinnant's
 * days_from_civil). Hot: every list read counts each medication down from its stored dates (a
 * regimen at the limits holds 60), so it reads the eight digits with charCodeAt and does integer
 * arithmetic only: no Date, slice, regex or closure (reading the digits is most of its cost).
 * A month's day overflows into the next month, as with Date.UTC.
 */
export function dayNumber(date: string): number {
  // Each digit is its char code less 48; the 48s are folded into the constants.
  const month = date.charCodeAt(5) * 10 + date.charCodeAt(6) - 528;
  // Years start in March, so the leap day is the last day of the year. Years 0001–9999 keep it
  // at 0 or more, where `| 0` (integer division) floors.
  const march = month > 2 ? 1 : 0;
  const year = date.charCodeAt(0) * 1000 + date.charCodeAt(1) * 100 + date.charCodeAt(2) * 10 + date.charCodeAt(3) - 53_328 - (1 - march);
  const dayOfYear = (((153 * (march ? month - 3 : month + 9) + 2) / 5) | 0) + date.charCodeAt(8) * 10 + date.charCodeAt(9) - 529;
  return year * 365 + ((year / 4) | 0) - ((year / 100) | 0) + ((year / 400) | 0) + dayOfYear - 719_468;
}

const dateToUtcMidnight = (date: string) => dayNumber(date) * DAY_MS;

/** Two digits, zero-padded (0–99). */
const two = (n: number) => (n < 10 ? "0" : "") + n;

/**
 * The 'YYYY-MM-DD' date `days` after `date` (Hinnant's civil_from_days). Hot: the supply walk calls
 * it for every medication of every list read, and building the text from integers is several times
 * cheaper than a Date and toISOString. Never outside years 0001–9999 (past them the text was
 * '+010000-…' or '-004991-12', which no page, feed or e-mail may show): it stops at the first or last day.
 */
export function addDays(date: string, days: number): string {
  const n = Math.min(LAST_DAY, Math.max(FIRST_DAY, dayNumber(date) + days));
  const z = n + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return (year < 1000 ? String(year).padStart(4, "0") : String(year)) + "-" + two(month) + "-" + two(day);
}

/** The first and last days a date may be written as (0001-01-01, 9999-12-31). */
const FIRST_DAY = dayNumber("0001-01-01");
const LAST_DAY = dayNumber("9999-12-31");

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/**
 * The instant the local clock in `timeZone` reads `hour`:00 on `date`. In a DST gap the wall time
 * does not exist and we answer the instant the clock jumps past it (like Temporal's "compatible");
 * in a repeated hour we answer the earlier instant.
 */
export function instantOfLocalHour(date: string, hour: number, timeZone: string): number {
  const wall = dateToUtcMidnight(date) + hour * 3_600_000;
  const offsetBefore = offsetAt(wall - DAY_MS, timeZone);
  const offsetAfter = offsetAt(wall + DAY_MS, timeZone);
  const candidates = [wall - offsetBefore, wall - offsetAfter].filter((t) => wall - offsetAt(t, timeZone) === t).sort((a, b) => a - b);
  if (candidates.length > 0) return candidates[0];
  return wall - offsetBefore; // in the gap: the old offset carries us to the first valid instant after it
}

const HOUR_MS = 3_600_000;

/**
 * The instant local date `date` first reaches `hour`:00 in `timeZone`: the reminder's due instant.
 * Inside a DST gap the hour never shows on the clock, so the reminder is due at the jump itself
 * (the first tick after the skipped hour). instantOfLocalHour's "compatible" answer is that jump
 * for the usual one-hour gap but lands later for longer ones (Danmarkshavn 1996, Samoa's 2011
 * skipped day), so gaps are resolved here.
 */
export function dueInstantOn(date: string, hour: number, timeZone: string): number {
  const compatible = instantOfLocalHour(date, hour, timeZone);
  const wall = wallClockAt(compatible, timeZone);
  if (localDateAt(compatible, timeZone) === date && wall.hour === hour && wall.minute === 0 && wall.second === 0) return compatible;
  return startOfOffsetPeriod(compatible, timeZone);
}

/** The first instant of the offset in force at `instant` (the DST jump just before it). */
export function startOfOffsetPeriod(instant: number, timeZone: string): number {
  const offset = offsetAt(instant, timeZone);
  // A gap is at most a day long (Samoa), so the jump is within 26 hours before the compatible instant.
  let earlier = instant - 26 * HOUR_MS;
  let later = instant;
  if (offsetAt(earlier, timeZone) === offset) return instant;
  // Offsets change on whole seconds: bisect on seconds.
  while (later - earlier > 1000) {
    const mid = earlier + Math.floor((later - earlier) / 2000) * 1000;
    if (offsetAt(mid, timeZone) === offset) later = mid;
    else earlier = mid;
  }
  return later;
}

/** The first instant strictly after `after` when a reminder at local `hour`:00 is due. */
export function nextReminderAt(timeZone: string, hour: number, after: number): number {
  const today = localDateAt(after, timeZone);
  for (let day = -1; day <= 2; day++) {
    const due = dueInstantOn(addDays(today, day), hour, timeZone);
    if (due > after) return due;
  }
  throw new Error(`no reminder instant found for ${timeZone} ${hour}:00 after ${after}`);
}

/** The user's local calendar date: the day counts are kept in ("Timezone used for pill count updates"). */
export function todayIn(timeZone: string, now = Date.now()): string {
  const zone = zoneOrUtc(timeZone);
  return todayBySecond(zone, Math.floor(now / 1000));
}
// Hot (every list read) and formatToParts is slow (~0.07 ms a call in workerd). A zone's offset is
// whole seconds, so its local date is the same throughout a second: remember it per zone and second.
const todayBySecond = boundedCache("todayBySecond", 1024, (zone: string, second: number) => localDateAt(second * 1000, zone));
