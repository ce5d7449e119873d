import { compareByName } from "../domain/medications";
import { localeScope } from "../i18n/current";
import { boundedCache } from "../shared/bounded-cache";
import { medicationToday } from "./medication-row";
import type { MedicationRecord } from "./medications";

// The list answer (GET /api/medications) as JSON text, each medication's JSON made once per isolate.
// A medication's answer is a pure function of its stored row, today, the language and the locale;
// the same list is read again and again, and building and serialising 100 answers (with their worded
// texts) was the largest part of the route's CPU after the database.

// Kept by the whole stored row, today, the language and the locale (the key is every input, so a
// column added later cannot be forgotten; src/shared/bounded-cache.ts).
const kept = boundedCache("medicationJson", 4096, (row: MedicationRecord, today: string, _language: string, _locale: string) =>
  JSON.stringify(medicationToday(row, today)),
);

/** JSON.stringify(toSortedMedications(rows, today)), with each row's text kept. */
export function sortedMedicationsJson(rows: MedicationRecord[], today: string): string {
  const parts = rows
    .slice()
    .sort(compareByName)
    .map((row) => {
      const { language, locale } = localeScope();
      return kept(row, today, language, locale);
    });
  return `[${parts.join(",")}]`;
}
