import { averagePerDay, currentPause, parseRegimen, scheduleOn, supplyOn, upcomingChanges, type Pause, type Schedule, type ScheduleChange, type Supply } from "../domain/regimen";

// What a medication's stored row means today: its supply (a walk over the days since it was
// counted), the schedule and pause in force and the changes to come. A pure function of the row's
// count, date and regimen and of today, asked again on every read of the same list, so it is kept
// per isolate: a list of 100 medications otherwise parses and walks 100 regimens per request.

export interface SupplyToday {
  supply: Supply;
  schedule: Schedule;
  /** Average daily use of today's schedule (the API's pillsPerDay). */
  perDay: number;
  pause: Pause | null;
  changes: ScheduleChange[];
}

interface StoredRow {
  pillsRemaining: number;
  countedOn: string;
  pillsPerDay: number;
  regimen: string;
}

const MAX_ROWS = 4096;
const kept = new Map<string, SupplyToday>();

/** The row's supply on `today`. The answer is shared: never change it. */
export function supplyToday(row: StoredRow, today: string): SupplyToday {
  const key = `${today}\u0000${row.countedOn}\u0000${row.pillsRemaining}\u0000${row.pillsPerDay}\u0000${row.regimen}`;
  let answer = kept.get(key);
  if (answer === undefined) {
    const regimen = parseRegimen(row.regimen, row.pillsPerDay);
    const schedule = scheduleOn(regimen, today);
    answer = {
      supply: supplyOn({ pillsRemaining: row.pillsRemaining, countedOn: row.countedOn, regimen }, today),
      schedule,
      perDay: averagePerDay(schedule),
      pause: currentPause(regimen, today),
      changes: upcomingChanges(regimen, today),
    };
    if (kept.size >= MAX_ROWS) kept.clear();
    kept.set(key, answer);
  }
  return answer;
}
