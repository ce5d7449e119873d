import { compareByName } from "../domain/medications";
import { localeScope } from "../i18n/current";
import { toMedication, type MedicationRecord } from "./medications";

// The list answer (GET /api/medications) as JSON text, each medication's JSON made once per isolate.
// A medication's answer is a pure function of its stored row, today, the language and the locale;
// the same list is read again and again, and building and serialising 100 answers (with their worded
// texts) was the largest part of the route's CPU after the database.

const MAX_ROWS = 4096;
const kept = new Map<string, string>();

/**
 * Everything the answer depends on, one string. The name comes last: every other value is a number,
 * a date, a unit or the regimen's JSON, none of which holds a NUL, so the key reads back one way only.
 */
function rowKey(row: MedicationRecord, today: string): string {
  const { language, locale } = localeScope();
  // A template writes null as "null" (join would write it as "", the same as an empty text).
  const n = "\u0000";
  return `${language}${n}${locale}${n}${today}${n}${row.id}${n}${row.pharmacyId}${n}${row.pillsPerDay}${n}${row.pillsRemaining}${n}${row.countedOn}${n}${row.pillsPerRefill}${n}${row.lastRefillDate}${n}${row.refillsLeft}${n}${row.prescriptionExpiresOn}${n}${row.unit}${n}${row.regimen}${n}${row.name}`;
}

/** JSON.stringify(toSortedMedications(rows, today)), with each row's text kept. */
export function sortedMedicationsJson(rows: MedicationRecord[], today: string): string {
  const parts = rows
    .slice()
    .sort(compareByName)
    .map((row) => {
      const key = rowKey(row, today);
      let json = kept.get(key);
      if (json === undefined) {
        if (kept.size >= MAX_ROWS) kept.clear();
        kept.set(key, (json = JSON.stringify(toMedication(row, today))));
      }
      return json;
    });
  return `[${parts.join(",")}]`;
}
