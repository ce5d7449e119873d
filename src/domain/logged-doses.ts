import type { LoggedDoses } from "./regimen";

// A medication row's dose-log columns (medications.count_by and logged_*), as every reader of a
// stored count holds them, and what the supply rule makes of them.

export interface LoggedRow {
  countBy: LoggedDoses["countBy"];
  loggedTaken: number;
  loggedPlanned: number;
  loggedLastDate: string | null;
  loggedLastPlanned: number;
}

/** The logged_* columns as the supply rule reads them (LoggedDoses). */
export const loggedOf = (row: LoggedRow): LoggedDoses => ({
  countBy: row.countBy,
  taken: row.loggedTaken,
  planned: row.loggedPlanned,
  lastDate: row.loggedLastDate,
  lastPlanned: row.loggedLastPlanned,
});

/** A row no dose was logged on since its count's date, counted by schedule (every row before dose logs). */
export const UNLOGGED: LoggedRow = { countBy: "schedule", loggedTaken: 0, loggedPlanned: 0, loggedLastDate: null, loggedLastPlanned: 0 };

/** The scheduled doses of `today`'s logged occurrences (supplyOn's rule: no longer due today). */
export const plannedToday = (row: Pick<LoggedRow, "loggedLastDate" | "loggedLastPlanned">, today: string) =>
  row.loggedLastDate !== null && row.loggedLastDate >= today ? row.loggedLastPlanned : 0;
