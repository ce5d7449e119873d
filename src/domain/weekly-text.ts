import { currentLocale } from "../i18n/current";
import { boundedCache } from "../shared/bounded-cache";
import { WEEKDAYS, type Schedule, type Weekday } from "./regimen";
import { addDays, daysBetween } from "./time";

// The words that name the day of a weekly or interval dose in the dose sentence (dose-text.ts):
// 'every Sunday', 'next on Monday, Nov 30'. From Intl, so no catalog bytes; each formatter kept per locale.

// 2024-01-01 was a Monday: weekday i is that date plus i days, named in UTC so no zone shifts it.
const MONDAY = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;
const longNames = boundedCache("weekdayLongNames", 64, (locale: string): readonly string[] => {
  const format = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  return WEEKDAYS.map((_, i) => format.format(MONDAY + i * DAY_MS));
});
const dayFormat = boundedCache(
  "nextDoseFormat",
  64,
  (locale: string) => new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "short", timeZone: "UTC" }),
);

/** A weekday's full name in the current locale ('Sunday', 'domingo', '星期日'). */
export const weekdayName = (day: Weekday) => longNames(currentLocale())[WEEKDAYS.indexOf(day)]!;

/** The first dose day of an interval on or after `today` (its start while that is still ahead). */
export function nextIntervalDose(schedule: Extract<Schedule, { type: "interval" }>, today: string): string {
  const since = daysBetween(schedule.startsOn, today);
  if (since <= 0) return schedule.startsOn;
  return addDays(today, (schedule.everyDays - (since % schedule.everyDays)) % schedule.everyDays);
}

/** A local date with its weekday, without the year ('Monday, Nov 30'). */
export function weekdayDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return dayFormat(currentLocale()).format(Date.UTC(year, month - 1, day));
}
