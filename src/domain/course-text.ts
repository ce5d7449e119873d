import * as m from "../generated/i18n";
import { formatDate, formatDayMonth } from "../i18n/format";
import { courseNews, type CourseNews } from "./course";
import { doseText } from "./dose-text";
import type { Regimen, Unit } from "./regimen";

// What the dashboard, the print page and the reminder e-mail say about a course on a day: its next
// step ('Then 2 tablets daily from 30 Nov'), its last day ('Ends 14 Dec') or that it is over. Worded
// on the server (the dashboard prints the answer's text: the schedule wording stays out of its bundle).

/** A date this year without the year ('30 Nov'), else in full: a course may run into the next year. */
const dateFrom = (date: string, today: string) => (date.slice(0, 4) === today.slice(0, 4) ? formatDayMonth(date) : formatDate(date));

/** The course's news on `today` in the current language, or null when there is none. */
export const courseText = (regimen: Regimen, unit: Unit, today: string): string | null =>
  courseNewsText(courseNews(regimen, today), unit, today);

/** courseNews worded in the current language (the reminder e-mail words it in the recipient's). */
export function courseNewsText(news: CourseNews, unit: Unit, today: string): string | null {
  if (news === null) return null;
  if (news.kind === "finished") return m.course_finished({ date: dateFrom(news.endsOn, today) });
  if (news.kind === "ends") return m.course_ends({ date: dateFrom(news.endsOn, today) });
  const dose = doseText(news.schedule, unit, news.from);
  const from = dateFrom(news.from, today);
  return news.endsOn === null
    ? m.course_next({ dose, date: from })
    : m.course_next_ends({ dose, date: from, end: dateFrom(news.endsOn, today) });
}
