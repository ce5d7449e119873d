import { boundedCache } from "../shared/bounded-cache";
import { currentLocale } from "./current";

// A time of day 'HH:MM' (a dose's time: local, with no date or zone) on the locale's clock
// ('8:00 AM', '08:00'). Formatted as that time on a UTC day, so no zone can shift it.
const clockFormats = boundedCache(
  "clockFormats",
  64,
  (locale: string) => new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone: "UTC" }),
);

export const formatClock = (at: string, locale = currentLocale()) =>
  clockFormats(locale).format(Date.UTC(2024, 0, 1, Number(at.slice(0, 2)), Number(at.slice(3, 5))));
