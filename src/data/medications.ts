import { and, eq, exists, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { owningAccountOf } from "../auth/access";
import { jsonList } from "../db/json";
import { addedOn, correctionEvent, createdEvent } from "./supply";
import { type CountMode, medications, pharmacies } from "../db/schema";
import { loggedTotals, takenOn } from "./dose-log-sql";
import { changed, medicationSubject, recordActivity } from "./activity";
import { MAX_MEDICATIONS } from "../domain/limits";
import { regimenFits, regimenProblem, regimenSizes } from "./regimen-limits";
import { storedChange, storedPause } from "../domain/timeline";
import { compareByName, type Medication } from "../domain/medications";
import { averagePerDay, type Unit } from "../domain/regimen";
import type { MedicationPayload } from "../shared/medication-schemas";
import { loggedColumns, medicationToday, storedColumns, toMedication, type MedicationRecord, type Owner } from "./medication-row";
import { type RegimenWrite, regimenUpdate } from "./regimen-sql";

export { storedColumns, toMedication, type MedicationRecord, type Owner, type RegimenWrite };

// Every query is scoped by its owner: a user id, or the session's owner (sessionOwner) when it rides
// in the session's batch. `today` is the owner's local date (see todayIn): counts are stored with
// the date they were true, and every answer carries the count as of today.

export type MedicationInput = Omit<
  MedicationPayload,
  "pillsPerDay" | "unit" | "schedule" | "effectiveFrom" | "pausedFrom" | "pausedUntil"
> & { countedOn?: string | null };

export const toSortedMedications = (rows: MedicationRecord[], today: string) =>
  rows.map((row) => medicationToday(row, today)).sort(compareByName);

const ownMedication = (owner: Owner, id: number | SQL<number>) => and(eq(medications.id, id), eq(medications.personId, owner));
const ownPharmacy = (owner: Owner, pharmacyId: number) => and(eq(pharmacies.id, pharmacyId), eq(pharmacies.personId, owner));

// SQLite's case-insensitive name order is close to the collator's, so the sort in JS is nearly free.
const medicationList = jsonList(medications, storedColumns, sql`${medications.name} collate nocase, ${medications.id}`);

/** The owner's medications, as one JSON value (read it with medicationRecords). */
export const medicationsOf = (db: Db, owner: Owner) => medicationList.select(db, eq(medications.personId, owner));
/** medicationsOf's answer as rows; toSortedMedications puts them in the collator's order. */
export const medicationRecords = medicationList.parse;

/** One medication of the owner's: one row, or none for an unknown or another user's id. */
export const medicationOf = (db: Db, owner: Owner, id: number | SQL<number>) =>
  db.select(storedColumns).from(medications).where(ownMedication(owner, id));

/**
 * Inserts only when the pharmacy is the user's own: the values are selected FROM that pharmacy's
 * row, so another user's (or a missing) pharmacy yields no row and nothing is inserted.
 * Answers null in that case, and "limit" when the user already tracks MAX_MEDICATIONS. The count
 * is the count on `countedOn` (the caller checked it is not after today), today when not given;
 * the 'created' event is on that day, so refills may be back-dated to it.
 */
export async function createMedication(
  db: Db,
  personId: number,
  actorId: number,
  input: MedicationInput,
  write: RegimenWrite,
  today: string,
  now = Date.now(),
): Promise<Medication | "limit" | null> {
  // A new medication's schedule holds from the day its count was taken.
  // A course's steps start on effectiveFrom; its first step also covers the days before.
  const regimen = JSON.stringify({
    changes: (write.course ?? [{ effectiveFrom: input.countedOn ?? today, schedule: write.schedule }]).map(storedChange),
    pauses: write.pause ? [storedPause(write.pause)] : [],
    endsOn: write.endsOn ?? null,
    courseFrom: write.course ? write.effectiveFrom : null,
  });
  const [[row]] = await db.batch([
    db
      .insert(medications)
      .select((qb) =>
        qb
          .select({
            id: sql<number>`null`.as("id"),
            userId: sql<number>`${owningAccountOf(personId)}`.as("user_id"),
            name: sql<string>`${input.name}`.as("name"),
            pharmacyId: pharmacies.id,
            pillsPerDay: sql<number>`${averagePerDay(write.schedule)}`.as("pills_per_day"),
            pillsRemaining: sql<number>`${input.pillsRemaining}`.as("pills_remaining"),
            countedOn: sql<string>`${input.countedOn ?? today}`.as("counted_on"),
            pillsPerRefill: sql<number>`${input.pillsPerRefill}`.as("pills_per_refill"),
            lastRefillDate: sql<string | null>`${input.lastRefillDate}`.as("last_refill_date"),
            refillsLeft: sql<number | null>`${input.refillsLeft}`.as("refills_left"),
            prescriptionExpiresOn: sql<string | null>`${input.prescriptionExpiresOn}`.as("prescription_expires_on"),
            unit: sql<Unit>`${write.unit ?? "tablet"}`.as("unit"),
            regimen: sql<string>`${regimen}`.as("regimen"),
            countBy: sql<CountMode>`${write.countBy ?? "schedule"}`.as("count_by"),
            // Nothing is logged yet (Drizzle's insert-select names every column, in order).
            loggedTaken: sql<number>`0`.as("logged_taken"),
            loggedPlanned: sql<number>`0`.as("logged_planned"),
            loggedLastDate: sql<string | null>`null`.as("logged_last_date"),
            loggedLastPlanned: sql<number>`0`.as("logged_last_planned"),
            packageItems: sql<number | null>`${input.packageItems ?? null}`.as("package_items"),
            packageAmount: sql<number | null>`${input.packageAmount ?? null}`.as("package_amount"),
            personId: sql<number>`${personId}`.as("person_id"),
          })
          .from(pharmacies)
          // The count and the insert are one statement, so two parallel adds cannot both pass 199.
          .where(
            and(
              ownPharmacy(personId, input.pharmacyId),
              sql`(SELECT count(*) FROM ${medications} WHERE ${medications.personId} = ${personId}) < ${MAX_MEDICATIONS}`,
            ),
          ),
      )
      .returning(storedColumns),
    // The supply history starts with the count it was added with, in the same batch (it reads the
    // insert's last_insert_rowid(), so it comes next; it writes a row only when the insert did).
    createdEvent(db, personId, now),
    recordActivity(db, { person: personId, actorId, kind: "medication_added", subject: input.name, when: changed, at: now }),
  ]);
  if (row) return toMedication(row, today);
  // Nothing inserted: say why (the write's second round trip).
  return (await medicationCount(db, personId)) >= MAX_MEDICATIONS ? "limit" : null;
}

async function medicationCount(db: Db, personId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(medications).where(eq(medications.personId, personId));
  return Number(row?.n ?? 0);
}

export type UpdateMedicationResult =
  | { medication: Medication }
  | { error: "not-found" | "pharmacy-not-found" | "not-a-dose" | "unconfirmed" | "too-many-changes" | "too-many-pauses" }
  | { error: "effective-too-early" | "pause-too-early"; addedOn: string };

/**
 * A full update (same payload as create); the count given is the count as of today. When nothing
 * was updated, the same batch tells why: an unknown medication wins over a bad pharmacy (404 first).
 */
export async function updateMedication(
  db: Db,
  personId: number,
  actorId: number,
  id: number,
  input: MedicationInput,
  write: RegimenWrite,
  today: string,
  now = Date.now(),
): Promise<UpdateMedicationResult> {
  // A change of schedule may not start before the medication was added: checked in the same statements.
  // An old-shape pillsPerDay below a quarter is only taken as the stored average (the schedule stays).
  const notADose = write.keepIfPerDay !== undefined && write.keepIfPerDay < 0.25;
  const onlyKept = write.keepIfPerDay !== undefined && (notADose || write.onlyIfKept === true);
  const regimen = regimenUpdate(write, today);
  const pauseFrom = write.pause?.from;
  const allowed = and(
    exists(db.select({ id: pharmacies.id }).from(pharmacies).where(ownPharmacy(personId, input.pharmacyId))),
    sql`${write.effectiveFrom} >= coalesce(${addedOn}, ${write.effectiveFrom})`,
    // A pause may not start before the medication was added either (else a pause could start in the year 1000).
    pauseFrom === undefined ? undefined : sql`${pauseFrom} >= coalesce(${addedOn}, ${pauseFrom})`,
    onlyKept ? sql`${medications.pillsPerDay} = ${write.keepIfPerDay}` : undefined,
    regimenFits(regimen),
  );
  const pharmacyIsOwn = allowed;
  const recorded = medicationSubject(personId, id);
  const [, updated, , found] = await db.batch([
    // A count changed by hand is a correction in the history; written first, it sees the count before.
    correctionEvent(db, personId, id, input.pillsRemaining, today, now, pharmacyIsOwn),
    db
      .update(medications)
      .set({
        name: input.name,
        pharmacyId: input.pharmacyId,
        pillsPerDay:
          write.keepIfPerDay !== undefined
            ? write.keepIfPerDay
            : write.effectiveFrom <= today
              ? averagePerDay(write.schedule)
              : sql`${medications.pillsPerDay}`,
        // As of the start of today (see correctionEvent): the typed count is the count now.
        pillsRemaining: sql`${input.pillsRemaining} + ${takenOn(today)}`,
        countedOn: today,
        ...loggedTotals(today, write.countBy ?? sql`${medications.countBy}`),
        countBy: write.countBy ?? sql`${medications.countBy}`,
        unit: write.unit ?? sql`${medications.unit}`,
        regimen,
        pillsPerRefill: input.pillsPerRefill,
        lastRefillDate: input.lastRefillDate,
        refillsLeft: input.refillsLeft,
        prescriptionExpiresOn: input.prescriptionExpiresOn,
        // Left out (an older client): the package as stored; null: none.
        packageItems: input.packageItems === undefined ? sql`${medications.packageItems}` : input.packageItems,
        packageAmount: input.packageAmount === undefined ? sql`${medications.packageAmount}` : input.packageAmount,
      })
      .where(and(ownMedication(personId, id), pharmacyIsOwn))
      .returning(storedColumns),
    recordActivity(db, { person: personId, actorId, kind: "medication_changed", ...recorded, when: and(changed, recorded.when), at: now }),
    db
      .select({ id: medications.id, addedOn: addedOn.as("added_on"), pillsPerDay: medications.pillsPerDay, ...regimenSizes(regimen) })
      .from(medications)
      .where(ownMedication(personId, id)),
  ]);
  if (updated[0]) return { medication: toMedication(updated[0], today) };
  const [fact] = found;
  if (!fact) return { error: "not-found" };
  if (fact.addedOn !== null && write.effectiveFrom < fact.addedOn) return { error: "effective-too-early", addedOn: fact.addedOn };
  if (fact.addedOn !== null && pauseFrom !== undefined && pauseFrom < fact.addedOn)
    return { error: "pause-too-early", addedOn: fact.addedOn };
  if (onlyKept && fact.pillsPerDay !== write.keepIfPerDay) return { error: notADose ? "not-a-dose" : "unconfirmed" };
  const tooLong = regimenProblem(fact);
  if (tooLong) return { error: tooLong };
  return { error: "pharmacy-not-found" };
}

/** True when a row was deleted. The entry is written first, from the row still there (the same transaction). */
export async function deleteMedication(db: Db, personId: number, actorId: number, id: number, now = Date.now()): Promise<boolean> {
  const [, deleted] = await db.batch([
    recordActivity(db, { person: personId, actorId, kind: "medication_deleted", ...medicationSubject(personId, id), at: now }),
    db.delete(medications).where(ownMedication(personId, id)).returning({ id: medications.id }),
  ]);
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
      regimen: medications.regimen,
      ...loggedColumns,
      unit: medications.unit,
      refillsLeft: medications.refillsLeft,
      prescriptionExpiresOn: medications.prescriptionExpiresOn,
      ...pharmacyContact,
    })
    .from(medications)
    .leftJoin(pharmacies, eq(pharmacies.id, medications.pharmacyId))
    .where(owners);

/** One owner's reminder medications (the test e-mail). */
export const reminderMedicationsOf = (db: Db, owner: Owner) => reminderMedications(db, eq(medications.personId, owner));
