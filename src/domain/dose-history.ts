import * as m from "../generated/i18n";
import { formatClock } from "../i18n/clock";
import { formatTime } from "../i18n/format";
import type { DoseLog } from "./count-history";
import { unitCountText } from "./unit-text";

// The dose logs as lines of a medication's history, in the current language: 'Taken 1 tablet at
// 8:20 AM (the 8:00 AM dose)', 'Skipped the 8:00 PM dose', 'Extra use: 2 puffs at 3:05 PM'. Worded
// on the server (the times in the user's zone), so the history island only prints them.

/** One dose log as the history shows it. */
export interface DoseHistoryEntry {
  /** 'dose-<id>': apart from the supply events' ids. */
  key: string;
  localDate: string;
  text: string;
}

/** The line of one log. */
export function doseHistoryText(log: Pick<DoseLog, "kind" | "at" | "amount" | "takenAt">, unit: string, timeZone: string): string {
  const amount = unitCountText(unit, log.amount ?? 0);
  const time = log.takenAt === null ? "" : formatTime(log.takenAt, timeZone);
  const at = log.at === "" ? null : formatClock(log.at);
  switch (log.kind) {
    case "taken":
      return at === null ? m.history_dose_taken({ amount, time }) : m.history_dose_taken_at({ amount, time, at });
    case "skipped":
      return at === null ? m.history_dose_skipped() : m.history_dose_skipped_at({ at });
    case "extra":
      return m.history_dose_extra({ amount, time });
  }
}

/** The logs dated from `from` on, newest first (by day, then by the time they were taken). */
export const doseHistory = (logs: DoseLog[], unit: string, from: string, timeZone: string): DoseHistoryEntry[] =>
  logs
    .filter((log) => log.localDate >= from)
    .sort((a, b) => b.localDate.localeCompare(a.localDate) || (b.takenAt ?? 0) - (a.takenAt ?? 0) || b.id - a.id)
    .map((log) => ({ key: `dose-${log.id}`, localDate: log.localDate, text: doseHistoryText(log, unit, timeZone) }));
