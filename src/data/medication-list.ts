import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { medications, pharmacies } from "../db/schema";
import { courseNews, type CourseNews } from "../domain/course";
import { compareByName, type Medication } from "../domain/medications";
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
    .where(eq(medications.personId, owner));

export type MedicationListRow = Awaited<ReturnType<typeof medicationListOf>>[number];

/**
 * A listed medication with its count, days left, run-out date and pause as of `today` (supplyOn),
 * sorted by name: each fact under the API's name for it (Medication).
 */
export type CountedMedication = ListedMedication &
  Pick<Medication, "id" | "daysLeft" | "runsOutOn" | "pausedFrom" | "pausedUntil"> & {
    /** A course's next step or last day as of today (src/domain/course.ts); null when none. */
    course: CourseNews;
  };

export function countedMedications(rows: MedicationListRow[], today: string): CountedMedication[] {
  return rows
    .map(({ countedOn, regimen, countBy, loggedTaken, loggedPlanned, loggedLastDate, loggedLastPlanned, ...row }) => {
      const {
        supply,
        schedule,
        perDay,
        pause,
        regimen: stored,
      } = supplyToday(
        {
          pillsRemaining: row.pillsRemaining,
          countedOn,
          pillsPerDay: row.pillsPerDay,
          regimen,
          countBy,
          loggedTaken,
          loggedPlanned,
          loggedLastDate,
          loggedLastPlanned,
        },
        today,
      );
      const paused = { pausedFrom: pause?.from ?? null, pausedUntil: pause?.until ?? null };
      return {
        ...row,
        schedule,
        pillsPerDay: perDay,
        pillsRemaining: supply.pillsRemaining,
        daysLeft: supply.daysLeft,
        runsOutOn: supply.runsOutOn,
        ...paused,
        course: courseNews(stored, today),
      };
    })
    .sort(compareByName);
}
