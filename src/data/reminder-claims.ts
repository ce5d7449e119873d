import { and, asc, eq, gt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { field, inJsonList, jsonRows } from "../db/json-each";
import {
  notifications,
  pushSubscriptions,
  reminderLog,
  users,
  type NotificationType,
  type PushState,
  type ReminderChannel,
  type ReminderStatus,
} from "../db/schema";

// The hourly job's queries. Each is one statement over a whole batch of users (the batch travels as
// one JSON parameter, src/db/json-each.ts), so a batch of 400 costs a handful of round trips on
// Turso and stays under D1's bound-parameter limit.

/**
 * Users per batch. Each e-mail is its own Postmark request, and a user whose earlier attempt is in
 * doubt costs one more (the message search): 2 × 400 + the batch's few queries stays under one
 * invocation's 1,000 subrequests.
 */
export const USER_BATCH_SIZE = 400;
/** A claim left in 'sending' this long belongs to an invocation that died; a later tick takes it over. */
export const STALE_CLAIM_MS = 30 * 60_000;

export interface DueUser {
  id: number;
  email: string;
  fullName: string | null;
  /** The account's saved language (BCP 47), or null: its e-mails are written in it (English when null). */
  locale: string | null;
  timezone: string;
  notificationHour: number;
  notificationDays: number;
  nextNotificationAt: number;
  remindersBy: ReminderChannel;
  /** The address is confirmed and consents to e-mail (a bounce or complaint turns consent off): the only kind the job e-mails. */
  emailable: boolean;
  pushShowNames: boolean;
  /** Devices a push would go to (0 when the reminder goes by e-mail only): what the batch's budget counts. */
  pushDevices: number;
}

export interface Cursor {
  nextNotificationAt: number;
  id: number;
}

const dueUserColumns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  locale: users.locale,
  timezone: users.timezone,
  notificationHour: users.notificationHour,
  notificationDays: users.notificationDays,
  nextNotificationAt: users.nextNotificationAt,
  remindersBy: users.remindersBy,
  emailable: sql<boolean>`${users.emailConsent} = 1 AND ${users.emailConfirmedAt} IS NOT NULL`.mapWith((v: unknown) => Boolean(Number(v))),
  pushShowNames: users.pushShowNames,
  // Qualified by hand: drizzle writes a single table's columns unqualified, and inside the subquery
  // a bare "id" would be the subscription's.
  pushDevices: sql<number>`CASE WHEN "users"."reminders_by" = 'email' THEN 0
    ELSE (SELECT count(*) FROM "push_subscriptions" p WHERE p."user_id" = "users"."id") END`.mapWith(Number),
};

// Literal SQL (no bound parameters), written as the partial index's WHERE is (src/db/schema.ts), so
// SQLite can prove it: users reminded by e-mail (consenting, address confirmed) and users who chose
// push, whatever their address. An account that can be reached neither way costs the job nothing.
const reachable = sql`(${users.emailConsent} = 1 AND ${users.emailConfirmedAt} IS NOT NULL OR ${users.remindersBy} <> 'email')`;

/** Reachable users due at `now` after `cursor` in (due instant, id) order: the partial index's range. */
function dueAfter(now: number, cursor: Cursor | null) {
  const afterCursor = cursor
    ? or(
        gt(users.nextNotificationAt, cursor.nextNotificationAt),
        and(eq(users.nextNotificationAt, cursor.nextNotificationAt), gt(users.id, cursor.id)),
      )
    : undefined;
  return and(reachable, lte(users.nextNotificationAt, now), afterCursor);
}

/** Reachable users due at `now`, oldest first, after `cursor`: served by the partial index. */
export function dueUsersQuery(db: Db, now: number, cursor: Cursor | null, limit = USER_BATCH_SIZE) {
  return db
    .select(dueUserColumns)
    .from(users)
    .where(dueAfter(now, cursor))
    .orderBy(asc(users.nextNotificationAt), asc(users.id))
    .limit(limit);
}

export const selectDueUsers = (db: Db, now: number, cursor: Cursor | null, limit = USER_BATCH_SIZE): Promise<DueUser[]> =>
  dueUsersQuery(db, now, cursor, limit);

/**
 * Only the keys of the due users after `cursor` (index-only, plus an index lookup of each user's
 * push devices, counted whatever the channel: an upper bound): what the fan-out puts in messages.
 */
export function dueKeysQuery(db: Db, now: number, cursor: Cursor | null, limit: number) {
  return db
    .select({
      nextNotificationAt: users.nextNotificationAt,
      id: users.id,
      pushDevices: sql<number>`(SELECT count(*) FROM "push_subscriptions" p WHERE p."user_id" = "users"."id")`.mapWith(Number),
    })
    .from(users)
    .where(dueAfter(now, cursor))
    .orderBy(asc(users.nextNotificationAt), asc(users.id))
    .limit(limit);
}

/**
 * The users of a queued batch that are still due at `now`: a batch processed after another tick or
 * a duplicate of the message has already advanced them, and costs this one read.
 */
export function selectDueUsersByIds(db: Db, now: number, ids: number[]): Promise<DueUser[]> {
  return db
    .select(dueUserColumns)
    .from(users)
    .where(and(inJsonList(users.id, ids), reachable, lte(users.nextNotificationAt, now)))
    .orderBy(asc(users.nextNotificationAt), asc(users.id));
}

export interface ClaimRequest {
  userId: number;
  localDate: string;
  /** The due instant the batch read: the claim only holds if nobody has advanced it since. */
  due: number;
  /**
   * The batch read the user as emailable (DueUser.emailable); left out, as true. The claim only
   * holds if that is still so (consent may have been withdrawn since), or, for a user read as not
   * emailable, if push is still chosen.
   */
  email?: boolean;
}

/**
 * Takes the (user, local date) reminder for this invocation, atomically: a new day, a day left in
 * 'retry', or a stale 'sending'. Answers the user ids it took, each with its attempt number (above 1:
 * an earlier attempt may have reached Postmark); a duplicate or concurrent tick, or a queued batch
 * processed alongside one, gets none of them.
 *
 * `now` is the instant the batch is computed for (a tick's scheduled time, also for its queued
 * batches); `wallNow` is the clock. A claim is stamped with the clock, because a queued batch can run
 * an hour after its tick: stamped with its scheduled time, the next tick would think it stale and
 * send again. A claim is stale once it is STALE_CLAIM_MS older than both the clock and `now`.
 *
 * Two more guards make the claim hold across local dates, where the primary key cannot: a queued
 * batch of 23:00 and the 00:00 tick see the same user on two different local dates. The claim
 * needs the due instant the batch read (someone who finished the user has advanced it) and no live
 * 'sending' claim of the same user for another date (someone is sending it now).
 */
export async function claim(db: Db, now: number, wallNow: number, requests: ClaimRequest[]): Promise<Map<number, number>> {
  const claimed = await claimDays(db, now, wallNow, requests);
  return new Map([...claimed].map(([userId, day]) => [userId, day.attempt]));
}

export interface ClaimedDay {
  /** 1 for a new day; above 1 an earlier attempt may have reached Postmark. */
  attempt: number;
  /**
   * The day's push so far: empty for a new day, what an attempt recorded for a day in 'retry', and
   * null (unknown) for a 'sending' claim taken over from an attempt that died: pushed no more.
   */
  pushState: PushState | null;
}

/** `claim`, answering with each day's push state too (src/reminders/push.ts). */
export async function claimDays(db: Db, now: number, wallNow: number, requests: ClaimRequest[]): Promise<Map<number, ClaimedDay>> {
  if (requests.length === 0) return new Map();
  const staleBefore = Math.min(now, wallNow) - STALE_CLAIM_MS;
  const rows = await db.all<{ userId: number; attempts: number; pushState: string | null }>(sql`
    INSERT INTO reminder_log (user_id, local_date, status, attempts, updated_at, error, push_state)
    SELECT ${field("userId")}, ${field("localDate")}, 'sending', 1, ${wallNow}, NULL, '{"sent":[],"failed":[]}'
    FROM ${jsonRows(requests)}
    -- consent or push may have been withdrawn, or the user finished by someone else, since the batch was read
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = ${field("userId")} AND u.next_notification_at = ${field("due")}
                    AND CASE WHEN coalesce(${field("email")}, 1) THEN u.email_consent = 1 AND u.email_confirmed_at IS NOT NULL
                             ELSE u.reminders_by <> 'email' END)
      -- the neighbouring dates only (a primary-key range of three rows): two processors of one user
      -- are at most a day apart unless a queued batch waited through every tick of a whole day
      AND NOT EXISTS (SELECT 1 FROM reminder_log l WHERE l.user_id = ${field("userId")}
                        AND l.local_date BETWEEN date(${field("localDate")}, '-1 day') AND date(${field("localDate")}, '+1 day')
                        AND l.local_date <> ${field("localDate")} AND l.status = 'sending' AND l.updated_at > ${staleBefore})
    ON CONFLICT (user_id, local_date) DO UPDATE
      SET status = 'sending', attempts = reminder_log.attempts + 1, updated_at = excluded.updated_at, error = NULL,
          push_state = CASE WHEN reminder_log.status = 'retry' THEN reminder_log.push_state END
      WHERE reminder_log.status = 'retry' OR (reminder_log.status = 'sending' AND reminder_log.updated_at <= ${staleBefore})
    RETURNING user_id AS userId, attempts, push_state AS pushState`);
  return new Map(
    rows.map((r) => [
      Number(r.userId),
      { attempt: Number(r.attempts), pushState: r.pushState ? (JSON.parse(r.pushState) as PushState) : null },
    ]),
  );
}

export interface Outcome {
  userId: number;
  localDate: string;
  status: Exclude<ReminderStatus, "sending">;
  error: string | null;
  /** The due instant this tick read; the move to `next` only applies if nobody changed it since. */
  due: number;
  next: number | null;
  notifications: Array<{ medicationId: number; type: NotificationType }>;
  /** Names of the medications the e-mail listed (null when none was sent). */
  medications: string[] | null;
  /** The day's push as it stands (null: unknown, or not claimed by this run). */
  pushState?: PushState | null;
  /** Subscriptions the push service said are gone (404/410): deleted with the record. */
  goneDevices?: number[];
}

export interface Advance {
  userId: number;
  localDate: string;
  due: number;
  next: number;
}

/**
 * Moves each user of `rows` to its `next` due instant, only if it is still at the `due` the batch
 * read (nobody has advanced it since) and `also` holds for its row `r` (with `r.local_date` when
 * the rows carry `localDate`).
 */
function advanceDue(db: Db, rows: Array<Pick<Advance, "userId" | "due" | "next">>, also?: SQL) {
  return db
    .update(users)
    .set({ nextNotificationAt: sql`r.next` })
    .from(
      sql`(SELECT ${field("userId")} AS user_id, ${field("localDate")} AS local_date, ${field("due")} AS due, ${field("next")} AS next
           FROM ${jsonRows(rows)}) AS r`,
    )
    .where(and(sql`${users.id} = r.user_id AND ${users.nextNotificationAt} = r.due`, also));
}

/**
 * Records a batch of users in one db.batch (one transaction): notification records of sent
 * e-mails, each claimed day's status, and the next due instants — for claimed users, for users
 * whose day was already finished by another tick (so they leave the due set), and for users no
 * channel reaches today (`unreachable`: never claimed, no log row, only moved on to tomorrow).
 */
export async function recordBatch(
  db: Db,
  now: number,
  outcomes: Outcome[],
  finishedElsewhere: Advance[],
  unreachable: Advance[] = [],
): Promise<void> {
  const notificationRows = outcomes
    .filter((o) => o.status === "sent")
    .flatMap((o) => o.notifications.map((n) => ({ userId: o.userId, medicationId: n.medicationId, type: n.type })));
  const statusRows = outcomes.map(({ userId, localDate, status, error, medications, pushState }) => ({
    userId,
    localDate,
    status,
    error,
    medications: medications && JSON.stringify(medications),
    pushState: pushState ? JSON.stringify(pushState) : null,
  }));
  const gone = outcomes.flatMap((o) => o.goneDevices ?? []);
  const advanceRows = outcomes.flatMap(({ userId, due, next }) => (next === null ? [] : [{ userId, due, next }]));

  // Query builders rather than db.run(sql): drizzle's D1 batch cannot bind raw statements.
  const statusUpdate = db
    .update(reminderLog)
    .set({ status: sql`r.status`, error: sql`r.error`, medications: sql`r.medications`, pushState: sql`r.push_state`, updatedAt: now })
    .from(
      sql`(SELECT ${field("userId")} AS user_id, ${field("localDate")} AS local_date, ${field("status")} AS status, ${field("error")} AS error,
                  ${field("medications")} AS medications, ${field("pushState")} AS push_state
           FROM ${jsonRows(statusRows)}) AS r`,
    )
    .where(sql`${reminderLog.userId} = r.user_id AND ${reminderLog.localDate} = r.local_date`);
  const advance = advanceDue(db, [...advanceRows, ...unreachable]);
  // Only where another processor has finished that day: a day still 'sending' or in 'retry', or
  // with no row at all, keeps its user due.
  const advanceFinishedElsewhere = advanceDue(
    db,
    finishedElsewhere,
    sql`EXISTS (SELECT 1 FROM reminder_log l WHERE l.user_id = r.user_id AND l.local_date = r.local_date
                AND l.status IN ('sent', 'nothing_due', 'rejected', 'failed'))`,
  );
  const records = db
    .insert(notifications)
    .select(
      sql`SELECT NULL, ${field("userId")}, ${field("medicationId")}, ${now}, ${field("type")}
          FROM ${jsonRows(notificationRows)}
          WHERE EXISTS (SELECT 1 FROM medications m WHERE m.id = ${field("medicationId")})`,
    )
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.medicationId],
      set: { sentAt: sql`excluded.sent_at`, type: sql`excluded.type` },
    });
  // Gone devices in the same transaction: no extra round trip (an empty list deletes nothing).
  const forget = db.delete(pushSubscriptions).where(inJsonList(pushSubscriptions.id, gone));
  await db.batch([records, statusUpdate, advance, advanceFinishedElsewhere, forget]);
}
