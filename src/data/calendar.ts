import { and, desc, eq, sql, type SQLWrapper } from "drizzle-orm";
import { blockedFor, countAttempt } from "../auth/throttle";
import { personZoneOf } from "../auth/access";
import type { Db } from "../db/client";
import { calendarFeeds, memberships, people, users } from "../db/schema";
import { medicationListOf } from "./medication-list";
import type { Owner } from "./medications";

// The calendar subscription: one secret per (account, person), in the feed's URL; only its SHA-256
// is stored, so the table cannot be turned back into working URLs. A new secret replaces the old one.
// A member's feed of a person is that member's own (their language, notification days and hour)
// and lives only as long as the membership: the feed's read checks it, so a removed member's URL
// answers 404 on its next fetch whether or not its row is gone yet.

/** Fetches of one feed per throttle window (15 minutes): calendar apps poll every few hours at most. */
export const FEED_FETCH_LIMIT = 30;
const feedThrottleKey = (tokenHash: string) => `calendar:${tokenHash}`;

/** The time zone a person's feed counts "today" in: the person's own (personZoneOf), whoever subscribes. */
export const feedTimeZoneOf = (personId: SQLWrapper) => personZoneOf(personId);

/** The account's feed of `person`, if any, and when it was made (read in the signed-in batch). */
export const calendarFeedOf = (db: Db, owner: Owner, person: Owner) =>
  db
    .select({ userId: calendarFeeds.userId, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, owner), eq(calendarFeeds.personId, person)));

/** Every feed the account has (any person's), the newest first: what account recovery turns off. */
export const accountFeedsOf = (db: Db, owner: Owner) =>
  db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, owner))
    .orderBy(desc(calendarFeeds.createdAt));

/**
 * Creates the account's feed of a person or gives it a new secret: the old URL stops working in the
 * same statement. Written from the membership row, so an account that is no member (removed since
 * the request's check) writes nothing: answers whether it was written.
 */
export async function replaceCalendarFeed(db: Db, userId: number, personId: number, tokenHash: string, now = Date.now()): Promise<boolean> {
  const written = await db
    .insert(calendarFeeds)
    .select(
      db
        .select({
          userId: memberships.userId,
          personId: memberships.personId,
          tokenHash: sql<string>`${tokenHash}`.as("token_hash"),
          createdAt: sql<number>`${now}`.as("created_at"),
        })
        .from(memberships)
        .where(and(eq(memberships.userId, userId), eq(memberships.personId, personId))),
    )
    .onConflictDoUpdate({ target: [calendarFeeds.userId, calendarFeeds.personId], set: { tokenHash, createdAt: now } })
    .returning({ userId: calendarFeeds.userId });
  return written.length > 0;
}

/**
 * Removes every feed of the account (each person's): in the batch of a change that takes the account
 * back (a new password, a reset, signing out everywhere else), so a feed a stolen session made stops with it.
 */
export const calendarFeedRemoval = (db: Db, owner: Owner) => db.delete(calendarFeeds).where(eq(calendarFeeds.userId, owner));

/** Turns off the account's feed of one person. */
export async function deleteCalendarFeed(db: Db, userId: number, personId: number): Promise<void> {
  await db.delete(calendarFeeds).where(and(eq(calendarFeeds.userId, userId), eq(calendarFeeds.personId, personId)));
}

/**
 * The feeds of an account for a person it is no longer a member of: in the batch that ends the
 * membership, after the delete (a refused removal leaves the membership, and so the feed).
 */
export const orphanedFeedsRemoval = (db: Db, userId: number, personId: number) =>
  db
    .delete(calendarFeeds)
    .where(
      and(
        eq(calendarFeeds.userId, userId),
        eq(calendarFeeds.personId, personId),
        sql`not exists (select 1 from ${memberships} where ${memberships.userId} = ${userId} and ${memberships.personId} = ${personId})`,
      ),
    );

/** The feed's person, only while its account is still a member of it (NULL otherwise: no rows). */
const feedPersonOf = (tokenHash: string) =>
  sql<number>`(select ${calendarFeeds.personId} from ${calendarFeeds} inner join ${memberships} on ${memberships.personId} = ${calendarFeeds.personId} and ${memberships.userId} = ${calendarFeeds.userId} where ${calendarFeeds.tokenHash} = ${tokenHash})`;

/**
 * A feed fetch in one round trip: the fetch is counted against the secret's throttle key, and the
 * subscriber's settings, the person and their medications are read by the secret's hash through the
 * subscriber's membership (no feed, or no membership any more: no rows, 404).
 */
export async function loadFeed(db: Db, tokenHash: string, now = Date.now()) {
  const limits: Array<[string, number]> = [[feedThrottleKey(tokenHash), FEED_FETCH_LIMIT]];
  const [counted] = countAttempt(db, limits, now);
  const [count, found, medications] = await db.batch([
    counted!,
    db
      .select({
        timezone: feedTimeZoneOf(calendarFeeds.personId),
        notificationDays: users.notificationDays,
        notificationHour: users.notificationHour,
        locale: users.locale,
        personName: people.name,
        // The subscriber's own person: its events are not prefixed with a name.
        self: sql<number>`${people.accountUserId} is not null and ${people.accountUserId} = ${calendarFeeds.userId}`,
      })
      .from(calendarFeeds)
      .innerJoin(memberships, and(eq(memberships.personId, calendarFeeds.personId), eq(memberships.userId, calendarFeeds.userId)))
      .innerJoin(users, eq(users.id, calendarFeeds.userId))
      .innerJoin(people, eq(people.id, calendarFeeds.personId))
      .where(eq(calendarFeeds.tokenHash, tokenHash)),
    medicationListOf(db, feedPersonOf(tokenHash)),
  ]);
  return { feed: found[0] ?? null, medications, retryAfter: blockedFor(limits, [count], now) };
}
