import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { medications } from "../db/schema";
import type { Medication } from "../domain/medications";
import type { Pause } from "../domain/regimen";
import { storedColumns, toMedication } from "./medications";
import { pausesKeptWith, pausesResumed, regimenWithPauses } from "./regimen-sql";
import { regimenFits, regimenProblem, regimenSizes } from "./regimen-limits";
import { addedOn } from "./supply";
import { changed, medicationSubject, recordActivity } from "./activity";

// Pausing and resuming touch only the regimen's pauses: the count stays as it was counted (on
// countedOn) and the days of a pause are simply not charged from there on, so nothing has to run.
// Each is one UPDATE on the owner's row: the pauses are rewritten inside it, so a concurrent edit
// is not lost, and an unknown or another user's id updates nothing (the caller's 404).

const own = (personId: number, id: number) => and(eq(medications.id, id), eq(medications.personId, personId));

export type PauseResult =
  | Medication
  | { error: "not-found" | "too-many-pauses" | "too-many-changes" }
  | { error: "pause-too-early"; addedOn: string };

/**
 * Pauses from `pause.from` (until `pause.until`, or until resumed), in place of the current or next
 * pause: not from before the medication was added, and within MAX_PAUSES. The UPDATE checks
 * both and the same batch (one round trip) says why when it changed nothing.
 */
export async function pauseMedication(
  db: Db,
  personId: number,
  actorId: number,
  id: number,
  pause: Pause,
  today: string,
  now = Date.now(),
): Promise<PauseResult> {
  const regimen = regimenWithPauses(pausesKeptWith(pause, today));
  const recorded = medicationSubject(personId, id);
  const [updated, , facts] = await db.batch([
    db
      .update(medications)
      .set({ regimen })
      .where(and(own(personId, id), sql`${pause.from} >= coalesce(${addedOn}, ${pause.from})`, regimenFits(regimen)))
      .returning(storedColumns),
    recordActivity(db, { person: personId, actorId, kind: "medication_paused", ...recorded, when: and(changed, recorded.when), at: now }),
    db
      .select({ addedOn: addedOn.as("added_on"), ...regimenSizes(regimen) })
      .from(medications)
      .where(own(personId, id)),
  ]);
  if (updated[0]) return toMedication(updated[0], today);
  const [fact] = facts;
  if (!fact) return { error: "not-found" };
  if (fact.addedOn !== null && pause.from < fact.addedOn) return { error: "pause-too-early", addedOn: fact.addedOn };
  return { error: regimenProblem(fact) ?? "not-found" };
}

/** Resumes today: a pause under way ends yesterday, one still to come is dropped (null: not found). */
export async function resumeMedication(
  db: Db,
  personId: number,
  actorId: number,
  id: number,
  today: string,
  now = Date.now(),
): Promise<Medication | null> {
  const recorded = medicationSubject(personId, id);
  const [[row]] = await db.batch([
    db
      .update(medications)
      .set({ regimen: regimenWithPauses(pausesResumed(today)) })
      .where(own(personId, id))
      .returning(storedColumns),
    recordActivity(db, { person: personId, actorId, kind: "medication_resumed", ...recorded, when: and(changed, recorded.when), at: now }),
  ]);
  return row ? toMedication(row, today) : null;
}
