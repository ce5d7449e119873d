import { and, asc, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { doseEvents, medications, supplyEvents } from "../db/schema";
import type { CountSource, DoseLog } from "../domain/count-history";
import { ADHERENCE_DAYS_MAX } from "../domain/limits";
import { parseRegimen } from "../domain/regimen";
import type { SupplyEvent } from "../domain/supply";
import { storedColumns, type MedicationRecord, type Owner } from "./medication-row";
import { addedOn } from "./supply";

// What the adherence figures and the medication page's count history read, with the session (one
// round trip): the medication with the day it was added, its supply events (src/data/supply.ts)
// and its dose logs back to the count that was set on or before the longest period's first day.

const d = doseEvents;
const e = supplyEvents;
const m = medications;

/** The longest period's first day, as far back as a user's today can be from the server's date. */
const earliest = (now: SQL<number>) => sql`date(${now} / 1000, 'unixepoch', ${`-${ADHERENCE_DAYS_MAX + 1} days`})`;

/** One of the owner's medications with the local date it was added (null for rows older than the history). */
export const medicationAddedOf = (db: Db, owner: Owner, id: SQL<number>) =>
  db
    .select({ ...storedColumns, addedOn: addedOn.as("added_on") })
    .from(m)
    .where(and(eq(m.id, id), eq(m.personId, owner)));

/**
 * The medication's dose logs from the latest count set on or before the longest period's first day
 * (the count history starts there; an earlier log changes no count since), oldest first.
 */
export const doseLogsOf = (db: Db, owner: Owner, id: SQL<number>, now: SQL<number>) =>
  db
    .select({
      id: d.id,
      kind: d.kind,
      localDate: d.localDate,
      at: d.at,
      planned: d.planned,
      amount: d.amount,
      takenAt: d.takenAt,
      counted: d.counted,
    })
    .from(d)
    .where(
      and(
        eq(d.medicationId, id),
        inArray(
          d.medicationId,
          db
            .select({ id: m.id })
            .from(m)
            .where(and(eq(m.id, id), eq(m.personId, owner))),
        ),
        gte(
          d.localDate,
          sql`coalesce((select max(${e.countedOn}) from ${e} where ${e.medicationId} = ${id} and ${e.countedOn} <= ${earliest(now)}), '')`,
        ),
      ),
    )
    .orderBy(asc(d.localDate), asc(d.at), asc(d.id));

export type DoseLogRecord = Awaited<ReturnType<typeof doseLogsOf>>[number];
export const toDoseLog = (row: DoseLogRecord): DoseLog => row;

/** The count history's inputs from what was read. */
export const countSourceOf = (
  row: MedicationRecord & { addedOn: string | null },
  events: SupplyEvent[],
  logs: DoseLogRecord[],
): CountSource & { addedOn: string | null } => ({
  regimen: parseRegimen(row.regimen, row.pillsPerDay),
  countBy: row.countBy,
  pillsRemaining: row.pillsRemaining,
  countedOn: row.countedOn,
  events,
  logs: logs.map(toDoseLog),
  addedOn: row.addedOn,
});
