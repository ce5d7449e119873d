import { uncovered } from "./walk";
import { dailyCounts, type CountSource } from "./count-history";
import { occurrencesOn } from "./occurrences";
import { doseOn, type Regimen } from "./regimen";
import { doseInstant } from "./dose-push-times";
import { addDays } from "./time";

// How a medication was taken over the last N days (GET /api/medications/:id/adherence, the
// medication page's block, the printed list's 'Taken (30 days)'). Pure: the caller reads the
// medication, its supply events and its dose logs with the session, in one round trip.
//
// The period is the N days ending today. A scheduled dose is one of occurrencesOn's (none on a
// paused day, before the medication was added, or as needed). Today's doses count once they are
// logged: one not logged yet is still due, not missed. A day is covered when the count at its start
// (count-history.ts) covers that day's dose; a day without a dose (a paused one too) is covered,
// as the run-out rule has it. Days before the medication's first count are not in the period's days.

/**
 * A taken dose within this long of its time (either side) was on time. Its time is the instant its
 * push goes (doseInstant): a time a DST gap skips is due at the first instant after the gap.
 */
export const ON_TIME_MS = 60 * 60_000;

export interface Adherence {
  from: string;
  to: string;
  scheduled: number;
  taken: number;
  skipped: number;
  unlogged: number;
  onTime: number;
  daysCovered: number;
  daysInPeriod: number;
}

/** What the tally of doses needs of a log. */
export type TalliedLog = Pick<CountSource["logs"][number], "kind" | "localDate" | "at" | "takenAt">;

/** The scheduled doses from `from` to `to` and what was logged for them. */
export function doseTally(
  medication: { regimen: Regimen; addedOn: string | null },
  logs: TalliedLog[],
  from: string,
  to: string,
  today: string,
  timeZone: string,
) {
  const logged = new Map<string, TalliedLog>();
  for (const log of logs) if (log.kind !== "extra") logged.set(`${log.localDate}|${log.at}`, log);
  const tally = { scheduled: 0, taken: 0, skipped: 0, unlogged: 0, onTime: 0 };
  const first = medication.addedOn !== null && medication.addedOn > from ? medication.addedOn : from;
  for (let date = first; date <= to; date = addDays(date, 1)) {
    for (const occurrence of occurrencesOn(medication.regimen, date)) {
      const log = logged.get(`${date}|${occurrence.at ?? ""}`);
      if (log?.kind === "taken") {
        tally.taken++;
        if (
          occurrence.at !== null &&
          log.takenAt !== null &&
          Math.abs(log.takenAt - doseInstant(date, occurrence.at, timeZone)) <= ON_TIME_MS
        )
          tally.onTime++;
      } else if (log?.kind === "skipped") tally.skipped++;
      else if (date < today) tally.unlogged++;
      else continue;
      tally.scheduled++;
    }
  }
  return tally;
}

/** The days of the period with a count, and those whose count covered the day's dose. */
export function coverage(source: CountSource, from: string, to: string) {
  let daysCovered = 0;
  let daysInPeriod = 0;
  for (const { date, count } of dailyCounts(source, from, to)) {
    if (count === null) continue;
    daysInPeriod++;
    if (!uncovered(doseOn(source.regimen, date), count)) daysCovered++;
  }
  return { daysCovered, daysInPeriod };
}

/** The figures of the `days` days ending `today`. */
export function adherence(source: CountSource & { addedOn: string | null }, days: number, today: string, timeZone: string): Adherence {
  const from = addDays(today, -(days - 1));
  return {
    from,
    to: today,
    ...doseTally(source, source.logs, from, today, today, timeZone),
    ...coverage(source, from, today),
  };
}

/** A share as a whole percent, rounded down so 'every day' is never claimed for less. */
export const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.floor((100 * part) / whole));
