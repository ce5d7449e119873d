import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { medications } from "../db/schema";
import type { Medication } from "../domain/medications";
import type { Pause } from "../domain/regimen";
import { pausesResumed, pausesWith, regimenWithPauses, storedColumns, toMedication } from "./medications";

// Pausing and resuming touch only the regimen's pauses: the count stays as it was counted (on
// countedOn) and the days of a pause are simply not charged from there on, so nothing has to run.
// Each is one UPDATE on the owner's row: the pauses are rewritten inside it, so a concurrent edit
// is not lost, and an unknown or another user's id updates nothing (null: the caller's 404).

async function writePauses(db: Db, userId: number, id: number, pauses: ReturnType<typeof pausesWith>, today: string): Promise<Medication | null> {
  const [row] = await db
    .update(medications)
    .set({ regimen: regimenWithPauses(pauses) })
    .where(and(eq(medications.id, id), eq(medications.userId, userId)))
    .returning(storedColumns);
  return row ? toMedication(row, today) : null;
}

/** Pauses from `pause.from` (until `pause.until`, or until resumed), in place of the current or next pause. */
export const pauseMedication = (db: Db, userId: number, id: number, pause: Pause, today: string) => writePauses(db, userId, id, pausesWith(pause, today), today);

/** Resumes today: a pause under way ends yesterday, one still to come is dropped. */
export const resumeMedication = (db: Db, userId: number, id: number, today: string) => writePauses(db, userId, id, pausesResumed(today), today);
