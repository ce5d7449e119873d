import * as m from "../generated/i18n";
import { currentLocale } from "../i18n/current";
import { boundedCache } from "../shared/bounded-cache";
import { WEEKDAYS, type Schedule, type Unit } from "./regimen";
import { nextIntervalDose, weekdayDate, weekdayName } from "./weekly-text";

// A schedule as a patient reads it: '1 tablet daily', '1 tablet Mon, Wed, Fri', '6 tablets every 7
// days', 'As needed, about 6 puffs a week'. One message per language; the weekday names come from
// Intl (no catalog bytes: the dashboard bundle is nearly full).

// 2024-01-01 was a Monday: weekday i is that date plus i days, named in UTC so no zone shifts it.
const MONDAY = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;
/** The short weekday names of a locale, Monday first. */
const names = boundedCache("weekdayNames", 64, (locale: string): readonly string[] => {
  const format = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  return WEEKDAYS.map((_, i) => format.format(MONDAY + i * DAY_MS));
});
const weekdayNames = () => names(currentLocale());

/** `today`: the user's date, from which an interval's next dose is named. */
export function doseText(schedule: Schedule, unit: Unit, today: string): string {
  const amount = m.domain_unit_count({ unit, count: schedule.type === "asNeeded" ? schedule.perWeek : schedule.dose });
  const weekdays = weekdayNames();
  // Written in week order whatever order they were picked in.
  const days =
    schedule.type === "weekdays"
      ? WEEKDAYS.map((day, i) => (schedule.days.includes(day) ? weekdays[i] : ""))
          .filter(Boolean)
          .join(", ")
      : "";
  // One day a week is said as such, with the day's full name ('6 tablets every Sunday').
  const weekly = schedule.type === "weekdays" && schedule.days.length === 1 ? weekdayName(schedule.days[0]!) : "";
  const next = schedule.type === "interval" ? weekdayDate(nextIntervalDose(schedule, today)) : "";
  return m.domain_dose_text({
    type: weekly ? "weekly" : schedule.type,
    amount,
    days,
    day: weekly,
    every: schedule.type === "interval" ? schedule.everyDays : 0,
    next,
  });
}
