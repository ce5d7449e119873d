import { countOn, dailyRegimen } from "./regimen";
import { localDateAt, zoneOrUtc } from "./time";

// Pills go down by the day's dose at each local midnight of the user's zone, never below 0 (any
// regimen: src/domain/regimen.ts, supplyOn).
// The database keeps the count with the local date it was true (countedOn); nothing has to run
// for the count to be right, and a missed cron cannot skew it.

export interface StoredCount {
  pillsRemaining: number;
  pillsPerDay: number;
  countedOn: string; // local 'YYYY-MM-DD'
}

/** The count on local date `today` of a daily dose: regimen.ts's countOn for the simplest regimen. */
export function currentPills({ pillsRemaining, pillsPerDay, countedOn }: StoredCount, today: string): number {
  return countOn(dailyRegimen(pillsPerDay), pillsRemaining, countedOn, today);
}

// Counts are multiples of 0.5 in practice; rounding keeps float noise (0.1 + 0.2) out of the UI.
export const roundPills = (n: number) => Math.round(n * 1000) / 1000;

/** The user's local calendar date: the day counts are kept in ("Timezone used for pill count updates"). */
export function todayIn(timeZone: string, now = Date.now()): string {
  const zone = zoneOrUtc(timeZone);
  // Hot (every list read) and formatToParts is slow (~0.07 ms a call in workerd). A zone's offset is
  // whole seconds, so its local date is the same throughout a second: remember it per zone.
  const second = Math.floor(now / 1000);
  const known = todayBySecond.get(zone);
  if (known?.second === second) return known.date;
  const date = localDateAt(now, zone);
  todayBySecond.set(zone, { second, date });
  return date;
}
const todayBySecond = new Map<string, { second: number; date: string }>();
