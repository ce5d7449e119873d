import { CONFIRMATION_LINK_HOURS } from "../domain/limits";
import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { throttles, users, type UserRow } from "../db/schema";
import { nextReminderAt, zoneOrUtc } from "../domain/time";
import { generateToken, hashToken } from "./session";
import { blockedFor, countAttempt, LIMITS, throttleKey } from "./throttle";

// An address gets reminders and test e-mails only once someone opened a link sent to it. One link
// is live per account: a new one (resend, another address) replaces it. Only the token's SHA-256 is
// stored, with the address it was sent to; it works once, within 24 hours.

export const CONFIRMATION_TTL = CONFIRMATION_LINK_HOURS * 3_600_000;

/** A new link for `address`: the token for the e-mail, and the columns that store its hash. */
export async function newConfirmation(address: string, now: number) {
  const token = generateToken();
  const columns = { emailTokenHash: await hashToken(token), emailTokenAddress: address, emailTokenExpiry: now + CONFIRMATION_TTL };
  return { token, columns };
}

/**
 * Every confirmation e-mail of an account (a resend, a new address) counts against one limit: the
 * address is the caller's to choose, so this caps what an account can make us send. For the batch
 * that stores the link: `count` first, then the write guarded by `underLimit` (a batch's statements
 * run in order, so the guard sees this request's count); `waitFor` reads the seconds to wait (0 =
 * sent) from what `count` answered.
 */
export function confirmationMailThrottle(db: Db, userId: number, now: number) {
  const key = throttleKey.confirmation(userId);
  const limits: Array<[string, number]> = [[key, LIMITS.confirmationPerUser]];
  return {
    count: countAttempt(db, limits, now)[0]!,
    underLimit: lte(sql`(select ${throttles.count} from ${throttles} where ${throttles.key} = ${key})`, LIMITS.confirmationPerUser),
    waitFor: (counted: Array<{ count: number; windowStartedAt: number }>) => blockedFor(limits, [counted], now),
  };
}

/**
 * A resend: counts the e-mail and stores the new link only while under the limit, in one round trip.
 * Answers the wait when the limit was reached, else null.
 */
export async function storeResentConfirmation(
  db: Db,
  userId: number,
  columns: Awaited<ReturnType<typeof newConfirmation>>["columns"],
  now: number,
) {
  const throttle = confirmationMailThrottle(db, userId, now);
  const [counted, updated] = await db.batch([
    throttle.count,
    db
      .update(users)
      .set(columns)
      .where(and(eq(users.id, userId), throttle.underLimit))
      .returning({ id: users.id }),
  ]);
  return updated.length === 0 ? throttle.waitFor(counted) : null;
}

export const confirmationLink = (baseUrl: string, token: string) => `${baseUrl}/confirm-email?token=${token}`;

export type ConfirmOutcome = { state: "confirmed"; user: UserRow } | { state: "expired" | "used" };

/**
 * Opens a link: the address it was sent to becomes the account's confirmed address (a pending one
 * takes over from the old) and any outstanding reset link is void. Two round trips: find the token, then a write that holds only if the
 * token is still the live one, so two clicks cannot both succeed.
 */
export async function confirmEmail(db: Db, token: string, now: number): Promise<ConfirmOutcome> {
  const hash = await hashToken(token);
  const [row] = await db.select().from(users).where(eq(users.emailTokenHash, hash));
  if (!row?.emailTokenAddress) return { state: "used" };
  if ((row.emailTokenExpiry ?? 0) <= now) return { state: "expired" };
  const address = row.emailTokenAddress;
  // A link to an address the account no longer asks for (changed again since) confirms nothing.
  if (address !== row.email && address !== row.pendingEmail) return { state: "used" };
  // Reminders stopped by a bounce or a complaint resume once another address is confirmed.
  const resumes = row.deliveryProblem !== null && address.toLowerCase() !== (row.deliveryProblemAddress ?? row.email).toLowerCase();
  const [user] = await db
    .update(users)
    .set({
      email: address,
      emailConfirmedAt: now,
      pendingEmail: null,
      emailTokenHash: null,
      emailTokenAddress: null,
      emailTokenExpiry: null,
      // A reset link mailed before the change went to the old address: whoever holds that mailbox
      // must not take the account back once it has moved. Any outstanding one stops working.
      resetTokenHash: null,
      resetTokenExpiry: null,
      ...(resumes ? { deliveryProblem: null, deliveryProblemAddress: null, emailConsent: true } : {}),
      // An account that was never confirmed was skipped by the hourly job: its next reminder is
      // the next time its hour comes round from now, not a backlog of missed ones.
      nextNotificationAt: nextReminderAt(zoneOrUtc(row.timezone), row.notificationHour, now),
    })
    .where(and(eq(users.id, row.id), eq(users.emailTokenHash, hash)))
    .returning();
  return user ? { state: "confirmed", user } : { state: "used" };
}
