import { and, asc, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { inJsonList } from "../db/json-each";
import { pushSubscriptions, users } from "../db/schema";
import { MAX_PUSH_DEVICES, type PushSubscriptionPayload } from "../shared/push";
import type { Owner } from "./medications";

// The devices that get push (src/db/schema.ts pushSubscriptions). Endpoint and keys leave these
// queries only for the hourly job and the test push; the settings page reads label and date.

/** The owner's devices for the list: id, label and when, oldest first (read in the signed-in batch). */
export const pushDevicesOf = (db: Db, owner: Owner) =>
  db
    .select({ id: pushSubscriptions.id, label: pushSubscriptions.label, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, owner))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));

/** What a push needs of the owner's devices. */
export const pushTargetsOf = (db: Db, owner: Owner) =>
  db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, owner))
    .orderBy(asc(pushSubscriptions.id));

/** The same for a batch of users (the hourly job): one statement. */
export const pushTargetsOfUsers = (db: Db, userIds: number[]) =>
  db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(inJsonList(pushSubscriptions.userId, userIds))
    .orderBy(asc(pushSubscriptions.userId), asc(pushSubscriptions.id));

/**
 * Saves a device in one statement: a new one while the owner has fewer than MAX_PUSH_DEVICES, or
 * the same endpoint again (new keys, or the browser moving from another account: the device is
 * whoever subscribed on it last). Answers the row, or undefined when the limit refused it.
 */
export async function savePushSubscription(
  db: Db,
  userId: number,
  sessionId: string,
  subscription: PushSubscriptionPayload,
  label: string,
  now: number,
) {
  const [row] = await db.all<{ id: number; label: string | null; createdAt: number }>(sql`
    INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, label, created_at, session_id)
    SELECT ${userId}, ${subscription.endpoint}, ${subscription.keys.p256dh}, ${subscription.keys.auth}, ${label}, ${now}, ${sessionId}
    WHERE (SELECT count(*) FROM push_subscriptions WHERE user_id = ${userId}) < ${MAX_PUSH_DEVICES}
       OR EXISTS (SELECT 1 FROM push_subscriptions WHERE user_id = ${userId} AND endpoint = ${subscription.endpoint})
    ON CONFLICT (endpoint) DO UPDATE
      SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, label = excluded.label, session_id = excluded.session_id,
          created_at = CASE WHEN push_subscriptions.user_id = excluded.user_id THEN push_subscriptions.created_at ELSE excluded.created_at END
    RETURNING id, label, created_at AS createdAt`);
  return row;
}

/** Removes one of the owner's devices; answers whether it was theirs. */
export async function deletePushSubscription(db: Db, userId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** Subscriptions the push service said are gone (404/410), for the job's record batch. */
export const deleteGoneSubscriptions = (db: Db, ids: number[]) => db.delete(pushSubscriptions).where(inJsonList(pushSubscriptions.id, ids));

/**
 * Statements for the batch of a change that takes the account back (a new password, "sign out
 * everywhere else", a reset): every push device goes except those the session doing it registered
 * (`keepSessionId`; null for a reset: none kept), and medication names leave the lock screen until
 * the owner turns them on again. A device a stolen session added would otherwise keep receiving
 * the owner's reminders.
 */
export const pushRecoveryStatements = (db: Db, owner: Owner, keepSessionId: string | null) =>
  [
    db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.userId, owner),
          keepSessionId === null ? undefined : or(isNull(pushSubscriptions.sessionId), ne(pushSubscriptions.sessionId, keepSessionId)),
        ),
      ),
    db.update(users).set({ pushShowNames: false }).where(eq(users.id, owner)),
  ] as const;
