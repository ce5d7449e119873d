import type { SQL } from "drizzle-orm";
import { medications } from "../db/schema";
import { courseOf } from "../domain/course";
import { courseText } from "../domain/course-text";
import { doseText } from "../domain/dose-text";
import { hasEndedOn } from "../domain/regimen";
import { medicationTexts } from "../domain/medication-texts";
import type { Medication } from "../domain/medications";
import { scheduleAnswer } from "../domain/occurrences";
import { unitCountText } from "../domain/unit-text";
import { localeScope } from "../i18n/current";
import { memoText } from "../i18n/memo";
import { boundedCache } from "../shared/bounded-cache";
import { supplyToday } from "./supply-memo";

// A medication row as stored and the answer made from it: shared by the medication queries
// (./medications) and the supply writes (./supply), which both answer a medication.

/** The signed-in user's id: known (writes) or still SQL (reads batched with the session lookup). */
export type Owner = number | SQL<number>;

/** How the count follows the dose logs, and what the logs since the count's date add up to (LoggedDoses). */
export const loggedColumns = {
  countBy: medications.countBy,
  loggedTaken: medications.loggedTaken,
  loggedPlanned: medications.loggedPlanned,
  loggedLastDate: medications.loggedLastDate,
  loggedLastPlanned: medications.loggedLastPlanned,
};

export const storedColumns = {
  id: medications.id,
  name: medications.name,
  pharmacyId: medications.pharmacyId,
  pillsPerDay: medications.pillsPerDay,
  pillsRemaining: medications.pillsRemaining,
  countedOn: medications.countedOn,
  pillsPerRefill: medications.pillsPerRefill,
  lastRefillDate: medications.lastRefillDate,
  refillsLeft: medications.refillsLeft,
  prescriptionExpiresOn: medications.prescriptionExpiresOn,
  unit: medications.unit,
  regimen: medications.regimen,
  ...loggedColumns,
  packageItems: medications.packageItems,
  packageAmount: medications.packageAmount,
};

/** A medication row as read: the count as it was on `countedOn`. */
export type MedicationRecord = { [K in keyof typeof storedColumns]: (typeof medications.$inferSelect)[K] };

// The worded dose and count, kept per language, locale and their inputs (src/i18n/memo.ts).
const doseTextKept = memoText("doseTexts", doseText);
const countTextKept = memoText("countTexts", unitCountText);

/**
 * The answer shape: the count, days left and run-out date as of today (supplyOn), no storage details.
 * The dose and the count come worded too, in the current language: the dashboard prints them rather
 * than carry every unit's plurals and the schedule wording in its JavaScript.
 */
export function toMedication(row: MedicationRecord, today: string): Medication {
  const { supply, schedule, perDay, pause, changes, regimen } = supplyToday(row, today);
  const pausedFrom = pause?.from ?? null;
  const pausedUntil = pause?.until ?? null;
  return {
    id: row.id,
    name: row.name,
    pharmacyId: row.pharmacyId,
    pillsPerDay: perDay,
    pillsRemaining: supply.pillsRemaining,
    pillsPerRefill: row.pillsPerRefill,
    lastRefillDate: row.lastRefillDate,
    refillsLeft: row.refillsLeft,
    prescriptionExpiresOn: row.prescriptionExpiresOn,
    packageItems: row.packageItems,
    packageAmount: row.packageAmount,
    unit: row.unit,
    schedule: scheduleAnswer(schedule),
    scheduleChanges: changes,
    countBy: row.countBy,
    loggedTodayPlanned: row.loggedLastDate === today ? row.loggedLastPlanned : 0,
    pausedFrom,
    pausedUntil,
    daysLeft: supply.daysLeft,
    runsOutOn: supply.runsOutOn,
    endsOn: regimen.endsOn ?? null,
    course: courseOf(regimen),
    finished: hasEndedOn(regimen, today),
    courseText: courseText(regimen, row.unit, today),
    ...medicationTexts(
      { schedule, unit: row.unit, pillsRemaining: supply.pillsRemaining, pausedFrom, pausedUntil },
      today,
      doseTextKept,
      countTextKept,
    ),
  };
}

// A list's answers, kept per isolate by the whole stored row, today, the language and the locale
// (every input of toMedication; src/shared/bounded-cache.ts): the same list is read again and again,
// and one lookup per medication costs less than the supply and the worded texts' lookups together.
const keptMedication = boundedCache("medicationToday", 4096, (row: MedicationRecord, today: string, _language: string, _locale: string) =>
  toMedication(row, today),
);

/** toMedication, kept: the answer is shared and frozen (a list's reads never change it). */
export function medicationToday(row: MedicationRecord, today: string): Medication {
  const { language, locale } = localeScope();
  return keptMedication(row, today, language, locale);
}
