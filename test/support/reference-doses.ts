import fc from "fast-check";
import type { LoggedDoses, Regimen } from "../../src/domain/regimen";
import { num, quarters, referenceCost, str } from "./reference-supply";

// The reference model of the count with dose logs: a plain day-by-day simulation written from the
// rule's words, separately from src/domain (one step per day, no sums, no shortcuts). Random
// regimens have no times of day, so a dose day has one untimed occurrence of the day's dose; an
// as-needed day has none. Counts are in sevenths, like reference-supply.ts.

export type CountBy = LoggedDoses["countBy"];

export type LogEvent =
  | { kind: "taken"; date: string; planned: number; amount: number }
  | { kind: "skipped"; date: string; planned: number }
  | { kind: "extra"; date: string; amount: number; asNeeded: boolean };

const isAsNeeded = (regimen: Regimen, n: number) => {
  // The schedule in force: the last change from on or before the day, else the first.
  const changes = regimen.changes;
  let inForce = changes[0]!;
  for (const change of changes) if (num(change.effectiveFrom) <= n) inForce = change;
  return inForce.schedule.type === "asNeeded";
};

/** The day's one occurrence's dose (units), or 0: no occurrence that day (no dose, paused, as needed). */
export const occurrenceDose = (regimen: Regimen, n: number) => (isAsNeeded(regimen, n) ? 0 : referenceCost(regimen, n) / 7);

/** Whether an event comes off the count: an as-needed use only when counted by log. */
const comesOff = (event: LogEvent, countBy: CountBy) =>
  event.kind === "taken" || (event.kind === "extra" && (countBy === "log" || !event.asNeeded));

/**
 * The count at the start of `today` ... now: day by day from countedOn, each day's logged amounts
 * come off; at the midnight that ends a day (counted by schedule) its unlogged occurrences are
 * charged, as-needed days their weekly estimate; never below 0. Logs before countedOn are ignored.
 * Then ahead: today's unlogged occurrence, then the schedule, until a day is not covered.
 */
export function simulateWithLogs(
  regimen: Regimen,
  count: number,
  countedOn: string,
  today: string,
  countBy: CountBy,
  events: LogEvent[],
  horizon: number,
) {
  const byDay = new Map<number, LogEvent[]>();
  for (const event of events) {
    const n = num(event.date);
    if (n < num(countedOn)) continue;
    byDay.set(n, [...(byDay.get(n) ?? []), event]);
  }
  const loggedOccurrence = (n: number) => (byDay.get(n) ?? []).some((e) => e.kind !== "extra");
  let left = 7 * count;
  for (let n = num(countedOn); n < num(today); n++) {
    for (const event of byDay.get(n) ?? [])
      if (comesOff(event, countBy)) left = Math.max(0, left - 7 * (event as { amount: number }).amount);
    if (countBy === "schedule") {
      const planned = isAsNeeded(regimen, n) ? referenceCost(regimen, n) : loggedOccurrence(n) ? 0 : referenceCost(regimen, n);
      left = Math.max(0, left - planned);
    }
  }
  for (const event of byDay.get(num(today)) ?? [])
    if (comesOff(event, countBy)) left = Math.max(0, left - 7 * (event as { amount: number }).amount);
  const now = left;
  let runsOutOn: string | null = null;
  for (let n = num(today); n < num(today) + horizon; n++) {
    const cost = n === num(today) && loggedOccurrence(n) ? 0 : referenceCost(regimen, n);
    if (cost > left) {
      runsOutOn = str(n);
      break;
    }
    left -= cost;
  }
  return { count: Math.round((now / 7) * 1000) / 1000, runsOutOn };
}

/** What the medication's logged_* columns hold for these events (what src/data/dose-log-sql.ts keeps). */
export function loggedTotals(events: LogEvent[], countedOn: string, countBy: CountBy): LoggedDoses {
  const since = events.filter((e) => e.date >= countedOn);
  const occurrences = since.filter((e) => e.kind !== "extra") as Array<{ date: string; planned: number }>;
  const lastDate = occurrences.reduce<string | null>((last, e) => (last === null || e.date > last ? e.date : last), null);
  const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
  return {
    countBy,
    taken: sum(since.filter((e) => comesOff(e, countBy)).map((e) => (e as { amount: number }).amount)),
    planned: sum(occurrences.map((e) => e.planned)),
    lastDate,
    lastPlanned: sum(occurrences.filter((e) => e.date === lastDate).map((e) => e.planned)),
  };
}

/** Random logs on the days from `first` to `last`: each occurrence taken (any amount), skipped or not logged; some extras. */
export function logsOn(regimen: Regimen, first: string, last: string): fc.Arbitrary<LogEvent[]> {
  const days: number[] = [];
  for (let n = num(first); n <= num(last); n++) days.push(n);
  return fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom("taken", "skipped", "none", "none"), quarters(1, 24)), {
        minLength: days.length,
        maxLength: days.length,
      }),
      fc.array(fc.tuple(fc.integer({ min: 0, max: days.length - 1 }), quarters(1, 12)), { maxLength: 6 }),
    )
    .map(([choices, extras]) => {
      const events: LogEvent[] = [];
      days.forEach((n, i) => {
        const dose = occurrenceDose(regimen, n);
        const [choice, amount] = choices[i]!;
        if (dose === 0 || choice === "none") return;
        events.push(
          choice === "taken" ? { kind: "taken", date: str(n), planned: dose, amount } : { kind: "skipped", date: str(n), planned: dose },
        );
      });
      for (const [i, amount] of extras)
        events.push({ kind: "extra", date: str(days[i]!), amount, asNeeded: isAsNeeded(regimen, days[i]!) });
      return events;
    });
}
