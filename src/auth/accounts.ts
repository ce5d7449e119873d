import { and, desc, eq, gt, or, sql } from "drizzle-orm";
import { signOutRecorded } from "./account-changes";
import { calendarFeedRemoval } from "../data/calendar";
import { pushRecoveryStatements } from "../data/push";
import type { Db } from "../db/client";
import { sessions, throttles, users } from "../db/schema";
import { hashToken, newSession, SESSION_MAX_AGE } from "./session";
import { countLoginAttempt, loginBlockedFor, loginCountersOf, refundAttempt } from "./throttle";
import { foldUsername, sameAddress } from "./username";

// The statements of sign-up, sign-in and password reset (src/api/account.ts validates and answers).

type NewAccount = Omit<typeof users.$inferInsert, "id" | "usernameKey">;

/**
 * The account and its first session, in one batch (one transaction): they exist together or not at
 * all. The account's own person and its 'owner' membership are written by the users insert itself
 * (trigger users_own_person, migration 0018_people), so no account is ever without them. The session row selects the user by username AND this request's freshly salted hash, so a
 * taken username never yields a session on somebody else's account. Undefined when the name is taken.
 */
export async function createAccount(
  db: Db,
  account: NewAccount & { passwordHash: string },
  sessionToken: string,
  browser: string | null,
  now: number,
) {
  const [inserted] = await db.batch([
    // Taken in any letter case (users_username_key_unique) or exactly (users_username_unique).
    db
      .insert(users)
      .values({ ...account, usernameKey: foldUsername(account.username) })
      .onConflictDoNothing()
      .returning(),
    db.insert(sessions).select(
      db
        .select({
          id: sql<string>`${await hashToken(sessionToken)}`.as("id"),
          userId: users.id,
          createdAt: sql<number>`${now}`.as("created_at"),
          lastSeenAt: sql<number>`${now}`.as("last_seen_at"),
          expiresAt: sql<number>`${now + SESSION_MAX_AGE}`.as("expires_at"),
          browser: sql<string>`${browser}`.as("browser"),
          // A sign-up's session is not kept: "Keep me signed in" is the sign-in form's choice.
          kept: sql<boolean>`0`.as("kept"),
        })
        .from(users)
        .where(and(eq(users.username, account.username), eq(users.passwordHash, account.passwordHash))),
    ),
  ]);
  return inserted[0];
}

/**
 * A sign-in try, first round trip: the try is counted (before the password is checked, so parallel
 * guesses cannot all slip under the limit) and the account read, in one batch. The name matches in
 * any letter case; an account from before usernames were folded also matches exactly as registered.
 */
export async function countSignInAndReadAccount(db: Db, username: string, ip: string, now: number) {
  const attempt = countLoginAttempt(db, username, ip, now);
  const [pairCount, clientCount, accountCount, rows] = await db.batch([
    ...attempt.statements,
    db
      .select()
      .from(users)
      .where(or(eq(users.usernameKey, foldUsername(username)), eq(users.username, username)))
      .orderBy(desc(sql`${users.username} = ${username}`))
      .limit(1),
  ]);
  return { keys: attempt.keys, blockedFor: loginBlockedFor([pairCount, clientCount, accountCount], now), account: rows[0] };
}

/**
 * A sign-in's second round trip: this try is given back on every key and the session begins. The
 * failures before it stay counted until their window passes: signing in to another account (or this
 * one) must not wipe the count of someone guessing at this name. The session this browser held
 * before ends with it: its cookie is replaced, and the device is listed once. `kept`: "Keep me signed
 * in on this device" was ticked (longer lifetimes, sessionLifetime). Answers the new token.
 */
export async function startSession(
  db: Db,
  userId: number,
  refundKeys: [string, ...string[]],
  previousToken: string | undefined,
  browser: string | null,
  now: number,
  kept: boolean,
) {
  const session = await newSession(userId, now, browser, kept);
  const previousRemoval = previousToken ? [db.delete(sessions).where(eq(sessions.id, await hashToken(previousToken)))] : [];
  const [first, ...rest] = refundKeys;
  await db.batch([
    refundAttempt(db, first),
    ...rest.map((key) => refundAttempt(db, key)),
    ...previousRemoval,
    db.insert(sessions).values(session.row),
  ]);
  return session.token;
}

/**
 * A reset link's new password, in one batch (one transaction): end every session of the user, the
 * calendar feed and every push device, with names off the lock screen (a stolen session's would
 * outlive them), clear the account's sign-in counters (its owner is back in charge), and set the new
 * password; the token is cleared in the same statement, so it works once. False when the link is
 * unknown or expired.
 */
export async function resetPassword(db: Db, resetToken: string, passwordHash: string, now: number): Promise<boolean> {
  const tokenMatches = and(eq(users.resetTokenHash, await hashToken(resetToken)), gt(users.resetTokenExpiry, now));
  const owner = sql<number>`(select ${users.id} from ${users} where ${tokenMatches})`;
  const setPassword = db
    .update(users)
    .set({ passwordHash, resetTokenHash: null, resetTokenExpiry: null })
    .where(tokenMatches)
    .returning({ id: users.id });
  const results = await db.batch([
    db.delete(sessions).where(eq(sessions.userId, owner)),
    signOutRecorded(db, owner, now),
    calendarFeedRemoval(db, owner),
    ...pushRecoveryStatements(db, owner, null),
    db.delete(throttles).where(loginCountersOf(sql<string>`(select lower(${users.username}) from ${users} where ${tokenMatches})`)),
    setPassword,
  ]);
  // The password's statement is the batch's last: its row says whether the link still held.
  return (results.at(-1) as Awaited<typeof setPassword>).length > 0;
}

/**
 * The accounts a reset link goes to: every account on the address (in any letter case, at most 5),
 * reached at its current address, never at one still awaiting confirmation.
 */
export const resetLinkOwners = (db: Db, email: string) =>
  db
    .select({ id: users.id, email: users.email, fullName: users.fullName, emailConfirmedAt: users.emailConfirmedAt, locale: users.locale })
    .from(users)
    .where(sameAddress(users.email, email))
    .limit(5);

/** Stores a reset link's hash and expiry (a new link replaces the last). */
export const storeResetLink = async (db: Db, userId: number, token: string, expiry: number) =>
  db
    .update(users)
    .set({ resetTokenHash: await hashToken(token), resetTokenExpiry: expiry })
    .where(eq(users.id, userId));
