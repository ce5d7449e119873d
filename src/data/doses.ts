import { and, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { doseEvents, medications } from "../db/schema";
import type { DoseEventKind } from "../db/schema";
import { DOSE_RANGE_MAX_DAYS } from "../domain/limits";
import type { Medication } from "../domain/medications";
import { loggedTotals } from "./dose-log-sql";
import { storedColumns, toMedication, type Owner } from "./medication-row";
import { addedOn } from "./supply";
import { changed, medicationSubject, recordActivity, type ActivityKind } from "./activity";

const DOSE_ACTIVITY: Record<DoseEventKind, ActivityKind> = { taken: "dose_taken", skipped: "dose_skipped", extra: "dose_extra" };

// The dose logs: what a patient took, skipped or used besides the schedule (src/api/doses.ts
// checks each log against the schedule first). A write is one batch: the logs, then each touched
// medication's kept totals (dose-log-sql.ts), all under one guard — the medications as the checks
// read them — so a schedule changed in between writes nothing rather than a log it no longer has.

const d = doseEvents;
const m = medications;

/** What the checks need of each of the owner's medications. */
export const doseMedicationsOf = (db: Db, owner: Owner) =>
  db
    .select({
      id: m.id,
      name: m.name,
      unit: m.unit,
      pillsPerDay: m.pillsPerDay,
      regimen: m.regimen,
      countBy: m.countBy,
      addedOn: addedOn.as("added_on"),
    })
    .from(m)
    .where(eq(m.personId, owner));
export type DoseMedication = Awaited<ReturnType<typeof doseMedicationsOf>>[number];

export const eventColumns = {
  id: d.id,
  medicationId: d.medicationId,
  clientId: d.clientId,
  kind: d.kind,
  localDate: d.localDate,
  at: d.at,
  planned: d.planned,
  amount: d.amount,
  takenAt: d.takenAt,
};
export interface DoseEventRow {
  id: number;
  medicationId: number;
  clientId: string;
  kind: DoseEventKind;
  localDate: string;
  at: string;
  planned: number | null;
  amount: number | null;
  takenAt: number | null;
}

/** The owner's logs dated from `from` to `to`, both included. */
export const eventsBetween = (db: Db, owner: Owner, from: SQL | string, to: SQL | string) =>
  db
    .select(eventColumns)
    .from(d)
    .where(
      and(
        inArray(d.medicationId, db.select({ id: m.id }).from(m).where(eq(m.personId, owner))),
        gte(d.localDate, from),
        lte(d.localDate, to),
      ),
    )
    .orderBy(d.localDate, d.at, d.id);

/**
 * The owner's logs of the days a request asks for (`from` and `to` as given, '' when missing), read
 * with the session: the user's today is known only after it, so missing ends read the days around
 * the server's date (a user's today lies within a day of it); never more than the longest range.
 */
export function eventsAsked(db: Db, owner: Owner, from: SQL<string>, to: SQL<string>, now: SQL<number>) {
  const end = sql<string>`coalesce(nullif(${to}, ''), date(${now} / 1000, 'unixepoch', '+1 day'))`;
  const start = sql<string>`max(coalesce(nullif(${from}, ''), date(${now} / 1000, 'unixepoch', '-1 day')), date(${end}, ${`-${DOSE_RANGE_MAX_DAYS + 2} days`}))`;
  return eventsBetween(db, owner, start, end);
}

/** One log to write, checked and resolved by the handler. */
export interface DoseWrite {
  medicationId: number;
  clientId: string;
  kind: DoseEventKind;
  localDate: string;
  /** 'HH:MM', or '' for an untimed occurrence and an extra. */
  at: string;
  planned: number | null;
  amount: number | null;
  takenAt: number | null;
  /** 0: an as-needed use, history only for a medication counted by schedule. */
  counted: 0 | 1;
}

/** How the checks saw the medications they used: id, count mode and regimen, in id order. */
export const fingerprintOf = (list: Array<Pick<DoseMedication, "id" | "countBy" | "regimen">>) =>
  [...list]
    .sort((a, b) => a.id - b.id)
    .map((x) => `${x.id}:${x.countBy}:${x.regimen}`)
    .join("\n");

/** The same fingerprint in SQL: true while the owner's medications `ids` are as the checks saw them. */
const unchanged = (personId: number, ids: number[], fingerprint: string) =>
  sql`(select group_concat(g.line, char(10)) from (select ${m.id} || ':' || ${m.countBy} || ':' || ${m.regimen} as line from ${m} where ${m.personId} = ${personId} and ${inArray(m.id, ids)} order by ${m.id}) g) = ${fingerprint}`;

/** What a medication's extra uses add up to on a day. */
export interface UsedOn {
  medicationId: number;
  localDate: string;
  used: number;
}

export type WriteDosesResult = { events: DoseEventRow[]; medications: Medication[]; usedOn: UsedOn[] } | "changed";

/**
 * Writes the logs: a log of an occurrence replaces the one before it (another clientId), a
 * clientId already written is the same log (a replay), and each touched medication's totals are set
 * again. "changed": a medication changed since the checks read it; nothing was written.
 */
export async function writeDoses(
  db: Db,
  personId: number,
  actorId: number,
  writes: DoseWrite[],
  fingerprint: string,
  today: string,
  now: number,
): Promise<WriteDosesResult> {
  const ids = [...new Set(writes.map((w) => w.medicationId))];
  const guard = unchanged(personId, ids, fingerprint);
  const statements = writes.flatMap((w) => {
    const insert = db
      .insert(d)
      .select((qb) =>
        qb
          .select({
            id: sql<number>`null`.as("id"),
            medicationId: m.id,
            clientId: sql<string>`${w.clientId}`.as("client_id"),
            kind: sql<DoseEventKind>`${w.kind}`.as("kind"),
            localDate: sql<string>`${w.localDate}`.as("local_date"),
            at: sql<string>`${w.at}`.as("at"),
            planned: sql<number | null>`${w.planned}`.as("planned"),
            amount: sql<number | null>`${w.amount}`.as("amount"),
            takenAt: sql<number | null>`${w.takenAt}`.as("taken_at"),
            counted: sql<number>`${w.counted}`.as("counted"),
            recordedAt: sql<number>`${now}`.as("recorded_at"),
          })
          .from(m)
          .where(and(eq(m.id, w.medicationId), eq(m.personId, personId), guard)),
      )
      .onConflictDoNothing({ target: [d.medicationId, d.clientId] });
    // One entry per log written (a replay writes none: the insert changed nothing).
    const recorded = medicationSubject(personId, w.medicationId);
    const entry = recordActivity(db, {
      person: personId,
      actorId,
      kind: DOSE_ACTIVITY[w.kind],
      ...recorded,
      when: and(changed, recorded.when),
      at: now,
    });
    if (w.kind === "extra") return [insert, entry];
    const replaced = db
      .delete(d)
      .where(
        and(
          eq(d.medicationId, w.medicationId),
          eq(d.localDate, w.localDate),
          eq(d.at, w.at),
          sql`${d.kind} <> 'extra'`,
          sql`${d.clientId} <> ${w.clientId}`,
          guard,
        ),
      );
    return [replaced, insert, entry];
  });
  const totals = ids.map((id) =>
    db
      .update(m)
      .set(loggedTotals(sql`${m.countedOn}`))
      .where(and(eq(m.id, id), eq(m.personId, personId), guard))
      .returning(storedColumns),
  );
  const written = db
    .select(eventColumns)
    .from(d)
    .where(
      and(
        inArray(d.medicationId, ids),
        inArray(
          d.clientId,
          writes.map((w) => w.clientId),
        ),
      ),
    );
  // What each medication's extra uses add up to on the days this request logged one (maxPerDay's warning).
  const extraDays = [...new Set(writes.filter((w) => w.kind === "extra").map((w) => w.localDate))];
  const used = db
    .select({ medicationId: d.medicationId, localDate: d.localDate, used: sql<number>`sum(${d.amount})`.mapWith(Number) })
    .from(d)
    .where(and(inArray(d.medicationId, ids), eq(d.kind, "extra"), inArray(d.localDate, extraDays.length > 0 ? extraDays : [""])))
    .groupBy(d.medicationId, d.localDate);
  const results = (await db.batch([...statements, ...totals, written, used] as unknown as Parameters<
    Db["batch"]
  >[0])) as unknown as unknown[];
  const updated = results.slice(statements.length, statements.length + totals.length) as Array<Array<Parameters<typeof toMedication>[0]>>;
  if (updated.some((rows) => rows.length === 0)) return "changed";
  const events = (results.at(-2) as DoseEventRow[]).filter((e) =>
    writes.some((w) => w.medicationId === e.medicationId && w.clientId === e.clientId),
  );
  return { events, medications: updated.map(([row]) => toMedication(row!, today)), usedOn: results.at(-1) as UsedOn[] };
}

/** Undoes one of the owner's logs: the count returns to what it was. Null: no such log of the owner's. */
export async function deleteDose(
  db: Db,
  personId: number,
  actorId: number,
  eventId: number,
  today: string,
  now = Date.now(),
): Promise<Medication | null> {
  const ownEvent = and(eq(d.id, eventId), inArray(d.medicationId, db.select({ id: m.id }).from(m).where(eq(m.personId, personId))));
  const [updated] = await db.batch([
    // The totals first, without the log the next statement deletes (the same batch: one transaction).
    db
      .update(m)
      .set(loggedTotals(sql`${m.countedOn}`, sql`${m.countBy}`, eventId))
      .where(and(eq(m.personId, personId), inArray(m.id, db.select({ id: d.medicationId }).from(d).where(ownEvent))))
      .returning(storedColumns),
    // The entry reads the log's medication before the log goes.
    recordActivity(db, {
      person: personId,
      actorId,
      kind: "dose_undone",
      from: sql`medications am`,
      subject: sql`am.name`,
      when: sql`${changed} AND am.person_id = ${personId} AND am.id = (select medication_id from dose_events where id = ${eventId})`,
      at: now,
    }),
    db.delete(d).where(ownEvent),
  ]);
  return updated[0] ? toMedication(updated[0], today) : null;
}
