import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { field, jsonRows } from "../db/json-each";
import { medications, pharmacies, supplyEvents } from "../db/schema";
import { MAX_MEDICATIONS, MAX_PHARMACIES } from "../domain/limits";
import type { ImportItem } from "../domain/medication-csv";
import type { ImportResult } from "../shared/import-schemas";
import { averagePerDay, canonicalSchedule, type Schedule } from "../domain/regimen";

// An import is one batch (one transaction): the pharmacies the file names that the user does not
// have yet, then every medication, each linked to its pharmacy by name and phone, and its history. Either all of it
// is written or, if anything fails, none of it. Each list travels as one JSON parameter.

// A pharmacy is "the same" when its name matches ignoring ASCII case (SQLite's NOCASE) and its phone
// matches exactly. The file's own repeats are folded by the same rule, so every row finds its pharmacy.
const nocaseKey = (name: string) => name.replace(/[A-Z]/g, (ch) => ch.toLowerCase());
const samePharmacy = (userId: number, name: SQL, phone: SQL) =>
  sql`p.user_id = ${userId} AND p.name = ${name} COLLATE NOCASE AND p.phone_number = ${phone}`;

const ownedMedications = (userId: number) => sql`(SELECT count(*) FROM medications WHERE user_id = ${userId})`;
const ownedPharmacies = (userId: number) => sql`(SELECT count(*) FROM pharmacies WHERE user_id = ${userId})`;

/**
 * Imports every item or none. "limit-medications" / "limit-pharmacies": the account would pass
 * MAX_MEDICATIONS / MAX_PHARMACIES, so nothing was written — checked inside the inserts, so an add
 * running at the same time cannot push the account over either.
 */
export async function importMedications(
  db: Db,
  userId: number,
  items: ImportItem[],
  today: string,
  now = Date.now(),
): Promise<ImportResult | "limit-medications" | "limit-pharmacies"> {
  const seen = new Set<string>();
  const namedPharmacies: Array<{ name: string; phone: string }> = [];
  for (const { pharmacy } of items) {
    const key = `${nocaseKey(pharmacy.name)}\n${pharmacy.phoneNumber}`;
    if (seen.has(key)) continue;
    seen.add(key);
    namedPharmacies.push({ name: pharmacy.name, phone: pharmacy.phoneNumber });
  }
  const rows = items.map(({ medication: m, pharmacy }) => {
    // A file without the unit and schedule columns (older exports) imports daily tablets.
    const schedule: Schedule = m.schedule ? canonicalSchedule(m.schedule) : { type: "daily", dose: m.pillsPerDay ?? 1 };
    return {
    name: m.name,
    pillsPerDay: averagePerDay(schedule),
    unit: m.unit ?? "tablet",
    regimen: JSON.stringify({ changes: [{ effectiveFrom: today, schedule }], pauses: [] }),
    pillsRemaining: m.pillsRemaining,
    pillsPerRefill: m.pillsPerRefill,
    lastRefillDate: m.lastRefillDate,
    refillsLeft: m.refillsLeft,
    prescriptionExpiresOn: m.prescriptionExpiresOn,
    pharmacy: pharmacy.name,
    phone: pharmacy.phoneNumber,
    };
  });

  const newPharmacies = db
    .insert(pharmacies)
    .select(
      sql`SELECT NULL, ${userId}, ${field("name")}, ${field("phone")}
          FROM ${jsonRows(namedPharmacies)}
          WHERE NOT EXISTS (SELECT 1 FROM pharmacies p WHERE ${samePharmacy(userId, field("name"), field("phone"))})
            AND ${ownedMedications(userId)} + ${rows.length} <= ${MAX_MEDICATIONS}
            AND ${ownedPharmacies(userId)} + (SELECT count(*) FROM ${jsonRows(namedPharmacies)} n
                  WHERE NOT EXISTS (SELECT 1 FROM pharmacies p WHERE ${samePharmacy(userId, sql`n.value ->> 'name'`, sql`n.value ->> 'phone'`)})) <= ${MAX_PHARMACIES}
          ORDER BY key`,
    )
    .returning({ id: pharmacies.id });
  const newMedications = db
    .insert(medications)
    .select(
      sql`SELECT NULL, ${userId}, ${field("name")},
                 (SELECT p.id FROM pharmacies p WHERE ${samePharmacy(userId, field("pharmacy"), field("phone"))} ORDER BY p.id LIMIT 1),
                 ${field("pillsPerDay")}, ${field("pillsRemaining")}, ${today}, ${field("pillsPerRefill")}, ${field("lastRefillDate")},
                 ${field("refillsLeft")}, ${field("prescriptionExpiresOn")}, ${field("unit")}, ${field("regimen")}
          FROM ${jsonRows(rows)}
          -- All or none: within the limit, and every row's pharmacy there (the pharmacies' insert
          -- above writes nothing when it would pass its own limit).
          WHERE ${ownedMedications(userId)} + ${rows.length} <= ${MAX_MEDICATIONS}
            AND NOT EXISTS (SELECT 1 FROM ${jsonRows(rows)} r
                  WHERE NOT EXISTS (SELECT 1 FROM pharmacies p WHERE ${samePharmacy(userId, sql`r.value ->> 'pharmacy'`, sql`r.value ->> 'phone'`)}))
          ORDER BY key`,
    )
    .returning({ id: medications.id });
  // Each imported medication's supply history starts with its 'created' event, like one added by
  // hand (createdEvent): every other medication already has events, so those without are this batch's.
  const createdEvents = db.insert(supplyEvents).select(
    sql`SELECT NULL, m.id, 'created', m.counted_on, NULL, m.pills_remaining, m.counted_on, NULL, 0, NULL, NULL, ${now}
        FROM medications m
        WHERE m.user_id = ${userId} AND NOT EXISTS (SELECT 1 FROM supply_events e WHERE e.medication_id = m.id)`,
  );
  const owned = db.select({ medications: sql<number>`${ownedMedications(userId)}`, pharmacies: sql<number>`${ownedPharmacies(userId)}` }).from(sql`(SELECT 1)`);
  const [created, imported, , [count]] = await db.batch([newPharmacies, newMedications, createdEvents, owned]);
  if (imported.length === 0 && rows.length > 0) return count!.medications + rows.length > MAX_MEDICATIONS ? "limit-medications" : "limit-pharmacies";
  return { imported: imported.length, pharmaciesCreated: created.length };
}
