import { and, desc, eq, gt, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../db/client";
import { activity } from "../db/schema";
import { activityText } from "../domain/activity-text";

// A person's activity record: who did what with their data, and when. Each change writes its entry
// in its own batch (recordActivity, right after the statement it records), so an entry exists only
// when the change does: the entry's insert selects over the changed row or asks changes(), and a
// refused or no-op change matches nothing. Read by owners and managers (GET …/activity), one year.

export const ACTIVITY_KINDS = [
  "medication_added",
  "medication_changed",
  "medication_deleted",
  "medication_paused",
  "medication_resumed",
  "refill_recorded",
  "refill_undone",
  "dose_taken",
  "dose_skipped",
  "dose_extra",
  "dose_undone",
  "medications_imported",
  "member_invited",
  "member_joined",
  "member_role_changed",
  "member_removed",
  "member_left",
  "signed_out_everywhere",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** How long entries are kept and shown. */
export const ACTIVITY_RETENTION = 365 * 86_400_000;
/** The most entries one read answers. */
export const ACTIVITY_LIMIT = 200;

export interface ActivityRecord {
  /** The person, as an id or SQL over the tables in `from`. */
  person: SQLWrapper | number;
  /** The account that made the change: its display name is copied (never its address). */
  actorId: number | SQLWrapper;
  kind: ActivityKind;
  /** What was acted on: SQL over `from` (a medication's name), a fixed text, or none. */
  subject: SQLWrapper | string | null;
  /** More tables the subject and the condition read (joined with the actor's row). */
  from?: SQL;
  /** Recorded only when this holds, e.g. sql`changes() > 0` after the statement it records. */
  when?: SQL;
  at: number;
}

/** The actor's name as the members see it: the full name, else the username. */
const actorName = sql`coalesce(nullif(trim(u.full_name), ''), u.username)`;

/** One entry as a statement for the change's batch (nothing when `when` fails or `from` has no row). */
export const recordActivity = (db: Db, entry: ActivityRecord) =>
  db.insert(activity).select(
    sql`SELECT NULL, ${entry.person}, u.id, ${actorName}, ${entry.kind}, ${entry.subject}, ${entry.at}
          FROM users u${entry.from ? sql`, ${entry.from}` : sql``}
          WHERE u.id = ${entry.actorId} AND ${entry.when ?? sql`1`}`,
  );

/** A medication of the person as `from` and its name as the subject (joined as `am`). */
export const medicationSubject = (personId: number, id: number) => ({
  from: sql`medications am`,
  subject: sql`am.name`,
  when: sql`am.id = ${id} AND am.person_id = ${personId}`,
});

/** The last statement changed a row (the statement recorded comes directly before). */
export const changed = sql`changes() > 0`;

/**
 * The person's entries of the last year, newest first, at most ACTIVITY_LIMIT: a batchable read
 * (a page or the API reads it in its signed-in batch). `now` is the request's instant.
 */
export const activityQuery = (db: Db, personId: SQLWrapper | number, now: SQLWrapper | number) =>
  db
    .select({
      at: activity.at,
      actorUserId: activity.actorUserId,
      actorName: activity.actorName,
      kind: activity.kind,
      subject: activity.subject,
    })
    .from(activity)
    .where(and(eq(activity.personId, personId), gt(activity.at, sql`${now} - ${ACTIVITY_RETENTION}`)))
    .orderBy(desc(activity.at), desc(activity.id))
    .limit(ACTIVITY_LIMIT);

export type ActivityRow = Awaited<ReturnType<typeof activityQuery>>[number];

/** One entry as the API answers it and the page lists it: `at` in epoch ms, `text` in the reader's language. */
export interface ActivityEntry {
  at: number;
  actor: { name: string; self: boolean };
  kind: string;
  subject: string | null;
  text: string;
}

/** The rows as entries for `readerId` (self: the reader did it), worded in the current language. */
export const toActivityEntries = (rows: ActivityRow[], readerId: number): ActivityEntry[] =>
  rows.map((row) => ({
    at: row.at,
    actor: { name: row.actorName, self: row.actorUserId === readerId },
    kind: row.kind,
    subject: row.subject,
    text: activityText(row.kind, row.actorName, row.subject),
  }));
