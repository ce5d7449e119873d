import { doseOn, type LoggedDoses, type Regimen } from "./regimen";
import type { SupplyEvent } from "./supply";
import { addDays } from "./time";

// The count as it was on each past day, from what was recorded: every standing refill, correction
// and 'created' event sets it on its day, and each day in between costs what the count rule
// charges (the same day-by-day rule as src/data/supply.ts's countOn): the schedule's dose when
// counted by schedule, less the scheduled doses of the day's logged occurrences, plus what was
// logged as taken or used. A patient who never logs gets the plan's count; one who logs, the logs'.

/** A dose log as the medication page and the adherence figures read it. */
export interface DoseLog {
  id: number;
  kind: "taken" | "skipped" | "extra";
  localDate: string;
  /** 'HH:MM', or '' when untimed (and for extras). */
  at: string;
  /** The scheduled dose of the logged occurrence (null for an extra). */
  planned: number | null;
  amount: number | null;
  takenAt: number | null;
  /** 0: an as-needed use of a medication counted by schedule (history only). */
  counted: number;
}

/** What the count history is drawn from: the stored count, the regimen, the events and the logs. */
export interface CountSource {
  regimen: Regimen;
  countBy: LoggedDoses["countBy"];
  /** The stored count: at the start of `countedOn`. */
  pillsRemaining: number;
  countedOn: string;
  events: SupplyEvent[];
  logs: DoseLog[];
}

/**
 * The events that still stand: an undone refill and its undo are left out (the supply went on as if
 * the refill never came), ordered by the day each count holds on, then as written.
 */
export function standingEvents<E extends Pick<SupplyEvent, "id" | "kind" | "revertsEventId" | "countedOn">>(events: E[]): E[] {
  const reverted = new Set(events.filter((e) => e.kind === "undo").map((e) => e.revertsEventId));
  return events
    .filter((e) => !reverted.has(e.id) && !(e.kind === "undo" && events.some((r) => r.id === e.revertsEventId)))
    .sort((a, b) => a.countedOn.localeCompare(b.countedOn) || a.id - b.id);
}

/** Each day's set count (the last one written for it): the standing events, then the stored row's. */
function anchorsOf(source: CountSource): Map<string, number> {
  const anchors = new Map<string, number>();
  for (const event of standingEvents(source.events)) anchors.set(event.countedOn, event.pillsAfter);
  anchors.set(source.countedOn, source.pillsRemaining);
  return anchors;
}

/** A count rounded as the product shows it (float noise out). */
const round = (n: number) => Math.round(n * 1000) / 1000;

/** What a day's logs change: the amounts that came off and the scheduled doses they replace. */
function loggedOn(logs: DoseLog[], countBy: CountSource["countBy"]) {
  let taken = 0;
  let planned = 0;
  for (const log of logs) {
    if (log.kind !== "extra") planned += log.planned ?? 0;
    if (log.kind !== "skipped" && (log.counted === 1 || countBy === "log")) taken += log.amount ?? 0;
  }
  return { taken, planned };
}

export interface DayCount {
  date: string;
  /** On hand at the start of the day; null before the first recorded count (the medication was not there). */
  count: number | null;
  /** Whether the day has dose logs (the chart marks the count they left). */
  logged: boolean;
}

/** The count at the start of each day from `from` to `to` (both included). */
export function dailyCounts(source: CountSource, from: string, to: string): DayCount[] {
  const anchors = anchorsOf(source);
  const logsByDate = new Map<string, DoseLog[]>();
  for (const log of source.logs) logsByDate.set(log.localDate, [...(logsByDate.get(log.localDate) ?? []), log]);
  const dates = [...anchors.keys()].sort();
  // From the latest count set on or before `from`, else the first one (the days before it had none).
  const start = dates.filter((d) => d <= from).at(-1) ?? dates[0] ?? from;
  const days: DayCount[] = [];
  let left: number | null = null;
  for (let date = start < from ? start : from; date <= to; date = addDays(date, 1)) {
    const set = anchors.get(date);
    if (set !== undefined) left = set;
    const logs = logsByDate.get(date) ?? [];
    if (date >= from) days.push({ date, count: left === null ? null : round(left), logged: logs.length > 0 });
    if (left === null) continue;
    const { taken, planned } = loggedOn(logs, source.countBy);
    const cost = (source.countBy === "schedule" ? doseOn(source.regimen, date) - planned : 0) + taken;
    // As the SQL twin: a day that costs more than is left leaves nothing.
    left = cost > left + 1e-9 ? 0 : Math.max(0, left - cost);
  }
  return days;
}
