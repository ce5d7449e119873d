import { eq, sql, type SQL } from "drizzle-orm";
import { owningAccountOf } from "../auth/access";
import type { Db } from "../db/client";
import { field, jsonRows } from "../db/json-each";
import { medications, pharmacies, supplyEvents } from "../db/schema";
import type { ImportPlan } from "../domain/import-plan";
import { MAX_MEDICATIONS, MAX_PHARMACIES } from "../domain/limits";
import type { ImportResult } from "../shared/import-schemas";
import type { Owner } from "./medications";
import { recordActivity } from "./activity";
import { averagePerDay, canonicalSchedule, type Schedule } from "../domain/regimen";
import { storedChange } from "../domain/timeline";

// An import is one batch (one transaction): the pharmacies the plan creates, then every planned
// medication, each linked to its pharmacy, and its history. Either all of it is written or, if
// anything fails, none of it. Each list travels as one JSON parameter. Which pharmacy a row names
// and which rows are already tracked is decided beforehand (src/domain/import-plan.ts) from what
// the signed-in read loaded (medicationNamesOf, with pharmaciesOf): names are matched case- and space-insensitively,
// which SQLite's NOCASE (ASCII only) cannot do.

/** The owner's medications by name and pharmacy: with pharmaciesOf, what the plan needs (read in the session's round trip). */
export const medicationNamesOf = (db: Db, owner: Owner) =>
  db.select({ name: medications.name, pharmacyId: medications.pharmacyId }).from(medications).where(eq(medications.personId, owner));

// A new pharmacy is found again by its exact name and phone (the one this batch wrote, or an equal
// one written meanwhile); a known one by its id, still the owner's.
const samePharmacy = (personId: number, name: SQL, phone: SQL) =>
  sql`p.person_id = ${personId} AND p.name = ${name} AND p.phone_number = ${phone}`;
const pharmacyOfRow = (personId: number, row: (name: string) => SQL) =>
  sql`(SELECT p.id FROM pharmacies p
       WHERE p.person_id = ${personId} AND CASE WHEN ${row("pharmacyId")} IS NULL THEN p.name = ${row("pharmacy")} AND p.phone_number = ${row("phone")}
                                            ELSE p.id = ${row("pharmacyId")} END
       ORDER BY p.id LIMIT 1)`;
const inRow = (alias: string) => (name: string) => sql.raw(`${alias}.value ->> '${name}'`);

const ownedMedications = (personId: number) => sql`(SELECT count(*) FROM medications WHERE person_id = ${personId})`;
const ownedPharmacies = (personId: number) => sql`(SELECT count(*) FROM pharmacies WHERE person_id = ${personId})`;

export type ImportOutcome = ImportResult | "limit-medications" | "limit-pharmacies" | "changed";

/**
 * Writes the plan, all or nothing. "limit-medications" / "limit-pharmacies": the account would pass
 * MAX_MEDICATIONS / MAX_PHARMACIES — checked inside the inserts, so an add running at the same time
 * cannot push the account over either. "changed": a pharmacy the plan uses was deleted meanwhile.
 */
export async function importMedications(
  db: Db,
  personId: number,
  actorId: number,
  plan: ImportPlan,
  today: string,
  now = Date.now(),
): Promise<ImportOutcome> {
  const { skipped } = plan;
  if (plan.rows.length === 0) return { imported: 0, pharmaciesCreated: 0, skipped };
  const namedPharmacies = plan.newPharmacies.map((p) => ({ name: p.name, phone: p.phoneNumber }));
  const rows = plan.rows.map(({ item: { medication: m }, pharmacyId, newPharmacy }) => {
    // A file without the unit and schedule columns (older exports) imports daily tablets.
    const schedule: Schedule = m.schedule ? canonicalSchedule(m.schedule) : { type: "daily", dose: m.pillsPerDay ?? 1 };
    // The count is as of the row's counted_on (checked: not after today), which the supply rule
    // counts down to today on every read; the schedule holds from that day, as for an add.
    const countedOn = m.countedOn ?? today;
    return {
      name: m.name,
      pillsPerDay: averagePerDay(schedule),
      unit: m.unit ?? "tablet",
      regimen: JSON.stringify({ changes: [storedChange({ effectiveFrom: countedOn, schedule })], pauses: [] }),
      countedOn,
      // Like a medication added by hand: as needed counts what is logged.
      countBy: schedule.type === "asNeeded" ? "log" : "schedule",
      pillsRemaining: m.pillsRemaining,
      pillsPerRefill: m.pillsPerRefill,
      lastRefillDate: m.lastRefillDate,
      refillsLeft: m.refillsLeft,
      prescriptionExpiresOn: m.prescriptionExpiresOn,
      packageItems: m.packageItems ?? null,
      packageAmount: m.packageAmount ?? null,
      pharmacyId,
      pharmacy: newPharmacy?.name ?? null,
      phone: newPharmacy?.phoneNumber ?? null,
    };
  });

  const newPharmacies = db
    .insert(pharmacies)
    .select(
      sql`SELECT NULL, ${owningAccountOf(personId)}, ${field("name")}, ${field("phone")}, ${personId}
          FROM ${jsonRows(namedPharmacies)}
          WHERE NOT EXISTS (SELECT 1 FROM pharmacies p WHERE ${samePharmacy(personId, field("name"), field("phone"))})
            AND ${ownedMedications(personId)} + ${rows.length} <= ${MAX_MEDICATIONS}
            AND ${ownedPharmacies(personId)} + (SELECT count(*) FROM ${jsonRows(namedPharmacies)} n
                  WHERE NOT EXISTS (SELECT 1 FROM pharmacies p WHERE ${samePharmacy(personId, sql`n.value ->> 'name'`, sql`n.value ->> 'phone'`)})) <= ${MAX_PHARMACIES}
          ORDER BY key`,
    )
    .returning({ id: pharmacies.id });
  const newMedications = db
    .insert(medications)
    .select(
      sql`SELECT NULL, ${owningAccountOf(personId)}, ${field("name")}, ${pharmacyOfRow(personId, field)},
                 ${field("pillsPerDay")}, ${field("pillsRemaining")}, ${field("countedOn")}, ${field("pillsPerRefill")}, ${field("lastRefillDate")},
                 ${field("refillsLeft")}, ${field("prescriptionExpiresOn")}, ${field("unit")}, ${field("regimen")},
                 ${field("countBy")}, 0, 0, NULL, 0, ${field("packageItems")}, ${field("packageAmount")}, ${personId}
          FROM ${jsonRows(rows)}
          -- All or none: within the limit, and every row's pharmacy there (the pharmacies' insert
          -- above writes nothing when it would pass its own limit).
          WHERE ${ownedMedications(personId)} + ${rows.length} <= ${MAX_MEDICATIONS}
            AND NOT EXISTS (SELECT 1 FROM ${jsonRows(rows)} r WHERE ${pharmacyOfRow(personId, inRow("r"))} IS NULL)
          ORDER BY key`,
    )
    .returning({ id: medications.id });
  // Each imported medication's supply history starts with its 'created' event, like one added by
  // hand (createdEvent): every other medication already has events, so those without are this batch's.
  const createdEvents = db.insert(supplyEvents).select(
    sql`SELECT NULL, m.id, 'created', m.counted_on, NULL, m.pills_remaining, m.counted_on, NULL, 0, NULL, NULL, ${now}
        FROM medications m
        WHERE m.person_id = ${personId} AND NOT EXISTS (SELECT 1 FROM supply_events e WHERE e.medication_id = m.id)`,
  );
  const owned = db
    .select({ medications: sql<number>`${ownedMedications(personId)}`, pharmacies: sql<number>`${ownedPharmacies(personId)}` })
    .from(sql`(SELECT 1)`);
  // One entry with how many were imported, right after their insert (changes(): its row count).
  const entry = recordActivity(db, {
    person: personId,
    actorId,
    kind: "medications_imported",
    subject: sql`cast(changes() as text)`,
    when: sql`changes() > 0`,
    at: now,
  });
  const [created, imported, , , [count]] = await db.batch([newPharmacies, newMedications, entry, createdEvents, owned]);
  if (imported.length === 0) {
    if (count!.medications + rows.length > MAX_MEDICATIONS) return "limit-medications";
    return created.length === 0 && count!.pharmacies + namedPharmacies.length > MAX_PHARMACIES ? "limit-pharmacies" : "changed";
  }
  return { imported: imported.length, pharmaciesCreated: created.length, skipped };
}
