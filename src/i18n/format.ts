import { boundedCache } from "../shared/bounded-cache";
import { currentLocale } from "./current";
import { numberFormat } from "./runtime";

// Dates, times and numbers in the current locale (the request's, or the e-mail recipient's). Each
// Intl object is made once per locale and options, and kept (bounded: the zone is the account's).
const dateFormats = boundedCache(
  "dateFormats",
  512,
  (locale: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);

const dateTimeFormat = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => dateFormats(currentLocale(), options);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date 'YYYY-MM-DD' as the locale writes it ('Mar 5, 2026', '5 mars 2026', '2026年3月5日').
 * Formatted as that date in UTC, so no time zone can shift it a day. Anything else comes back unchanged.
 */
export function formatDate(date: string, style: "medium" | "long" | "short" = "medium"): string {
  const match = DATE.exec(date);
  if (!match) return date;
  const instant = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // Not a real date ('2025-13-01', '2025-02-30'): Date.UTC would roll it into another one.
  if (Number.isNaN(instant) || new Date(instant).toISOString().slice(0, 10) !== date) return date;
  return dateTimeFormat({ dateStyle: style, timeZone: "UTC" }).format(instant);
}

/** A short date without the year ('Mar 5', '5 mars'): chart axes. */
export function formatDayMonth(date: string): string {
  const match = DATE.exec(date);
  if (!match) return date;
  return dateTimeFormat({ month: "short", day: "numeric", timeZone: "UTC" }).format(
    Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])),
  );
}

/** An instant as a date and time on the clock of `timeZone`. */
export function formatDateTime(instant: Date | number, timeZone: string): string {
  return dateTimeFormat({ dateStyle: "medium", timeStyle: "short", timeZone }).format(instant);
}

/** A time of day on the clock of `timeZone` ('9:00 AM', '09:00'). */
export function formatTime(instant: Date | number, timeZone: string): string {
  return dateTimeFormat({ timeStyle: "short", timeZone }).format(instant);
}

/** An hour of the day, 0–23, as the locale says it ('9 AM', '09 Uhr', '9時'). */
export function formatHour(hour: number): string {
  return dateTimeFormat({ hour: "numeric", timeZone: "UTC" }).format(Date.UTC(2026, 0, 1, hour));
}

/** A count as the locale writes it (grouping, decimals up to 2, the locale's digits). */
export const formatNumber = (n: number) => numberFormat(currentLocale()).format(n);
