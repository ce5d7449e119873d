import { boundedCache } from "../shared/bounded-cache";
import { loggedOf, type LoggedRow } from "../domain/logged-doses";
import {
  averagePerDay,
  currentPause,
  parseRegimen,
  scheduleOn,
  supplyOn,
  upcomingChanges,
  type Pause,
  type Regimen,
  type Schedule,
  type ScheduleChange,
  type Supply,
} from "../domain/regimen";

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
  /** The stored regimen as read (its course and end: src/domain/course.ts). */
  regimen: Regimen;
}

interface StoredRow extends LoggedRow {
  pillsRemaining: number;
  countedOn: string;
  pillsPerDay: number;
  regimen: string;
}

// Kept by exactly the inputs it is computed from (src/shared/bounded-cache.ts), frozen.
const kept = boundedCache(
  "supplyToday",
  4096,
  (
    pillsRemaining: number,
    countedOn: string,
    pillsPerDay: number,
    stored: string,
    today: string,
    countBy: LoggedRow["countBy"],
    loggedTaken: number,
    loggedPlanned: number,
    loggedLastDate: string | null,
    loggedLastPlanned: number,
  ): SupplyToday => {
    const regimen = parseRegimen(stored, pillsPerDay);
    const schedule = scheduleOn(regimen, today);
    const logged = loggedOf({ countBy, loggedTaken, loggedPlanned, loggedLastDate, loggedLastPlanned });
    return {
      supply: supplyOn({ pillsRemaining, countedOn, regimen, logged }, today),
      schedule,
      perDay: averagePerDay(schedule),
      pause: currentPause(regimen, today),
      changes: upcomingChanges(regimen, today),
      regimen,
    };
  },
);

/** The row's supply on `today`. The answer is shared and frozen. */
export const supplyToday = (row: StoredRow, today: string): SupplyToday =>
  kept(
    row.pillsRemaining,
    row.countedOn,
    row.pillsPerDay,
    row.regimen,
    today,
    row.countBy,
    row.loggedTaken,
    row.loggedPlanned,
    row.loggedLastDate,
    row.loggedLastPlanned,
  );
