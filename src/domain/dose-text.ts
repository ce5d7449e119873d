import * as m from "../generated/i18n";
import { formatClock } from "../i18n/clock";
import { currentLocale } from "../i18n/current";
import { boundedCache } from "../shared/bounded-cache";
import { WEEKDAYS, type DoseTime, type Schedule, type Unit } from "./regimen";
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

/** A locale's lists: times ('a and b') and groups of them ('a, b'). */
const lists = boundedCache("doseLists", 64, (locale: string) => ({
  and: new Intl.ListFormat(locale, { type: "conjunction" }),
  groups: new Intl.ListFormat(locale, { type: "unit", style: "short" }),
}));

/**
 * The times of a dose day: '1 tablet at 8:00 AM and 8:00 PM'; times with another amount make
 * their own group ('1 tablet at 8:00 AM, 2 tablets at 1:00 PM'), each group's times in clock order.
 */
function timedDoses(times: DoseTime[], unit: Unit): string {
  const locale = currentLocale();
  const byDose = new Map<number, string[]>();
  for (const { at, dose } of [...times].sort((a, b) => (a.at < b.at ? -1 : 1))) {
    const list = byDose.get(dose) ?? [];
    if (list.length === 0) byDose.set(dose, list);
    list.push(formatClock(at, locale));
  }
  const { and, groups } = lists(locale);
  const phrases = [...byDose].map(([count, at]) =>
    m.domain_dose_at({ amount: m.domain_unit_count({ unit, count }), times: and.format(at) }),
  );
  return groups.format(phrases);
}

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
  if (schedule.type !== "asNeeded" && schedule.times && schedule.times.length > 0)
    return m.domain_dose_times_text({
      type: weekly ? "weekly" : schedule.type,
      doses: timedDoses(schedule.times, unit),
      days,
      day: weekly,
      every: schedule.type === "interval" ? schedule.everyDays : 0,
      next,
    });
  return m.domain_dose_text({
    type: weekly ? "weekly" : schedule.type,
    amount,
    days,
    day: weekly,
    every: schedule.type === "interval" ? schedule.everyDays : 0,
    next,
  });
}
