import { and, eq, exists, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { jsonList } from "../db/json";
import { correctionEvent, createdEvent } from "./supply";
import { medications, pharmacies } from "../db/schema";
import { currentPills } from "../domain/countdown";
import { MAX_MEDICATIONS } from "../domain/limits";
import { compareByName, type Medication } from "../domain/medications";
import { type MedicationPayload, type NewMedicationPayload } from "../shared/medication-schemas";

// Every query is scoped by its owner: a user id, or the session's owner (sessionOwner) when it rides
// in the session's batch. `today` is the owner's local date (see todayIn): counts are stored with
// the date they were true, and every answer carries the count as of today.

/** The signed-in user's id: known (writes) or still SQL (reads batched with the session lookup). */
export type Owner = number | SQL<number>;

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
};

/** A medication row as read: the count as it was on `countedOn`. */
export type MedicationRecord = { [K in keyof typeof storedColumns]: (typeof medications.$inferSelect)[K] };

/** The answer shape: the stored count with the countdown applied, no storage details. */
export function toMedication(row: MedicationRecord, today: string): Medication {
  return {
    id: row.id,
    name: row.name,
    pharmacyId: row.pharmacyId,
    pillsPerDay: row.pillsPerDay,
    pillsRemaining: currentPills(row, today),
    pillsPerRefill: row.pillsPerRefill,
    lastRefillDate: row.lastRefillDate,
    refillsLeft: row.refillsLeft,
    prescriptionExpiresOn: row.prescriptionExpiresOn,
  };
}

export const toSortedMedications = (rows: MedicationRecord[], today: string) => rows.map((row) => toMedication(row, today)).sort(compareByName);

const ownMedication = (owner: Owner, id: number | SQL<number>) => and(eq(medications.id, id), eq(medications.userId, owner));
const ownPharmacy = (owner: Owner, pharmacyId: number) => and(eq(pharmacies.id, pharmacyId), eq(pharmacies.userId, owner));

// SQLite's case-insensitive name order is close to the collator's, so the sort in JS is nearly free.
const medicationList = jsonList(medications, storedColumns, sql`${medications.name} collate nocase, ${medications.id}`);

/** The owner's medications, as one JSON value (read it with medicationRecords). */
export const medicationsOf = (db: Db, owner: Owner) => medicationList.select(db, eq(medications.userId, owner));
/** medicationsOf's answer as rows; toSortedMedications puts them in the collator's order. */
export const medicationRecords = medicationList.parse;

/** One medication of the owner's: one row, or none for an unknown or another user's id. */
export const medicationOf = (db: Db, owner: Owner, id: number | SQL<number>) => db.select(storedColumns).from(medications).where(ownMedication(owner, id));

/** Whether the owner has this medication: asked after a write that changed nothing, in its batch. */
const medicationExists = (db: Db, owner: Owner, id: number) => db.select({ id: medications.id }).from(medications).where(ownMedication(owner, id));

/**
 * Inserts only when the pharmacy is the user's own: the values are selected FROM that pharmacy's
 * row, so another user's (or a missing) pharmacy yields no row and nothing is inserted.
 * Answers null in that case, and "limit" when the user already tracks MAX_MEDICATIONS. The count
 * is the count on `countedOn` (the caller checked it is not after today), today when not given;
 * the 'created' event is on that day, so refills may be back-dated to it.
 */
export async function createMedication(db: Db, userId: number, input: MedicationPayload & Partial<Pick<NewMedicationPayload, "countedOn">>, today: string, now = Date.now()): Promise<Medication | "limit" | null> {
  const [[row]] = await db.batch([
    db
    .insert(medications)
    .select((qb) =>
      qb
        .select({
          id: sql<number>`null`.as("id"),
          userId: sql<number>`${userId}`.as("user_id"),
          name: sql<string>`${input.name}`.as("name"),
          pharmacyId: pharmacies.id,
          pillsPerDay: sql<number>`${input.pillsPerDay}`.as("pills_per_day"),
          pillsRemaining: sql<number>`${input.pillsRemaining}`.as("pills_remaining"),
          countedOn: sql<string>`${input.countedOn ?? today}`.as("counted_on"),
          pillsPerRefill: sql<number>`${input.pillsPerRefill}`.as("pills_per_refill"),
          lastRefillDate: sql<string | null>`${input.lastRefillDate}`.as("last_refill_date"),
          refillsLeft: sql<number | null>`${input.refillsLeft}`.as("refills_left"),
          prescriptionExpiresOn: sql<string | null>`${input.prescriptionExpiresOn}`.as("prescription_expires_on"),
        })
        .from(pharmacies)
        // The count and the insert are one statement, so two parallel adds cannot both pass 199.
        .where(and(ownPharmacy(userId, input.pharmacyId), sql`(SELECT count(*) FROM ${medications} WHERE ${medications.userId} = ${userId}) < ${MAX_MEDICATIONS}`)),
    )
    .returning(storedColumns),
    // The supply history starts with the count it was added with, in the same batch.
    createdEvent(db, userId, now),
  ]);
  if (row) return toMedication(row, today);
  // Nothing inserted: say why (the write's second round trip).
  return (await medicationCount(db, userId)) >= MAX_MEDICATIONS ? "limit" : null;
}

async function medicationCount(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(medications).where(eq(medications.userId, userId));
  return Number(row?.n ?? 0);
}

export type UpdateMedicationResult = { medication: Medication } | { error: "not-found" | "pharmacy-not-found" };

/**
 * A full update (same payload as create); the count given is the count as of today. When nothing
 * was updated, the same batch tells why: an unknown medication wins over a bad pharmacy (404 first).
 */
export async function updateMedication(db: Db, userId: number, id: number, input: MedicationPayload, today: string, now = Date.now()): Promise<UpdateMedicationResult> {
  const pharmacyIsOwn = exists(db.select({ id: pharmacies.id }).from(pharmacies).where(ownPharmacy(userId, input.pharmacyId)));
  const [, updated, found] = await db.batch([
    // A count changed by hand is a correction in the history; written first, it sees the count before.
    correctionEvent(db, userId, id, input.pillsRemaining, today, now, pharmacyIsOwn),
    db
      .update(medications)
      .set({
        name: input.name,
        pharmacyId: input.pharmacyId,
        pillsPerDay: input.pillsPerDay,
        pillsRemaining: input.pillsRemaining,
        countedOn: today,
        pillsPerRefill: input.pillsPerRefill,
        lastRefillDate: input.lastRefillDate,
        refillsLeft: input.refillsLeft,
        prescriptionExpiresOn: input.prescriptionExpiresOn,
      })
      .where(and(ownMedication(userId, id), pharmacyIsOwn))
      .returning(storedColumns),
    medicationExists(db, userId, id),
  ]);
  if (updated[0]) return { medication: toMedication(updated[0], today) };
  return { error: found.length > 0 ? "pharmacy-not-found" : "not-found" };
}

/** True when a row was deleted. */
export async function deleteMedication(db: Db, userId: number, id: number): Promise<boolean> {
  const deleted = await db.delete(medications).where(ownMedication(userId, id)).returning({ id: medications.id });
  return deleted.length > 0;
}

/**
 * A medication's pharmacy as two columns of a `leftJoin(pharmacies, …)`. Aliased: in a D1 batch rows
 * come keyed by column name, where the medication's and the pharmacy's `name` would collide.
 */
export const pharmacyContact = {
  pharmacyName: sql<string | null>`${pharmacies.name}`.as("pharmacy_name"),
  pharmacyPhone: sql<string | null>`${pharmacies.phoneNumber}`.as("pharmacy_phone"),
};

/**
 * What a reminder lists about each medication: its count and its pharmacy's name and phone. `owners`
 * picks whose: one user (`eq`), or a whole batch of due users (the hourly job).
 */
export const reminderMedications = (db: Db, owners: SQL) =>
  db
    .select({
      id: medications.id,
      userId: medications.userId,
      name: medications.name,
      pillsPerDay: medications.pillsPerDay,
      pillsRemaining: medications.pillsRemaining,
      countedOn: medications.countedOn,
      refillsLeft: medications.refillsLeft,
      prescriptionExpiresOn: medications.prescriptionExpiresOn,
      ...pharmacyContact,
    })
    .from(medications)
    .leftJoin(pharmacies, eq(pharmacies.id, medications.pharmacyId))
    .where(owners);

/** One owner's reminder medications (the test e-mail). */
export const reminderMedicationsOf = (db: Db, owner: Owner) => reminderMedications(db, eq(medications.userId, owner));
