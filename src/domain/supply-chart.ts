import * as m from "../generated/i18n";
import { roundPills } from "./countdown";
import type { DayCount } from "./count-history";
import { standingEvents } from "./count-history";
import { remindFrom, type Medication } from "./medications";
import { countOnTimeline, emptyOnTimeline, type Regimen, type Timeline, timelineOf } from "./regimen";
import { plannedBetween, SCALE } from "./walk";
import type { SupplyEvent } from "./supply";
import { historyText } from "./supply";
import { addDays, dayNumber, daysBetween } from "./time";

// The supply chart's points: the history as recorded (each event's count before and after it, the
// day a count reached 0 between events), today's count, and the projection to the run-out date.
// One list feeds the SVG and its table, so the two always say the same thing. With dose logs (or a
// medication counted by log) the recent line follows the recorded count day by day (count-history.ts)
// rather than the plan: a point at the start of each logged day and of the day after it.

export type ChartPointKind = "event" | "ran-out" | "today" | "runs-out" | "logged";

export interface ChartPoint {
  date: string;
  pills: number;
  kind: ChartPointKind;
  /** What happened, in the current language: 'Refilled +30 tablets', 'Today', 'Runs out'… */
  label: string;
  /** A refill that still stands: drawn as a marker. */
  refill?: boolean;
}

export interface SupplyChart {
  /** The recorded line, oldest first, ending with today's count. */
  history: ChartPoint[];
  /** Today's count to the run-out date (dashed). */
  projection: ChartPoint[];
  today: string;
  /** The run-out date (supplyOn's); null when it never runs out (paused with no end). */
  runsOutOn: string | null;
  /** The day the reminders start: notificationDays before the run-out date. */
  remindFrom: string | null;
  maxPills: number;
  /** The medication's unit: the table words each count in it ('200 puffs'). */
  unit: string;
  firstDate: string;
  lastDate: string;
}

/** The label of the count just before an event, in the current language. */
function before(kind: SupplyEvent["kind"]): string {
  switch (kind) {
    case "created":
      return m.supply_chart_added();
    case "refill":
      return m.supply_chart_before_refill();
    case "correction":
      return m.supply_chart_before_correction();
    case "undo":
      return m.supply_chart_before_undo();
  }
}

/** The day a count of `pills` on `date` reaches 0 under the regimen of those days, if before `until`. */
function ranOutBetween(timeline: Timeline, date: string, pills: number, until: string): string | null {
  const day = emptyOnTimeline(timeline, pills, date);
  return day !== null && day < until ? day : null;
}

const min = (a: string, b: string) => (a < b ? a : b);

/**
 * The recorded count's points up to today, on days without an event point (`taken`): the start of
 * each logged day and of the day after it, and the day it reached 0.
 */
function loggedPoints(counts: DayCount[], today: string, taken: Set<string>): ChartPoint[] {
  const points: ChartPoint[] = [];
  const add = (date: string, pills: number, kind: ChartPointKind, label: string) => {
    if (date > today || taken.has(date)) return;
    taken.add(date);
    points.push({ date, pills, kind, label });
  };
  for (const [i, day] of counts.entries()) {
    const before = counts[i - 1];
    if (day.count === null) continue;
    if (before?.count && day.count === 0) add(day.date, 0, "ran-out", m.chart_ran_out());
    else if (day.logged || before?.logged) add(day.date, day.count, "logged", m.chart_logged());
  }
  return points;
}

/**
 * What is on hand the morning of `runsOutOn`, from `pillsNow` (the count now, today's logged doses
 * already off) by supplyOn's rule: today's doses not logged yet are due today (`plannedToday`: the
 * scheduled doses of today's logged occurrences, which are not), then each day's schedule.
 */
function leftOnRunOut(timeline: Timeline, pillsNow: number, today: string, runsOutOn: string, plannedToday: number): number {
  if (runsOutOn <= today) return pillsNow;
  const day = dayNumber(today);
  const dueToday = Math.max(0, plannedBetween(timeline, day, day + 1) - SCALE * plannedToday);
  return countOnTimeline(timeline, Math.max(0, pillsNow - dueToday / SCALE), addDays(today, 1), runsOutOn);
}

/** The chart of a medication: `regimen` charges each past day by the schedule it had (changes and pauses). */
export function supplyChart(
  events: SupplyEvent[],
  medication: Pick<Medication, "pillsRemaining" | "runsOutOn" | "unit">,
  regimen: Regimen,
  today: string,
  notificationDays: number,
  logged?: {
    countBy: "schedule" | "log";
    counts: DayCount[];
    /** The scheduled doses of today's logged occurrences (no longer due today). */
    plannedToday?: number;
  },
): SupplyChart {
  // The regimen is read once for all the walks below (each event's ran-out day, the projection).
  const timeline = timelineOf(regimen);
  // An undone refill and its undo are left out: the supply went on as if the refill never came, so
  // the line must not spike to it, nor the scale grow for it (the history list still shows both).
  // By the day each count holds on (a back-dated refill sits on its pick-up day), then as written.
  const ordered = standingEvents(events);
  // The recorded day-by-day count, when logs make it differ from the plan's.
  const counts = logged && (logged.countBy === "log" || logged.counts.some((d) => d.logged)) ? logged.counts : null;
  const countsFrom = counts?.[0]?.date ?? today;
  const history: ChartPoint[] = [];
  for (const [i, event] of ordered.entries()) {
    const label = historyText(event, medication.unit);
    if (event.pillsBefore !== null && i > 0)
      history.push({ date: event.countedOn, pills: event.pillsBefore, kind: "event", label: before(event.kind) });
    history.push({ date: event.countedOn, pills: event.pillsAfter, kind: "event", label, refill: event.kind === "refill" });
    const next = ordered[i + 1]?.countedOn ?? today;
    // From where the recorded count is known, it tells when the supply ran out.
    const ranOut =
      event.pillsAfter > 0 ? ranOutBetween(timeline, event.countedOn, event.pillsAfter, counts ? min(next, countsFrom) : next) : null;
    if (ranOut) history.push({ date: ranOut, pills: 0, kind: "ran-out", label: m.chart_ran_out() });
  }
  if (counts) history.push(...loggedPoints(counts, today, new Set(history.map((p) => p.date))));
  history.sort((a, b) => a.date.localeCompare(b.date));
  const last = history.at(-1);
  if (!last || last.date < today || last.pills !== medication.pillsRemaining)
    history.push({ date: today, pills: medication.pillsRemaining, kind: "today", label: m.chart_today() });
  // The projection starts from the count now and ends on the run-out date with what is on hand that
  // morning: it may be above 0 (1 tablet left when the dose is 2), as the day is the first the
  // supply cannot cover.
  const projection: ChartPoint[] =
    medication.pillsRemaining > 0 && medication.runsOutOn !== null
      ? [
          { date: today, pills: medication.pillsRemaining, kind: "today", label: m.chart_today() },
          {
            date: medication.runsOutOn,
            pills: leftOnRunOut(timeline, medication.pillsRemaining, today, medication.runsOutOn, logged?.plannedToday ?? 0),
            kind: "runs-out",
            label: m.supply_chart_runs_out(),
          },
        ]
      : [];
  const all = [...history, ...projection];
  const dates = all.map((p) => p.date).sort();
  return {
    history,
    projection,
    today,
    runsOutOn: medication.runsOutOn,
    remindFrom: remindFrom(medication, notificationDays),
    maxPills: roundPills(Math.max(1, ...all.map((p) => p.pills))),
    unit: medication.unit,
    firstDate: dates[0] ?? today,
    lastDate: dates.at(-1) ?? today,
  };
}

/** Days from the chart's first date: the x position before scaling. */
export const dayOf = (chart: SupplyChart, date: string) => daysBetween(chart.firstDate, date);
