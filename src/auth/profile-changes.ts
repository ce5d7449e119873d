import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import { currentPasswordAttemptsCleared, currentPasswordAttemptUnused, type CurrentPasswordData } from "./current-password";
import { confirmationMailThrottle, newConfirmation } from "./email-confirmation";
import { hashToken } from "./session";

// PATCH /api/profile's writes. The route counts a current-password try with the session (it cannot
// know before reading the body whether the address changes), so each write settles that try in its
// own batch: given back when no password was checked, the counter cleared after a right one.

/** What PATCH /api/profile saves besides the address: the name, and the date of birth when sent (null clears it). */
export type ProfileFields = { fullName: string; birthdate?: string | null };

/** Saves the name (and the same mailbox in other letters), giving back the try no password used. */
export async function saveProfile(db: Db, userId: number, fields: ProfileFields & { email: string }, data: CurrentPasswordData) {
  const [rows] = await db.batch([
    db.update(users).set(fields).where(eq(users.id, userId)).returning(),
    currentPasswordAttemptUnused(db, userId, data),
  ]);
  return rows[0];
}

/** A request that checked no password after all (none was given): its try is given back. */
export const giveBackPasswordAttempt = (db: Db, userId: number, data: CurrentPasswordData) =>
  currentPasswordAttemptUnused(db, userId, data);

/**
 * After the right current password: `email` waits as pending with a new confirmation link (the
 * old address keeps reminders and resets until it is opened), counted as a confirmation e-mail and
 * written only under that limit, and the password counter starts afresh. Answers the updated row
 * (none when over the limit, `wait` seconds, or when the account is gone) and the link's token.
 */
export async function askForAddress(db: Db, userId: number, profile: ProfileFields, email: string, now: number) {
  const confirmation = await newConfirmation(email, now);
  const throttle = confirmationMailThrottle(db, userId, now);
  const [counted, rows] = await db.batch([
    throttle.count,
    db
      .update(users)
      .set({ ...profile, pendingEmail: email, ...confirmation.columns })
      .where(and(eq(users.id, userId), throttle.underLimit))
      .returning(),
    currentPasswordAttemptsCleared(db, userId),
  ]);
  return { row: rows[0], token: confirmation.token, wait: throttle.waitFor(counted) };
}

/**
 * The language switcher's choice, saved on the account of a live session in one statement scoped by
 * that session (a saved 'ar-EG' stays 'ar-EG' when Arabic is chosen again). No session: nothing.
 */
export async function saveLanguageForSession(db: Db, sessionToken: string, language: string, now: number) {
  const owner = db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.id, await hashToken(sessionToken)), gt(sessions.expiresAt, now)));
  await db
    .update(users)
    .set({ locale: sql`CASE WHEN ${users.locale} LIKE ${`${language}-%`} THEN ${users.locale} ELSE ${language} END` })
    .where(eq(users.id, sql`(${owner})`));
}
