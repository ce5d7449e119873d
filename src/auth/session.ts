import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions, users, type UserRow } from "../db/schema";
import type { User } from "../shared/user";

// Sessions after lucia's auth_session.ts: a random secret in the cookie, only its SHA-256 stored.
const HOUR = 3_600_000;
export const SESSION_IDLE_TIMEOUT = 7 * 24 * HOUR; // inactivity expiry
export const SESSION_MAX_AGE = 30 * 24 * HOUR; // absolute lifetime
const LAST_SEEN_GRANULARITY = HOUR; // write last-seen at most hourly

export interface SessionRecord {
  id: string;
  userId: number;
  expiresAt: number;
}

/** The columns the public user is made of: what the session lookup reads (never the hashes). */
export const publicUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  fullName: users.fullName,
  phoneNumber: users.phoneNumber,
  birthdate: users.birthdate,
  notificationDays: users.notificationDays,
  emailConsent: users.emailConsent,
  timezone: users.timezone,
  notificationHour: users.notificationHour,
  timezoneChosen: users.timezoneChosen,
  locale: users.locale,
  deliveryProblem: users.deliveryProblem,
  deliveryProblemAddress: users.deliveryProblemAddress,
  emailConfirmedAt: users.emailConfirmedAt,
  pendingEmail: users.pendingEmail,
  remindersBy: users.remindersBy,
  pushShowNames: users.pushShowNames,
};

export type PublicUserRow = Pick<UserRow, keyof typeof publicUserColumns>;

export function toPublicUser(row: PublicUserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.fullName,
    phoneNumber: row.phoneNumber,
    birthdate: row.birthdate,
    notificationDays: row.notificationDays,
    emailConsent: row.emailConsent,
    timezone: row.timezone,
    notificationHour: row.notificationHour,
    timezoneChosen: row.timezoneChosen,
    locale: row.locale,
    emailConfirmed: row.emailConfirmedAt !== null,
    pendingEmail: row.pendingEmail,
    deliveryProblem: row.deliveryProblem,
    deliveryProblemAddress: row.deliveryProblemAddress,
    remindersBy: row.remindersBy,
    pushShowNames: row.pushShowNames,
  };
}

// Every signed-in request hashes its cookie: WebCrypto's native SHA-256 (a JS SHA-256 cost ~0.25 ms
// of CPU a request in the bench's profile; node:crypto's stream-based Hash even more). Hex-encoded.
export async function hashToken(token: string): Promise<string> {
  return encodeHexLowerCase(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token))));
}

export function generateToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
}

/** A new session's secret (for the cookie) and its row (to insert, alone or in a caller's batch). */
export async function newSession(userId: number, now = Date.now(), browser: string | null = null) {
  const token = generateToken();
  const row = { id: await hashToken(token), userId, createdAt: now, lastSeenAt: now, expiresAt: now + SESSION_MAX_AGE, browser };
  return { token, row };
}

/**
 * The signed-in user's id as SQL, for reads that go in the same batch as the session lookup:
 * `user_id = (SELECT user_id FROM sessions WHERE id = ?)`. An unknown session makes it NULL, which
 * matches no row; an expired one is caught by checkSession, and what was read with it is dropped.
 */
export const sessionOwner = (sessionId: string | Placeholder): SQL<number> =>
  sql<number>`(select ${sessions.userId} from ${sessions} where ${sessions.id} = ${sessionId})`;

// Only what a request needs: the session's clock and the public user. Aliased, because D1 answers a
// batch's rows as objects keyed by column name, where sessions.id and users.id would collide.
const sessionColumns = {
  id: sql<string>`${sessions.id}`.as("session_id"),
  userId: sql<number>`${sessions.userId}`.as("session_user_id"),
  lastSeenAt: sql<number>`${sessions.lastSeenAt}`.as("session_last_seen_at"),
  expiresAt: sql<number>`${sessions.expiresAt}`.as("session_expires_at"),
};

/** The session and its user, one row or none: the first statement of every signed-in batch. */
export const sessionLookup = (db: Db, sessionId: string | Placeholder) =>
  db
    .select({ session: sessionColumns, user: publicUserColumns })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sessionId));

export type SessionLookupRow = Awaited<ReturnType<typeof sessionLookup>>[number];

export type SessionCheck = { state: "valid" | "touch"; session: SessionRecord; user: User } | { state: "expired" | "unknown" };

/** Whether a looked-up session still holds at `now`, and whether its last-seen is due a write. */
export function checkSession(row: SessionLookupRow | undefined, now: number): SessionCheck {
  if (!row) return { state: "unknown" };
  const { session, user } = row;
  if (now >= session.expiresAt || now - session.lastSeenAt >= SESSION_IDLE_TIMEOUT) return { state: "expired" };
  const record = { id: session.id, userId: session.userId, expiresAt: session.expiresAt };
  return { state: now - session.lastSeenAt >= LAST_SEEN_GRANULARITY ? "touch" : "valid", session: record, user: toPublicUser(user) };
}

export async function touchSession(db: Db, sessionId: string, now: number): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
