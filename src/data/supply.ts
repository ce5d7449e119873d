import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { medications, supplyEvents } from "../db/schema";
import type { Medication } from "../domain/medications";
import type { SupplyEvent } from "../domain/supply";
import { MAX_PILLS } from "../shared/medication-schemas";
import { loggedCostOn, loggedTotals, takenOn } from "./dose-log-sql";
import { storedColumns, toMedication, type Owner } from "./medication-row";
import { changed, medicationSubject, recordActivity } from "./activity";

// Every change of a medication's supply writes its event in the same batch as the change (D1 and
// Turso run a batch as one transaction). The event is written first, computed in SQL from the row
// as it is inside the transaction; the medication is then updated from that event, guarded by
// changes() = 1: when the event was not written (someone else's medication, a refill past the
// ceiling, nothing to undo) last_insert_rowid() still names an older event, and nothing may follow it.
// This is the one SQL module of the supply rule: supplyOn (src/domain/regimen.ts) is the rule, and
// scheduleOn, dayCost and countOn below are its twin for a row inside a write. A refill adds its
// pills to supplyOn's count on the pick-up day; an undo takes them off today's count, never below 0.
// test/node/supply-sql.test.ts holds countOn to supplyOn for random regimens.

const m = medications;
const e = supplyEvents;

const ownMedication = (owner: Owner, id: number | SQL<number>) => and(eq(m.id, id), eq(m.personId, owner));

// Subqueries name the outer medication in full: Drizzle writes a single-table query's columns
// unqualified, and an unqualified "id" inside a subquery on supply_events would be the event's.
const outerId = sql.raw(`"medications"."id"`);

/** The event this batch just wrote, when it wrote one for this medication. */
const justWritten = sql`changes() = 1 and exists (select 1 from supply_events written where written.id = last_insert_rowid() and written.medication_id = ${outerId})`;
const writtenColumn = (column: string) => sql.raw(`(select ${column} from supply_events where id = last_insert_rowid())`);

// ---- The countdown in SQL: supplyOn's count (src/domain/regimen.ts) for the row inside the write ----
// Day by day from counted_on, in sevenths of a unit like the domain, stopping when the supply is
// gone: a day that cannot be fully covered leaves 0.
const R = sql.raw(`"medications"."regimen"`);

/**
 * The schedule in force on `day` in the stored regimen (JSON; null when it has no changes): the
 * last change from on or before that day, else the first change, which also covers earlier days.
 */
export const scheduleOn = (day: SQL | string) =>
  sql`coalesce((select json_extract(c.value, '$.schedule') from json_each(${R}, '$.changes') c where json_extract(c.value, '$.effectiveFrom') <= ${day} order by c.key desc limit 1), json_extract(${R}, '$.changes[0].schedule'))`;
// A regimen without changes (the column's default) is a daily dose of pills_per_day.
const scheduleOnDay = sql`coalesce(${scheduleOn(sql`w.day`)}, json_object('type', 'daily', 'dose', ${m.pillsPerDay}))`;
// After the last day taken (the regimen's endsOn, a course's end) nothing is charged: regimen.ts's hasEndedOn.
const dayCost = sql`case when ${m.countBy} = 'log' then 0 when w.day > coalesce(json_extract(${R}, '$.endsOn'), '9999-12-31') then 0 when exists (select 1 from json_each(${R}, '$.pauses') p where w.day >= json_extract(p.value, '$.from') and (json_extract(p.value, '$.until') is null or w.day <= json_extract(p.value, '$.until'))) then 0
  else (select case json_extract(s, '$.type')
    when 'daily' then 7 * json_extract(s, '$.dose')
    when 'weekdays' then case when exists (select 1 from json_each(s, '$.days') d where d.value = substr('sunmontuewedthufrisat', 1 + 3 * strftime('%w', w.day), 3)) then 7 * json_extract(s, '$.dose') else 0 end
    when 'interval' then case when w.day >= json_extract(s, '$.startsOn') and cast(round(julianday(w.day) - julianday(json_extract(s, '$.startsOn'))) as integer) % json_extract(s, '$.everyDays') = 0 then 7 * json_extract(s, '$.dose') else 0 end
    when 'asNeeded' then json_extract(s, '$.perWeek')
    else 0 end from (select ${scheduleOnDay} as s)) end`;

/**
 * The stored count at the start of `date` (never below 0): supplyOn's count in SQL. Each day costs
 * its schedule (nothing counted by log) and what its dose logs add (dose-log-sql.ts's loggedCostOn):
 * the same day-by-day rule as test/support/reference-doses.ts.
 */
export const countOn = (date: SQL | string) => sql`(case when ${date} <= ${m.countedOn} then ${m.pillsRemaining} else coalesce((
  with recursive w(day, left) as (
    select ${m.countedOn}, 7 * ${m.pillsRemaining}
    union all
    select date(w.day, '+1 day'), (select case when cost > w.left + 1e-9 then 0 else max(0, w.left - cost) end from (select ${dayCost} + ${loggedCostOn(sql`w.day`)} as cost))
    from w where w.day < ${date} and w.left > 0
  ) select round(left / 7.0, 3) from w where day = ${date}), 0) end)`;

/** The count now on `today`: its start, less what today's logs took off (never below 0). */
export const countNow = (today: string) => sql`max(0, round(${countOn(today)} - ${takenOn(today)}, 3))`;

/** The local date the medication was added (its 'created' event), in a statement on medications. */
export const addedOn = sql<
  string | null
>`(select min(created.local_date) from supply_events created where created.medication_id = ${outerId} and created.kind = 'created')`;

/** The newest supply event of the medication. */
const newestEventId = sql`(select max(newest.id) from supply_events newest where newest.medication_id = ${outerId})`;

/** What an owner's medication says after a write that changed nothing: does it exist, and since when. */
const medicationFacts = (db: Db, owner: Owner, id: number) =>
  db
    .select({ id: m.id, addedOn: addedOn.as("added_on") })
    .from(m)
    .where(ownMedication(owner, id));

/** The 'created' event of the medication this batch just inserted (see createMedication). */
export const createdEvent = (db: Db, personId: number, now: number) =>
  db.insert(e).select((qb) =>
    qb
      .select({
        id: sql<number>`null`.as("id"),
        medicationId: m.id,
        kind: sql<"created">`'created'`.as("kind"),
        localDate: m.countedOn,
        pillsBefore: sql<number | null>`null`.as("pills_before"),
        pillsAfter: m.pillsRemaining,
        countedOn: m.countedOn,
        pillsAdded: sql<number | null>`null`.as("pills_added"),
        refillsUsed: sql<number>`0`.as("refills_used"),
        lastRefillBefore: sql<string | null>`null`.as("last_refill_before"),
        revertsEventId: sql<number | null>`null`.as("reverts_event_id"),
        recordedAt: sql<number>`${now}`.as("recorded_at"),
      })
      .from(m)
      .where(and(sql`changes() = 1`, eq(m.id, sql`last_insert_rowid()`), eq(m.personId, personId))),
  );

/**
 * A 'correction' event when an edit changes today's count, written before the edit's UPDATE and
 * under the same conditions (`allowed`), so the event and the change happen together or not at all.
 */
export const correctionEvent = (
  db: Db,
  personId: number,
  id: number,
  pillsRemaining: number,
  today: string,
  now: number,
  allowed: SQL | undefined,
) =>
  db.insert(e).select((qb) =>
    qb
      .select({
        id: sql<number>`null`.as("id"),
        medicationId: m.id,
        kind: sql<"correction">`'correction'`.as("kind"),
        localDate: sql<string>`${today}`.as("local_date"),
        pillsBefore: sql<number>`${countOn(today)}`.as("pills_before"),
        // As of the start of today: today's logged doses then come off again, leaving the typed count now.
        pillsAfter: sql<number>`${pillsRemaining} + ${takenOn(today)}`.as("pills_after"),
        countedOn: sql<string>`${today}`.as("counted_on"),
        pillsAdded: sql<number | null>`null`.as("pills_added"),
        refillsUsed: sql<number>`0`.as("refills_used"),
        lastRefillBefore: sql<string | null>`null`.as("last_refill_before"),
        revertsEventId: sql<number | null>`null`.as("reverts_event_id"),
        recordedAt: sql<number>`${now}`.as("recorded_at"),
      })
      .from(m)
      .where(and(ownMedication(personId, id), allowed, sql`${countNow(today)} <> ${pillsRemaining}`)),
  );

export type RefillResult =
  | { medication: Medication; eventId: number }
  | { error: "not-found" | "too-many-pills" | "before-added"; addedOn?: string };

/**
 * Adds a refill picked up on `pickedUpOn` (the caller checked it is not after `today`): the stored
 * count is counted down to that day (countOn, never below 0) and the pills added there; the
 * last refill date becomes the latest refill date and the prescription loses one refill.
 */
export async function refillMedication(
  db: Db,
  personId: number,
  actorId: number,
  id: number,
  pillsToAdd: number,
  pickedUpOn: string,
  today: string,
  now: number,
): Promise<RefillResult> {
  const countedOn = sql`max(${pickedUpOn}, ${m.countedOn})`;
  const before = countOn(pickedUpOn);
  const after = sql`round(${before} + ${pillsToAdd}, 3)`;
  const recorded = medicationSubject(personId, id);
  const [written, updated, , facts] = await db.batch([
    db
      .insert(e)
      .select((qb) =>
        qb
          .select({
            id: sql<number>`null`.as("id"),
            medicationId: m.id,
            kind: sql<"refill">`'refill'`.as("kind"),
            localDate: sql<string>`${pickedUpOn}`.as("local_date"),
            pillsBefore: sql<number>`${before}`.as("pills_before"),
            pillsAfter: sql<number>`${after}`.as("pills_after"),
            countedOn: sql<string>`${countedOn}`.as("counted_on"),
            pillsAdded: sql<number>`${pillsToAdd}`.as("pills_added"),
            refillsUsed: sql<number>`coalesce(${m.refillsLeft} > 0, 0)`.as("refills_used"),
            lastRefillBefore: m.lastRefillDate,
            revertsEventId: sql<number | null>`null`.as("reverts_event_id"),
            recordedAt: sql<number>`${now}`.as("recorded_at"),
          })
          .from(m)
          // The ceiling and the earliest date are checked in the same statement: no concurrent refill passes them either.
          .where(
            and(ownMedication(personId, id), sql`${after} <= ${MAX_PILLS}`, sql`${pickedUpOn} >= coalesce(${addedOn}, ${pickedUpOn})`),
          ),
      )
      .returning({ id: e.id }),
    db
      .update(m)
      .set({
        pillsRemaining: sql`${writtenColumn("pills_after")}`,
        countedOn: sql`${writtenColumn("counted_on")}`,
        lastRefillDate: sql`case when ${m.lastRefillDate} > ${pickedUpOn} then ${m.lastRefillDate} else ${pickedUpOn} end`,
        // max() of NULL is NULL: an untracked prescription stays untracked.
        refillsLeft: sql`max(0, ${m.refillsLeft} - 1)`,
        ...loggedTotals(countedOn),
      })
      .where(and(ownMedication(personId, id), justWritten))
      .returning(storedColumns),
    recordActivity(db, { person: personId, actorId, kind: "refill_recorded", ...recorded, when: and(changed, recorded.when), at: now }),
    medicationFacts(db, personId, id),
  ]);
  if (written[0] && updated[0]) return { medication: toMedication(updated[0], today), eventId: written[0].id };
  const [fact] = facts;
  if (!fact) return { error: "not-found" };
  if (fact.addedOn !== null && pickedUpOn < fact.addedOn) return { error: "before-added", addedOn: fact.addedOn };
  return { error: "too-many-pills" };
}

export type UndoResult = { medication: Medication } | { error: "not-found" | "nothing-to-undo" };

/**
 * Reverts the medication's newest supply event when it is a refill (and, when `refillId` is given,
 * that very refill): today's count loses the refill's pills (never below 0), the last refill date
 * goes back if the refill set it, and the prescription gets its refill back.
 */
export async function undoRefill(
  db: Db,
  personId: number,
  actorId: number,
  id: number,
  refillId: number | undefined,
  today: string,
  now: number,
): Promise<UndoResult> {
  const refill = (column: string) =>
    sql`(select ${sql.raw(`refill.${column}`)} from supply_events refill where refill.id = ${newestEventId})`;
  const current = countOn(today);
  const reverted = (column: string) =>
    sql.raw(`(select ${column} from supply_events where id = (select reverts_event_id from supply_events where id = last_insert_rowid()))`);
  const recorded = medicationSubject(personId, id);
  const [, updated, , facts] = await db.batch([
    db.insert(e).select((qb) =>
      qb
        .select({
          id: sql<number>`null`.as("id"),
          medicationId: m.id,
          kind: sql<"undo">`'undo'`.as("kind"),
          localDate: sql<string>`${today}`.as("local_date"),
          pillsBefore: sql<number>`${current}`.as("pills_before"),
          pillsAfter: sql<number>`max(0, round(${current} - ${refill("pills_added")}, 3))`.as("pills_after"),
          countedOn: sql<string>`${today}`.as("counted_on"),
          pillsAdded: sql<number | null>`null`.as("pills_added"),
          refillsUsed: sql<number>`0`.as("refills_used"),
          lastRefillBefore: m.lastRefillDate,
          revertsEventId: sql<number>`${newestEventId}`.as("reverts_event_id"),
          recordedAt: sql<number>`${now}`.as("recorded_at"),
        })
        .from(m)
        .where(
          and(
            ownMedication(personId, id),
            sql`exists (select 1 from supply_events refill where refill.id = ${newestEventId} and refill.kind = 'refill' ${refillId === undefined ? sql`` : sql`and refill.id = ${refillId}`})`,
          ),
        ),
    ),
    db
      .update(m)
      .set({
        pillsRemaining: sql`${writtenColumn("pills_after")}`,
        countedOn: sql`${writtenColumn("counted_on")}`,
        // Back only when the refill set it (a back-dated refill older than the last one did not).
        lastRefillDate: sql`case when ${m.lastRefillDate} is max(coalesce(${reverted("last_refill_before")}, ''), ${reverted("local_date")}) then ${reverted("last_refill_before")} else ${m.lastRefillDate} end`,
        refillsLeft: sql`${m.refillsLeft} + ${reverted("refills_used")}`,
        ...loggedTotals(today),
      })
      .where(and(ownMedication(personId, id), justWritten))
      .returning(storedColumns),
    recordActivity(db, { person: personId, actorId, kind: "refill_undone", ...recorded, when: and(changed, recorded.when), at: now }),
    medicationFacts(db, personId, id),
  ]);
  if (updated[0]) return { medication: toMedication(updated[0], today) };
  return { error: facts.length > 0 ? "nothing-to-undo" : "not-found" };
}

const eventColumns = {
  id: e.id,
  kind: e.kind,
  localDate: e.localDate,
  pillsBefore: e.pillsBefore,
  pillsAfter: e.pillsAfter,
  countedOn: e.countedOn,
  pillsAdded: e.pillsAdded,
  revertsEventId: e.revertsEventId,
};

/** An owner's medication's supply events, newest first; none for another user's medication. */
export const supplyEventsOf = (db: Db, owner: Owner, id: number | SQL<number>) =>
  db
    .select(eventColumns)
    .from(e)
    .where(and(eq(e.medicationId, id), inArray(e.medicationId, db.select({ id: m.id }).from(m).where(ownMedication(owner, id)))))
    .orderBy(desc(e.id));

export type SupplyEventRecord = Awaited<ReturnType<typeof supplyEventsOf>>[number];
export const toSupplyEvent = (row: SupplyEventRecord): SupplyEvent => row;
