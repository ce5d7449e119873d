import { and, lte, or, sql } from "drizzle-orm";
import { idleTimeoutOf } from "../auth/session";
import { INVITE_PREFIX, INVITE_WINDOW_MS, WINDOW_MS } from "../auth/throttle";
import type { Db } from "../db/client";
import { pruneMissedDoseClaims } from "./missed-dose";
import { activity, devEmails, devPushes, dosePushClaims, invites, reminderLog, sessions, throttles } from "../db/schema";
import { ACTIVITY_RETENTION } from "./activity";

// The tables that grow by themselves, pruned by the hourly job after its reminders (src/maintenance/prune.ts).
// Each rule deletes only rows nothing reads any more, as of `now`, the tick's scheduled time (never
// later than the clock, so a late tick prunes a little less, never too much).

const DAY = 86_400_000;

/** The development outbox keeps a week of mail: enough to follow a reset link or check a reminder. */
export const DEV_EMAIL_RETENTION = 7 * DAY;

/**
 * A dose push's claim is read only while its messages can still come: the push at the dose's minute,
 * its follow-up (at most an hour later), a snooze, and a redelivery (dropped past an hour). Two days
 * is well past all of them, and a day either side of the local date for every zone.
 */
export const DOSE_PUSH_CLAIM_RETENTION = 2 * DAY;

/**
 * The reminder log keeps 60 days. A tick only reads the local day it claims and its two neighbours;
 * the rest is the record of what each day's reminder did (sent, failed, rejected and why).
 */
export const REMINDER_LOG_RETENTION = 60 * DAY;

/**
 * The most reminder_log rows one tick reads. The log is the largest table (a row per user and day)
 * and nothing indexes its age, so a plain delete would read all of it every hour. Rowids grow as
 * rows are inserted, so the oldest rows have the lowest: each tick reads only this many from the
 * lowest rowid on (a range of the table's own b-tree) and deletes those past retention. That is up
 * to 2.4 M rows a day, more than a million patients add, so a backlog drains too.
 */
export const REMINDER_LOG_ROWS_PER_TICK = 100_000;

/**
 * An invitation (an address that may have no account here) is kept this long after its link stopped
 * working (expired, withdrawn; an accepted one keeps its 7-day expiry): the inviter's list can say
 * what became of it for a while, and the address is not kept for ever.
 */
export const INVITE_RETENTION = 30 * DAY;

export interface Pruned {
  sessions: number;
  throttles: number;
  devEmails: number;
  reminderLog: number;
  dosePushClaims: number;
  devPushes: number;
  invites: number;
  missedDoseClaims: number;
  activity: number;
}

/** Rows a delete removed: D1 reports meta.changes, libSQL rowsAffected. */
function changes(result: unknown): number {
  const r = result as { meta?: { changes?: number }; rowsAffected?: number };
  return r.meta?.changes ?? r.rowsAffected ?? 0;
}

/** Deletes what has expired, in one batch (one round trip, one transaction). */
export async function prune(db: Db, now: number): Promise<Pruned> {
  const results = await db.batch([
    // The same two expiries the session lookup enforces (src/auth/session.ts).
    db.delete(sessions).where(or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, sql`${now} - ${idleTimeoutOf}`))),
    // A counter whose window has passed starts again from 1 (src/auth/throttle.ts): nothing to keep.
    // The invitations' counters have a day's window.
    db
      .delete(throttles)
      .where(
        or(
          and(
            lte(throttles.windowStartedAt, now - WINDOW_MS),
            sql`substr(${throttles.key}, 1, ${INVITE_PREFIX.length}) <> ${INVITE_PREFIX}`,
          ),
          lte(throttles.windowStartedAt, now - INVITE_WINDOW_MS),
        ),
      ),
    db.delete(devEmails).where(lte(devEmails.createdAt, now - DEV_EMAIL_RETENTION)),
    db
      .delete(reminderLog)
      .where(
        and(
          sql`${reminderLog}.rowid < (SELECT min(rowid) FROM ${reminderLog}) + ${REMINDER_LOG_ROWS_PER_TICK}`,
          lte(reminderLog.updatedAt, now - REMINDER_LOG_RETENTION),
        ),
      ),
    db.delete(dosePushClaims).where(lte(dosePushClaims.claimedAt, now - DOSE_PUSH_CLAIM_RETENTION)),
    db.delete(devPushes).where(lte(devPushes.sentAt, now - DEV_EMAIL_RETENTION)),
    db.delete(invites).where(lte(invites.expiresAt, now - INVITE_RETENTION)),
    pruneMissedDoseClaims(db, now),
    // A person's activity record is kept one year (what GET …/activity shows).
    db.delete(activity).where(lte(activity.at, now - ACTIVITY_RETENTION)),
  ]);
  const [
    deletedSessions,
    deletedThrottles,
    deletedDevEmails,
    deletedLog,
    deletedClaims,
    deletedDevPushes,
    deletedInvites,
    deletedMissed,
    deletedActivity,
  ] = results.map(changes);
  return {
    sessions: deletedSessions!,
    throttles: deletedThrottles!,
    devEmails: deletedDevEmails!,
    reminderLog: deletedLog!,
    dosePushClaims: deletedClaims!,
    devPushes: deletedDevPushes!,
    invites: deletedInvites!,
    missedDoseClaims: deletedMissed!,
    activity: deletedActivity!,
  };
}
