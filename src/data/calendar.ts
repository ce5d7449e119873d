import { eq, sql } from "drizzle-orm";
import { blockedFor, countAttempt } from "../auth/throttle";
import { ownPersonOf } from "../auth/access";
import type { Db } from "../db/client";
import { calendarFeeds, users } from "../db/schema";
import { medicationListOf } from "./medication-list";
import type { Owner } from "./medications";

// The calendar subscription: one secret per user, in the feed's URL; only its SHA-256 is stored, so
// the table cannot be turned back into working URLs. A new secret replaces the old one.

/** Fetches of one feed per throttle window (15 minutes): calendar apps poll every few hours at most. */
export const FEED_FETCH_LIMIT = 30;
const feedThrottleKey = (tokenHash: string) => `calendar:${tokenHash}`;

/** The owner's feed, if any, and when it was made (read in the signed-in batch). */
export const calendarFeedOf = (db: Db, owner: Owner) =>
  db
    .select({ userId: calendarFeeds.userId, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, owner));

/** Creates the user's feed or gives it a new secret: the old URL stops working in the same statement. */
export async function replaceCalendarFeed(db: Db, userId: number, tokenHash: string, now = Date.now()): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: now } });
}

/**
 * Removes the owner's feed: alone, or in the batch of a change that takes the account back (a new
 * password, a reset, signing out everywhere else), so a feed a stolen session made stops with it.
 */
export const calendarFeedRemoval = (db: Db, owner: Owner) => db.delete(calendarFeeds).where(eq(calendarFeeds.userId, owner));

export async function deleteCalendarFeed(db: Db, userId: number): Promise<void> {
  await calendarFeedRemoval(db, userId);
}

/**
 * A feed fetch in one round trip: the fetch is counted against the secret's throttle key, and the
 * owner and their medications are read by the secret's hash (no owner: no rows).
 */
export async function loadFeed(db: Db, tokenHash: string, now = Date.now()) {
  const owner = sql<number>`(select ${calendarFeeds.userId} from ${calendarFeeds} where ${calendarFeeds.tokenHash} = ${tokenHash})`;
  const limits: Array<[string, number]> = [[feedThrottleKey(tokenHash), FEED_FETCH_LIMIT]];
  const [counted] = countAttempt(db, limits, now);
  const [count, found, medications] = await db.batch([
    counted!,
    db
      .select({
        timezone: users.timezone,
        notificationDays: users.notificationDays,
        notificationHour: users.notificationHour,
        locale: users.locale,
      })
      .from(users)
      .where(eq(users.id, owner)),
    // The account's own person's medications (a person it cares for has no feed yet).
    medicationListOf(db, ownPersonOf(owner)),
  ]);
  return { user: found[0] ?? null, medications, retryAfter: blockedFor(limits, [count], now) };
}
