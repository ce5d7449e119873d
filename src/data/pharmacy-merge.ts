import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { medications, pharmacies } from "../db/schema";

/**
 * Moves every medication of pharmacy `fromId` to `intoId` and deletes `fromId`: one batch (one
 * transaction), each statement guarded by both pharmacies being the owner's, so another user's id
 * (as either) changes nothing. The caller refuses fromId === intoId.
 */
export async function mergePharmacy(db: Db, personId: number, fromId: number, intoId: number): Promise<{ moved: number } | "not-found"> {
  const bothOwned = sql`(SELECT count(*) FROM ${pharmacies} WHERE ${pharmacies.personId} = ${personId} AND ${pharmacies.id} IN (${fromId}, ${intoId})) = 2`;
  const [moved, deleted] = await db.batch([
    db
      .update(medications)
      .set({ pharmacyId: intoId })
      .where(and(eq(medications.personId, personId), eq(medications.pharmacyId, fromId), bothOwned))
      .returning({ id: medications.id }),
    db
      .delete(pharmacies)
      .where(and(eq(pharmacies.id, fromId), eq(pharmacies.personId, personId), bothOwned))
      .returning({ id: pharmacies.id }),
  ]);
  return deleted.length === 0 ? "not-found" : { moved: moved.length };
}
