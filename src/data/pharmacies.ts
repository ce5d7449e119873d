import { and, eq, notExists, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../db/client";
import { jsonRows } from "../db/json";
import { medications, pharmacies } from "../db/schema";
import { compareByName, type Pharmacy } from "../domain/medications";
import type { PharmacyPayload } from "../shared/medication-schemas";

// Every query is scoped by the owner's id: another user's pharmacy is indistinguishable from none.

export const pharmacyColumns = { id: pharmacies.id, name: pharmacies.name, phoneNumber: pharmacies.phoneNumber };

const ownPharmacies = (db: Db, userId: number) => db.select(pharmacyColumns).from(pharmacies).where(eq(pharmacies.userId, userId));

/** The owner's pharmacies as one JSON value (see jsonRows): for a statement that knows the owner. */
export const pharmaciesJson = (owner: SQLiteColumn) =>
  jsonRows(pharmacies, pharmacyColumns, eq(pharmacies.userId, owner), sql`${pharmacies.name} collate nocase, ${pharmacies.id}`);

export const sortPharmacies = (rows: Pharmacy[]) => rows.sort(compareByName);

export async function listPharmacies(db: Db, userId: number): Promise<Pharmacy[]> {
  return sortPharmacies(await ownPharmacies(db, userId));
}

export async function createPharmacy(db: Db, userId: number, input: PharmacyPayload): Promise<Pharmacy> {
  const [row] = await db.insert(pharmacies).values({ userId, name: input.name, phoneNumber: input.phoneNumber }).returning(pharmacyColumns);
  return row;
}

/** The updated pharmacy, or null when the user has no pharmacy with this id. */
export async function updatePharmacy(db: Db, userId: number, id: number, input: PharmacyPayload): Promise<Pharmacy | null> {
  const [row] = await db
    .update(pharmacies)
    .set({ name: input.name, phoneNumber: input.phoneNumber })
    .where(and(eq(pharmacies.id, id), eq(pharmacies.userId, userId)))
    .returning(pharmacyColumns);
  return row ?? null;
}

export type DeletePharmacyResult = "deleted" | "not-found" | "in-use";

export async function deletePharmacy(db: Db, userId: number, id: number): Promise<DeletePharmacyResult> {
  // Check and delete in one statement, so a medication added meanwhile cannot slip between them.
  const deleted = await db
    .delete(pharmacies)
    .where(and(eq(pharmacies.id, id), eq(pharmacies.userId, userId), notExists(db.select({ id: medications.id }).from(medications).where(eq(medications.pharmacyId, id)))))
    .returning({ id: pharmacies.id });
  if (deleted.length > 0) return "deleted";
  // Nothing deleted: only now find out why, to answer 404 or 409.
  const [owned] = await db
    .select({ id: pharmacies.id })
    .from(pharmacies)
    .where(and(eq(pharmacies.id, id), eq(pharmacies.userId, userId)));
  return owned ? "in-use" : "not-found";
}
