import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { throttles, users } from "../db/schema";
import { verifyPassword } from "./password";
import { blockedFor, clearAttempts, countCurrentPasswordAttempt, LIMITS, throttleKey } from "./throttle";

// The current password, asked before a signed-in change that a stolen session must not make alone
// (a new address, a new password, deleting the account). Every such check goes through here, so
// they share one counter per account and one order: count the try, then (under the limit only)
// look at the password. A throttled request is never checked, so its answer cannot depend on
// whether the password was right: that would turn the check into a password oracle.

/**
 * The signed-in reads of a request that may check the current password: the try, counted in the
 * session's own batch (parallel guesses cannot all be checked before one is counted), and the hash.
 * Counted even when the body turns out invalid: the forms check their fields before sending.
 */
export const currentPasswordReads = (db: Db, owner: SQL<number>, now: SQL<number>) => ({
  passwordAttempt: countCurrentPasswordAttempt(db, owner, now),
  passwordHash: db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, owner)),
});

export interface CurrentPasswordData {
  passwordAttempt: Array<{ count: number; windowStartedAt: number }>;
  passwordHash: Array<{ hash: string }>;
}

export type CurrentPasswordCheck = { state: "ok" } | { state: "wrong" } | { state: "blocked"; seconds: number };

/** Whether `password` is the account's; over the limit it is not even looked at. */
export async function checkCurrentPassword(data: CurrentPasswordData, password: string, now: number): Promise<CurrentPasswordCheck> {
  const seconds = data.passwordAttempt.length ? blockedFor([["", LIMITS.currentPasswordPerUser]], [data.passwordAttempt], now) : 0;
  if (seconds) return { state: "blocked", seconds };
  const hash = data.passwordHash[0]?.hash;
  return hash && (await verifyPassword(password, hash)) ? { state: "ok" } : { state: "wrong" };
}

/** For the write batch after a right password: the counter starts afresh. */
export const currentPasswordAttemptsCleared = (db: Db, userId: number) => clearAttempts(db, throttleKey.currentPassword(userId));

/**
 * For the write batch of a request that, once its body was read, checked no password (a profile
 * save that keeps the address): its counted try is given back. Only within the window it was
 * counted in, so a give-back can never cancel a guess counted in a newer window.
 */
export const currentPasswordAttemptUnused = (db: Db, userId: number, data: Pick<CurrentPasswordData, "passwordAttempt">) =>
  db
    .update(throttles)
    .set({ count: sql`MAX(${throttles.count} - 1, 0)` })
    .where(
      and(
        eq(throttles.key, throttleKey.currentPassword(userId)),
        eq(throttles.windowStartedAt, data.passwordAttempt[0]?.windowStartedAt ?? -1),
      ),
    );
