import { and, asc, eq, gt, inArray, ne, notExists, sql, type SQL } from "drizzle-orm";
import { changed, recordActivity } from "../data/activity";
import { calendarFeedRemoval } from "../data/calendar";
import { handOverStatements, ownedAlone } from "../data/account-handover";
import { pushRecoveryStatements } from "../data/push";
import type { Db } from "../db/client";
import {
  calendarFeeds,
  devEmails,
  medications,
  notifications,
  people,
  pharmacies,
  pushSubscriptions,
  reminderLog,
  sessions,
  supplyEvents,
  throttles,
  users,
} from "../db/schema";
import type { User } from "../shared/user";
import { currentPasswordAttemptsCleared } from "./current-password";
import { idleTimeoutOf } from "./session";
import { loginAccountClientKeys, throttleKey } from "./throttle";

// What a signed-in user changes about the account itself: the password, the other sessions, the
// whole account. A change that asks for the current password counts the try in the signed-in batch
// (one round trip, see current-password.ts), then writes in one more batch (the second).

/**
 * The new password, in one batch: every other session ends, a pending reset link and the calendar
 * feed stop working, push devices other sessions registered go (names off the lock screen), and the
 * current-password counter starts afresh. The session that asked stays
 * signed in; the owner makes a new feed if they want one.
 */
export const changePassword = (db: Db, userId: number, currentSessionId: string, passwordHash: string, now = Date.now()) =>
  db.batch([
    db.update(users).set({ passwordHash, resetTokenHash: null, resetTokenExpiry: null }).where(eq(users.id, userId)),
    db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId))),
    signOutRecorded(db, userId, now),
    calendarFeedRemoval(db, userId),
    ...pushRecoveryStatements(db, userId, currentSessionId),
    currentPasswordAttemptsCleared(db, userId),
  ]);

/** The owner's sessions that still hold at `now`, most recently seen first; `id` stays on the server. */
export const devicesOf = (db: Db, owner: SQL<number>, now: SQL<number>) =>
  db
    .select({
      id: sessions.id,
      browser: sessions.browser,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, owner), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, sql`${now} - ${idleTimeoutOf}`)))
    .orderBy(sql`${sessions.lastSeenAt} desc`, asc(sessions.createdAt));

/**
 * The sign-out on every person the account is a member of (memberships stay: they are the account's),
 * recorded only when the statement just before it ended a session. `userId` may be SQL (a reset link's owner).
 */
export const signOutRecorded = (db: Db, userId: number | SQL<number>, now: number) =>
  recordActivity(db, {
    person: sql`sm.person_id`,
    actorId: userId,
    kind: "signed_out_everywhere",
    from: sql`memberships sm`,
    subject: null,
    when: sql`${changed} AND sm.user_id = ${userId}`,
    at: now,
  });

/** Ends one session of the user (a device signed out from the list); answers whether it was still there. */
export async function endSession(db: Db, userId: number, sessionId: string): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/**
 * Ends every session of the user but `currentSessionId`, the calendar feed and the push devices
 * other sessions registered (what a stolen session made would outlive it), and turns medication
 * names off the lock screen, in one batch; answers how many sessions ended.
 */
export async function endOtherSessions(db: Db, userId: number, currentSessionId: string, now = Date.now()): Promise<number> {
  const [ended] = await db.batch([
    db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
      .returning({ id: sessions.id }),
    signOutRecorded(db, userId, now),
    calendarFeedRemoval(db, userId),
    ...pushRecoveryStatements(db, userId, currentSessionId),
  ]);
  return ended.length;
}

/**
 * Erases the account and every row that belongs to it, in one batch (one transaction): nothing is
 * left half-deleted. Throttle counters named after the account go too; the ones named after its
 * e-mail address (and the dev outbox's mail to it) only when no other account shares the address.
 * Answers whether the account was still there.
 */
export async function eraseAccount(db: Db, user: Pick<User, "id" | "username" | "email" | "pendingEmail">): Promise<boolean> {
  const address = user.email.toLowerCase();
  // The outbox also holds the confirmation link sent to an address still pending.
  const mailedAddresses = [address, ...(user.pendingEmail ? [user.pendingEmail.toLowerCase()] : [])];
  const addressUnshared = notExists(
    db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${address}`, ne(users.id, user.id))),
  );
  const [, , , , , , , , , , , , , , , , deleted] = await db.batch([
    // Shared people pass to a manager first, so nothing of theirs is deleted below.
    ...handOverStatements(db, user.id),
    db
      .delete(supplyEvents)
      .where(
        inArray(supplyEvents.medicationId, db.select({ id: medications.id }).from(medications).where(eq(medications.userId, user.id))),
      ),
    db.delete(calendarFeeds).where(eq(calendarFeeds.userId, user.id)),
    db.delete(notifications).where(eq(notifications.userId, user.id)),
    db.delete(reminderLog).where(eq(reminderLog.userId, user.id)),
    db.delete(medications).where(eq(medications.userId, user.id)),
    db.delete(pharmacies).where(eq(pharmacies.userId, user.id)),
    // The people it still owns alone (after the hand-over) and everything of theirs; its own person
    // and its memberships elsewhere go with the account (ON DELETE CASCADE).
    db.delete(people).where(ownedAlone(db, user.id)),
    db.delete(sessions).where(eq(sessions.userId, user.id)),
    db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id)),
    db
      .delete(throttles)
      .where(
        inArray(throttles.key, [
          throttleKey.currentPassword(user.id),
          throttleKey.testEmail(user.id),
          throttleKey.testPush(user.id),
          throttleKey.confirmation(user.id),
          throttleKey.loginAccount(user.username),
        ]),
      ),
    // Per account and client: one counter per client that tried this name.
    db.delete(throttles).where(loginAccountClientKeys(user.username)),
    db.delete(throttles).where(and(eq(throttles.key, throttleKey.forgotEmail(user.email)), addressUnshared)),
    db.delete(devEmails).where(and(inArray(sql`lower(${devEmails.to})`, mailedAddresses), addressUnshared)),
    // Pending reset tokens live on the user's row and go with it.
    db.delete(users).where(eq(users.id, user.id)).returning({ id: users.id }),
  ]);
  return deleted.length > 0;
}
