import { addDays, dayNumber, daysBetween } from "./time";

// What a medication is taken in (its unit) and when (its schedule, the changes of schedule from a
// date, a pause), and the ONE rule every screen, e-mail, feed and export uses for the count on a
// day, the days left and the run-out date (supplyOn). Pure and small: the islands import it too.
//
// The rule: the count shown for a local day is what is on hand at the start of that day; that
// day's scheduled dose comes off at the local midnight that ends it, never below 0. A medication
// runs out on the first day whose dose the supply cannot fully cover (a day with no dose is covered
// even at 0). Only local dates appear here: when a local midnight falls (DST, :30/:45 zones) is
// todayIn's business (countdown.ts).

export const UNITS = ["tablet", "capsule", "ml", "puff", "unit", "patch", "drop", "injection", "application"] as const;
export type Unit = (typeof UNITS)[number];
export const DEFAULT_UNIT: Unit = "tablet";

/** Monday first, as the week is written in the schedule ('mon'…'sun'). */
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type Schedule =
  | { type: "daily"; dose: number }
  | { type: "weekdays"; dose: number; days: Weekday[] }
  | { type: "interval"; dose: number; everyDays: number; startsOn: string }
  | { type: "asNeeded"; perWeek: number };

/** A schedule in force from a local date on (until the next change). */
export interface ScheduleChange {
  effectiveFrom: string;
  schedule: Schedule;
}

/** Days nothing is taken, both ends included; `until` null = until resumed. */
export interface Pause {
  from: string;
  until: string | null;
}

/**
 * Everything that says what a day costs. `changes` is sorted by effectiveFrom; the first one also
 * covers the days before its date (the days before a medication was added are never charged: the
 * count is kept as of countedOn). `pauses` are sorted and do not overlap: past ones stay so the
 * chart draws those days as they were; the API shows the last one (pausedFrom/pausedUntil).
 */
export interface Regimen {
  changes: ScheduleChange[];
  pauses: Pause[];
}

export const dailyRegimen = (dose: number, since = "1970-01-01"): Regimen => ({ changes: [{ effectiveFrom: since, schedule: { type: "daily", dose } }], pauses: [] });

// ---- One day ----

/** 0 = Monday … 6 = Sunday (1970-01-01, day 0, was a Thursday). */
export const weekdayIndex = (date: string) => (((dayNumber(date) + 3) % 7) + 7) % 7;

/** The change in force on `date`: the last one from on or before it, else the first. */
export function scheduleOn(regimen: Regimen, date: string): Schedule {
  const { changes } = regimen;
  let found = changes[0]!;
  for (const change of changes) if (change.effectiveFrom <= date) found = change;
  return found.schedule;
}

export const isPausedOn = ({ pauses }: Regimen, date: string) => pauses.some((p) => date >= p.from && (p.until === null || date <= p.until));

// Doses are multiples of 0.25 and as-needed use is per week, so the arithmetic is done in sevenths
// of a unit ("7 × count"): a daily dose costs 7 × dose a day, as needed costs perWeek a day, and
// both are exact in binary floating point for the values the API accepts.
const SCALE = 7;

/** What a schedule costs on `date`, in sevenths of a unit. */
function costOf(schedule: Schedule, date: string): number {
  switch (schedule.type) {
    case "daily":
      return SCALE * schedule.dose;
    case "weekdays":
      return schedule.days.includes(WEEKDAYS[weekdayIndex(date)]!) ? SCALE * schedule.dose : 0;
    case "interval": {
      const since = daysBetween(schedule.startsOn, date);
      return since >= 0 && since % schedule.everyDays === 0 ? SCALE * schedule.dose : 0;
    }
    case "asNeeded":
      return schedule.perWeek;
  }
}

/** The units taken on `date` (0 on a paused day or a day without a dose). */
export const doseOn = (regimen: Regimen, date: string) => (isPausedOn(regimen, date) ? 0 : costOf(scheduleOn(regimen, date), date) / SCALE);

/** After how many days a schedule's doses repeat. */
const periodOf = (schedule: Schedule) => (schedule.type === "weekdays" ? 7 : schedule.type === "interval" ? schedule.everyDays : 1);

// ---- Walking the days ----

/**
 * The days on which what a day costs may follow a new pattern (a change of schedule, the start or
 * the end of a pause, an interval's first day), sorted once (F4: a walk visits each once, it does
 * not look at every change for every day), and the pauses sorted by their first day.
 */
interface Timeline {
  regimen: Regimen;
  cuts: string[];
  pauses: Pause[];
}

function timelineOf(regimen: Regimen): Timeline {
  const cuts = new Set<string>();
  for (const { effectiveFrom, schedule } of regimen.changes) {
    cuts.add(effectiveFrom);
    if (schedule.type === "interval") cuts.add(schedule.startsOn);
  }
  for (const pause of regimen.pauses) {
    cuts.add(pause.from);
    if (pause.until !== null) cuts.add(addDays(pause.until, 1));
  }
  return { regimen, cuts: [...cuts].sort(), pauses: [...regimen.pauses].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0)) };
}

/** One stretch of days with one schedule, paused or not throughout; `end` exclusive, null = for ever. */
interface Stretch {
  start: string;
  end: string | null;
  schedule: Schedule;
  paused: boolean;
}

/** The stretches from `from` on, in order: the changes and pauses are each passed once. */
function* stretchesFrom({ regimen, cuts, pauses }: Timeline, from: string): Generator<Stretch> {
  const { changes } = regimen;
  let change = 0;
  let pause = 0;
  // The latest last day of the pauses begun so far ('~' sorts after every date: until resumed).
  let pausedUntil = "";
  let next = 0;
  while (next < cuts.length && cuts[next]! <= from) next++;
  for (let start = from; ; ) {
    // Changes are sorted: the one in force is the last from on or before `start`, else the first (scheduleOn).
    while (change + 1 < changes.length && changes[change + 1]!.effectiveFrom <= start) change++;
    while (pause < pauses.length && pauses[pause]!.from <= start) {
      const until = pauses[pause]!.until ?? "~";
      if (until > pausedUntil) pausedUntil = until;
      pause++;
    }
    const end = next < cuts.length ? cuts[next++]! : null;
    yield { start, end, schedule: changes[change]!.schedule, paused: pausedUntil >= start };
    if (end === null) return;
    start = end;
  }
}

// Float noise from a perWeek like 0.3 must not make a covered day look uncovered; a cost far below
// it (none the schemas accept) is still a cost, so the walk cannot stall on it (F1).
const EPSILON = 1e-9;
const uncovered = (cost: number, left: number) => cost > 0 && cost - left > Math.min(EPSILON, cost / 2);

/** Rounds of "jump, then day by day" in one stretch: two suffice (see walk); the rest is a bound. */
const MAX_ROUNDS = 4;

/**
 * Walks the days from `from` (inclusive), taking each day's cost off `supply` (sevenths), and stops
 * at `until` (exclusive, null = never) or at the first day the supply cannot fully cover (`short`,
 * in days after `from`). Whole periods within a stretch are taken at once, so a year or a million
 * tablets cost a few steps; in the last stretch the days repeat, so whole periods are only counted
 * (the date would pass year 9999 for a million tablets at a quarter a day).
 *
 * Bounded (F1): each stretch (at most one per change, pause end and interval start) takes at most
 * MAX_ROUNDS rounds of one jump and 2 periods (≤ 180 days) day by day. After a jump less than two
 * periods' supply is left, or the stretch has less than a period to go, so the second round ends it.
 */
function walk(timeline: Timeline, from: string, until: string | null, supply: number): { supply: number; short: number | null } {
  let skipped = 0;
  let left = supply;
  for (const stretch of stretchesFrom(timeline, from)) {
    if (until !== null && stretch.start >= until) break;
    const end = until === null ? stretch.end : stretch.end === null || until < stretch.end ? until : stretch.end;
    const { schedule } = stretch;
    const period = periodOf(schedule);
    let day = stretch.start;
    let perPeriod = 0;
    if (!stretch.paused) for (let i = 0; i < period; i++) perPeriod += costOf(schedule, addDays(day, i));
    if (perPeriod === 0) {
      // Nothing is taken in this stretch (a pause, an interval not started yet).
      if (end === null) return { supply: left, short: null };
      continue;
    }
    for (let round = 0; end === null || day < end; round++) {
      // Unreachable for what the schemas accept (see above): a bound on the loop, not an answer.
      if (round === MAX_ROUNDS) return { supply: 0, short: daysBetween(from, day) + skipped };
      // Jump whole periods while at least two periods' supply is left, then go day by day.
      const room = end === null ? Number.POSITIVE_INFINITY : Math.floor(daysBetween(day, end) / period);
      const periods = Math.min(room, Math.max(0, Math.floor(left / perPeriod) - 1));
      if (periods > 0) {
        left -= periods * perPeriod;
        if (end === null) skipped += periods * period;
        else day = addDays(day, periods * period);
      }
      for (let i = 0; i < 2 * period && (end === null || day < end); i++) {
        const cost = costOf(schedule, day);
        if (uncovered(cost, left)) return { supply: 0, short: daysBetween(from, day) + skipped };
        left = Math.max(0, left - cost);
        day = addDays(day, 1);
      }
    }
  }
  return { supply: left, short: null };
}

/** Counts are shown to 3 decimals at most: keeps float noise out of the UI. */
const round = (n: number) => Math.round(n * 1000) / 1000;

/** The supply (sevenths, unrounded) at the start of `date`, kept as `count` at the start of `countedOn`. */
function supplyAt(timeline: Timeline, count: number, countedOn: string, date: string): number {
  if (date <= countedOn) return SCALE * count;
  const { supply, short } = walk(timeline, countedOn, date, SCALE * count);
  return short !== null ? 0 : supply;
}

/** The count at the start of local date `date`, kept as `count` at the start of `countedOn`. */
export const countOn = (regimen: Regimen, count: number, countedOn: string, date: string) => Math.max(0, round(supplyAt(timelineOf(regimen), count, countedOn, date) / SCALE));

/** The latest date the product writes: a run-out further away is shown as this day. */
const LAST_DATE = "9999-12-31";

/** A medication's supply as the product shows it on a day. */
export interface Supply {
  /** On hand at the start of the day, in the medication's unit. */
  count: number;
  /** Days from the day to runsOutOn; null when it never runs out (paused with no end). */
  daysLeft: number | null;
  /** The first day whose dose the supply cannot fully cover; null when it never runs out. */
  runsOutOn: string | null;
  /** Paused on the day. */
  paused: boolean;
}

/** What is stored: the count as it was at the start of `countedOn`, and the regimen. */
export interface StoredSupply {
  pillsRemaining: number;
  countedOn: string;
  regimen: Regimen;
}

/** THE function: the count, days left and run-out date of a medication on local date `today`. */
export function supplyOn({ pillsRemaining, countedOn, regimen }: StoredSupply, today: string): Supply {
  // The walk forward starts from the unrounded supply: as needed, a rounded 0.107 would not cover a day that 0.75/7 does.
  const timeline = timelineOf(regimen);
  const supply = supplyAt(timeline, pillsRemaining, countedOn, today);
  const { short } = walk(timeline, today, null, supply);
  const runsOutOn = short === null ? null : short > daysBetween(today, LAST_DATE) ? LAST_DATE : addDays(today, short);
  return { count: Math.max(0, round(supply / SCALE)), daysLeft: short, runsOutOn, paused: isPausedOn(regimen, today) };
}

/** The average use a day of a schedule (the API's `pillsPerDay`, for older clients). */
export function averagePerDay(schedule: Schedule): number {
  switch (schedule.type) {
    case "daily":
      return schedule.dose;
    case "weekdays":
      return round((schedule.dose * schedule.days.length) / 7);
    case "interval":
      return round(schedule.dose / schedule.everyDays);
    case "asNeeded":
      return round(schedule.perWeek / 7);
  }
}

// ---- Stored form ----

/** The regimen column as stored; a row without changes (the column's default) is a daily dose of pillsPerDay. */
export function parseRegimen(text: string, pillsPerDay: number): Regimen {
  const regimen = JSON.parse(text) as Regimen;
  return regimen.changes.length > 0 ? regimen : { changes: dailyRegimen(pillsPerDay).changes, pauses: regimen.pauses };
}

/** The pause in effect on `today` or the next one to come (the API's pausedFrom/pausedUntil), or null. */
export const currentPause = (regimen: Regimen, today: string): Pause | null => regimen.pauses.find((p) => p.until === null || p.until >= today) ?? null;

/** The changes that take effect after `today` (the API's scheduleChanges). */
export const upcomingChanges = (regimen: Regimen, today: string) => regimen.changes.filter((c) => c.effectiveFrom > today);

/** A schedule with its keys in one order, so two equal schedules are the same JSON text (compared in SQL). */
export function canonicalSchedule(schedule: Schedule): Schedule {
  switch (schedule.type) {
    case "daily":
      return { type: "daily", dose: schedule.dose };
    case "weekdays":
      return { type: "weekdays", dose: schedule.dose, days: WEEKDAYS.filter((d) => schedule.days.includes(d)) };
    case "interval":
      return { type: "interval", dose: schedule.dose, everyDays: schedule.everyDays, startsOn: schedule.startsOn };
    case "asNeeded":
      return { type: "asNeeded", perWeek: schedule.perWeek };
  }
}

/** The first day that starts with nothing left, for `count` at the start of `countedOn`; null if never. */
export function emptyOn(regimen: Regimen, count: number, countedOn: string): string | null {
  const { runsOutOn } = supplyOn({ pillsRemaining: count, countedOn, regimen }, countedOn);
  if (runsOutOn === null) return null;
  return countOn(regimen, count, countedOn, runsOutOn) === 0 ? runsOutOn : addDays(runsOutOn, 1);
}

/**
 * The regimen from `asOf` on, as an API answer describes it (the schedule in force, the upcoming
 * changes and the current or next pause): enough to count a kept offline copy down with supplyOn.
 */
export function regimenFrom(
  answer: { schedule: Schedule; scheduleChanges: ScheduleChange[]; pausedFrom: string | null; pausedUntil: string | null },
  asOf: string,
): Regimen {
  return {
    changes: [{ effectiveFrom: asOf, schedule: answer.schedule }, ...answer.scheduleChanges],
    pauses: answer.pausedFrom === null ? [] : [{ from: answer.pausedFrom, until: answer.pausedUntil }],
  };
}

/** An API answer made on `asOf`, counted down to `today` (an offline copy read days later). */
export function countedDown<T extends Parameters<typeof regimenFrom>[0] & { pillsRemaining: number; daysLeft: number | null; runsOutOn: string | null }>(
  answer: T,
  asOf: string,
  today: string,
): T {
  if (today <= asOf) return answer;
  const supply = supplyOn({ pillsRemaining: answer.pillsRemaining, countedOn: asOf, regimen: regimenFrom(answer, asOf) }, today);
  return { ...answer, pillsRemaining: supply.count, daysLeft: supply.daysLeft, runsOutOn: supply.runsOutOn };
}
