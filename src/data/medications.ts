import { and, eq, exists, sql } from "drizzle-orm";
import { sessionOwner } from "../auth/session";
import type { Db } from "../db/client";
import { jsonRows } from "../db/json";
import { medications, pharmacies, type MedicationRow } from "../db/schema";
import { currentPills, todayIn } from "../domain/countdown";
import { compareByName, type Medication, type Pharmacy } from "../domain/medications";
import { MAX_PILLS, type MedicationPayload } from "../shared/medication-schemas";
import { pharmaciesJson, sortPharmacies } from "./pharmacies";

// Every query is scoped by the owner's id. `today` is the owner's local date (see todayIn): counts
// are stored with the date they were true, and every answer carries the count as of today.

/** A medication as stored, its owner aside. */
export type StoredMedication = Omit<MedicationRow, "userId">;

/** The answer shape: the stored count with the countdown applied, no storage details. */
export function toMedication(row: StoredMedication, today: string): Medication {
  return {
    id: row.id,
    name: row.name,
    pharmacyId: row.pharmacyId,
    pillsPerDay: row.pillsPerDay,
    pillsRemaining: currentPills(row, today),
    pillsPerRefill: row.pillsPerRefill,
    lastRefillDate: row.lastRefillDate,
  };
}

const ownMedication = (userId: number, id: number) => and(eq(medications.id, id), eq(medications.userId, userId));
const ownPharmacy = (userId: number, pharmacyId: number) => and(eq(pharmacies.id, pharmacyId), eq(pharmacies.userId, userId));

export const toSortedMedications = (rows: StoredMedication[], today: string) => rows.map((row) => toMedication(row, today)).sort(compareByName);

export async function findMedication(db: Db, userId: number, id: number, today: string): Promise<Medication | null> {
  const [row] = await db.select().from(medications).where(ownMedication(userId, id));
  return row ? toMedication(row, today) : null;
}

const storedColumns = {
  id: medications.id,
  name: medications.name,
  pharmacyId: medications.pharmacyId,
  pillsPerDay: medications.pillsPerDay,
  pillsRemaining: medications.pillsRemaining,
  countedOn: medications.countedOn,
  pillsPerRefill: medications.pillsPerRefill,
  lastRefillDate: medications.lastRefillDate,
};

// In SQL's case-insensitive name order: close to the collator's, so sorting in JS is nearly free.
const sessionMedications = jsonRows(medications, storedColumns, eq(medications.userId, sessionOwner), sql`${medications.name} collate nocase, ${medications.id}`);
const sessionPharmacies = pharmaciesJson(sessionOwner);

/** Loaded with the session (see authenticate): the signed-in user's medications, as JSON. */
export const withMedications = { medications: sessionMedications.sql };

/** Loaded with the session: everything the dashboard's first paint shows. */
export const withDashboard = { medications: sessionMedications.sql, pharmacies: sessionPharmacies.sql };

/** The medications from withMedications' JSON, counted down to the user's today and sorted by name. */
export function medicationsFromJson(json: string, timeZone: string, now = Date.now()): Medication[] {
  return toSortedMedications(sessionMedications.parse(json), todayIn(timeZone, now));
}

/** The dashboard's data from withDashboard's JSON: counts as of the user's today, both lists sorted by name. */
export function dashboardFromJson(
  json: { medications: string; pharmacies: string },
  timeZone: string,
  now = Date.now(),
): { medications: Medication[]; pharmacies: Pharmacy[] } {
  return { medications: medicationsFromJson(json.medications, timeZone, now), pharmacies: sortPharmacies(sessionPharmacies.parse(json.pharmacies)) };
}

/**
 * Inserts only when the pharmacy is the user's own: the values are selected FROM that pharmacy's
 * row, so another user's (or a missing) pharmacy yields no row and nothing is inserted.
 * Answers null in that case.
 */
export async function createMedication(db: Db, userId: number, input: MedicationPayload, today: string): Promise<Medication | null> {
  const [row] = await db
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
          countedOn: sql<string>`${today}`.as("counted_on"),
          pillsPerRefill: sql<number>`${input.pillsPerRefill}`.as("pills_per_refill"),
          lastRefillDate: sql<string | null>`${input.lastRefillDate}`.as("last_refill_date"),
        })
        .from(pharmacies)
        .where(ownPharmacy(userId, input.pharmacyId)),
    )
    .returning();
  return row ? toMedication(row, today) : null;
}

export type UpdateMedicationResult = { medication: Medication } | { error: "not-found" | "pharmacy-not-found" };

/** A full update (same payload as create); the count given is the count as of today. */
export async function updateMedication(db: Db, userId: number, id: number, input: MedicationPayload, today: string): Promise<UpdateMedicationResult> {
  const [row] = await db
    .update(medications)
    .set({
      name: input.name,
      pharmacyId: input.pharmacyId,
      pillsPerDay: input.pillsPerDay,
      pillsRemaining: input.pillsRemaining,
      countedOn: today,
      pillsPerRefill: input.pillsPerRefill,
      lastRefillDate: input.lastRefillDate,
    })
    .where(and(ownMedication(userId, id), exists(db.select({ id: pharmacies.id }).from(pharmacies).where(ownPharmacy(userId, input.pharmacyId)))))
    .returning();
  if (row) return { medication: toMedication(row, today) };
  // Nothing updated: find out why. An unknown medication wins over a bad pharmacy (404 before 400).
  const [found] = await db.select({ id: medications.id }).from(medications).where(ownMedication(userId, id));
  return { error: found ? "pharmacy-not-found" : "not-found" };
}

/** True when a row was deleted. */
export async function deleteMedication(db: Db, userId: number, id: number): Promise<boolean> {
  const deleted = await db.delete(medications).where(ownMedication(userId, id)).returning({ id: medications.id });
  return deleted.length > 0;
}

/**
 * Adds a refill to the current count and records today as the last refill date, in one UPDATE:
 * the countdown since counted_on is applied in SQL (never below 0, the same rule as currentPills),
 * so concurrent refills each add their pills instead of overwriting one another.
 */
export type RefillResult = { medication: Medication } | { error: "not-found" | "too-many-pills" };

export async function refillMedication(db: Db, userId: number, id: number, pillsToAdd: number, today: string): Promise<RefillResult> {
  const elapsedDays = sql`max(0, julianday(${today}) - julianday(${medications.countedOn}))`;
  // round(…, 3) mirrors roundPills, so float noise is not stored.
  const refilled = sql`round(max(0, ${medications.pillsRemaining} - ${medications.pillsPerDay} * ${elapsedDays}) + ${pillsToAdd}, 3)`;
  const [row] = await db
    .update(medications)
    .set({ pillsRemaining: refilled, countedOn: today, lastRefillDate: today })
    // The ceiling is checked in the same statement, so no concurrent refill can pass it either.
    .where(and(ownMedication(userId, id), sql`${refilled} <= ${MAX_PILLS}`))
    .returning();
  if (row) return { medication: toMedication(row, today) };
  const [found] = await db.select({ id: medications.id }).from(medications).where(ownMedication(userId, id));
  return { error: found ? "too-many-pills" : "not-found" };
}
