import { and, eq, notExists, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { owningAccountOf } from "../auth/access";
import { jsonList } from "../db/json";
import { medications, pharmacies } from "../db/schema";
import { MAX_PHARMACIES } from "../domain/limits";
import { compareByName, type Pharmacy } from "../domain/medications";
import type { PharmacyPayload } from "../shared/medication-schemas";
import type { Owner } from "./medications";

// Every query is scoped by the owner: another user's pharmacy is indistinguishable from none.

const pharmacyColumns = { id: pharmacies.id, name: pharmacies.name, phoneNumber: pharmacies.phoneNumber };
const ownPharmacy = (owner: Owner, id: number) => and(eq(pharmacies.id, id), eq(pharmacies.personId, owner));

const pharmacyList = jsonList(pharmacies, pharmacyColumns, sql`${pharmacies.name} collate nocase, ${pharmacies.id}`);

/** The owner's pharmacies, as one JSON value (read it with pharmacyRecords). */
export const pharmaciesOf = (db: Db, owner: Owner) => pharmacyList.select(db, eq(pharmacies.personId, owner));
/** pharmaciesOf's answer as rows; sortPharmacies puts them in the collator's order. */
export const pharmacyRecords = pharmacyList.parse;

export const sortPharmacies = (rows: Pharmacy[]) => rows.sort(compareByName);

/** The pharmacy of one of the owner's medications: one row, or none. */
export const pharmacyOfMedication = (db: Db, owner: Owner, medicationId: number | SQL<number>) =>
  db
    .select(pharmacyColumns)
    .from(pharmacies)
    .where(
      and(
        eq(pharmacies.personId, owner),
        eq(
          pharmacies.id,
          db
            .select({ id: medications.pharmacyId })
            .from(medications)
            .where(and(eq(medications.id, medicationId), eq(medications.personId, owner))),
        ),
      ),
    );

/** The new pharmacy, or "limit" when the user already has MAX_PHARMACIES (checked in the insert itself). */
export async function createPharmacy(db: Db, personId: number, input: PharmacyPayload): Promise<Pharmacy | "limit"> {
  const [row] = await db
    .insert(pharmacies)
    .select((qb) =>
      qb
        .select({
          id: sql<number>`null`.as("id"),
          userId: sql<number>`${owningAccountOf(personId)}`.as("user_id"),
          name: sql<string>`${input.name}`.as("name"),
          phoneNumber: sql<string>`${input.phoneNumber}`.as("phone_number"),
          personId: sql<number>`${personId}`.as("person_id"),
        })
        .from(sql`(SELECT count(*) AS n FROM ${pharmacies} WHERE ${pharmacies.personId} = ${personId}) AS owned`)
        .where(sql`owned.n < ${MAX_PHARMACIES}`),
    )
    .returning(pharmacyColumns);
  return row ?? "limit";
}

/** The updated pharmacy, or null when the user has no pharmacy with this id. */
export async function updatePharmacy(db: Db, personId: number, id: number, input: PharmacyPayload): Promise<Pharmacy | null> {
  const [row] = await db
    .update(pharmacies)
    .set({ name: input.name, phoneNumber: input.phoneNumber })
    .where(ownPharmacy(personId, id))
    .returning(pharmacyColumns);
  return row ?? null;
}

export type DeletePharmacyResult = "deleted" | "not-found" | "in-use";

export async function deletePharmacy(db: Db, personId: number, id: number): Promise<DeletePharmacyResult> {
  // Checked and deleted in one statement, so a medication added meanwhile cannot slip between them;
  // when nothing was deleted, the same batch tells why (404 or 409).
  const [deleted, owned] = await db.batch([
    db
      .delete(pharmacies)
      .where(
        and(
          ownPharmacy(personId, id),
          notExists(db.select({ id: medications.id }).from(medications).where(eq(medications.pharmacyId, id))),
        ),
      )
      .returning({ id: pharmacies.id }),
    db.select({ id: pharmacies.id }).from(pharmacies).where(ownPharmacy(personId, id)),
  ]);
  if (deleted.length > 0) return "deleted";
  return owned.length > 0 ? "in-use" : "not-found";
}
