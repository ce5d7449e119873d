import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { medications, pharmacies } from "../db/schema";
import type { Pause } from "../domain/regimen";
import { compareByName } from "../domain/medications";
import type { ListedMedication } from "../domain/medication-csv";
import { pharmacyContact, storedColumns, type Owner } from "./medications";
import { supplyToday } from "./supply-memo";

// The whole list with each medication's pharmacy and prescription: what the printed list, the CSV
// export and the calendar feed show. Scoped by its owner like every query here.

// A medication's stored columns; the pharmacy is shown by its name and phone, not its id.
const { pharmacyId: _pharmacyId, ...listedColumns } = storedColumns;

/** The owner's medications with their pharmacy's name and phone, one row each (any order). */
export const medicationListOf = (db: Db, owner: Owner) =>
  db
    .select({ ...listedColumns, ...pharmacyContact })
    .from(medications)
    .leftJoin(pharmacies, eq(pharmacies.id, medications.pharmacyId))
    .where(eq(medications.userId, owner));

export type MedicationListRow = Awaited<ReturnType<typeof medicationListOf>>[number];

/** A listed medication with its count, days left and run-out date as of `today` (supplyOn), sorted by name. */
export type CountedMedication = ListedMedication & { id: number; daysLeft: number | null; runsOutOn: string | null; pause: Pause | null };

export function countedMedications(rows: MedicationListRow[], today: string): CountedMedication[] {
  return rows
    .map(({ countedOn, regimen, ...row }) => {
      const { supply, schedule, perDay, pause } = supplyToday({ pillsRemaining: row.pillsRemaining, countedOn, pillsPerDay: row.pillsPerDay, regimen }, today);
      return { ...row, schedule, pillsPerDay: perDay, pillsRemaining: supply.count, daysLeft: supply.daysLeft, runsOutOn: supply.runsOutOn, pause };
    })
    .sort(compareByName);
}
