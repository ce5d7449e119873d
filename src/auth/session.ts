import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { memberships, sessions, users, type Role, type UserRow } from "../db/schema";
import { askedPerson, personZoneOf, type Person } from "./access";
import { zoneOrUtc } from "../domain/time";
import { KEEP_SIGNED_IN_DAYS, SIGNED_IN_DAYS } from "../shared/session-lifetimes";
import type { User } from "../shared/user";

// Sessions after lucia's auth_session.ts: a random secret in the cookie, only its SHA-256 stored.
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const SESSION_IDLE_TIMEOUT = SIGNED_IN_DAYS.idle * DAY; // inactivity expiry
export const SESSION_MAX_AGE = SIGNED_IN_DAYS.max * DAY; // absolute lifetime
// A kept session ("Keep me signed in on this device" ticked at sign-in).
export const KEPT_SESSION_IDLE_TIMEOUT = KEEP_SIGNED_IN_DAYS.idle * DAY;
export const KEPT_SESSION_MAX_AGE = KEEP_SIGNED_IN_DAYS.max * DAY;
const LAST_SEEN_GRANULARITY = HOUR; // write last-seen at most hourly

/** A session's idle and absolute lifetimes, by whether it is kept. */
export const sessionLifetime = (kept: boolean) =>
  kept ? { idle: KEPT_SESSION_IDLE_TIMEOUT, max: KEPT_SESSION_MAX_AGE } : { idle: SESSION_IDLE_TIMEOUT, max: SESSION_MAX_AGE };

/** A session row's idle timeout as SQL, for the queries that drop or list sessions (the same rule as checkSession). */
export const idleTimeoutOf = sql<number>`(case when ${sessions.kept} then ${KEPT_SESSION_IDLE_TIMEOUT} else ${SESSION_IDLE_TIMEOUT} end)`;

export interface SessionRecord {
  id: string;
  userId: number;
  expiresAt: number;
  kept: boolean;
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
  doseReminders: users.doseReminders,
  doseFollowUpMinutes: users.doseFollowUpMinutes,
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
    doseReminders: row.doseReminders,
    doseFollowUpMinutes: row.doseFollowUpMinutes,
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
export async function newSession(userId: number, now = Date.now(), browser: string | null = null, kept = false) {
  const token = generateToken();
  const expiresAt = now + sessionLifetime(kept).max;
  const row = { id: await hashToken(token), userId, createdAt: now, lastSeenAt: now, expiresAt, browser, kept };
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
  kept: sql<number>`${sessions.kept}`.as("session_kept"),
};
const consentVersionColumn = sql<string | null>`${users.healthDataConsentVersion}`.as("health_data_consent_version");
const memberColumns = {
  personId: sql<number | null>`${memberships.personId}`.as("member_person_id"),
  role: sql<Role | null>`${memberships.role}`.as("member_role"),
  timezone: personZoneOf(memberships.personId).as("member_person_zone"),
};

/**
 * The session, its user and the user's membership in the person the request asks for (`profile`,
 * 0: the account's own; none: not a member), one row or none: the first statement of every signed-in batch.
 */
export const sessionLookup = (db: Db, sessionId: string | Placeholder, profile: Placeholder | number) =>
  db
    .select({ session: sessionColumns, user: publicUserColumns, consentVersion: consentVersionColumn, member: memberColumns })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.personId, askedPerson(users.id, profile))))
    .where(eq(sessions.id, sessionId));

export type SessionLookupRow = Awaited<ReturnType<typeof sessionLookup>>[number];

export type SessionCheck =
  | { state: "valid" | "touch"; session: SessionRecord; user: User; consentVersion: string | null; person: Person | null }
  | { state: "expired" | "unknown" };

/**
 * Whether a looked-up session still holds at `now`, and whether its last-seen is due a write; with
 * the privacy page version the account consented to (null: never asked).
 */
export function checkSession(row: SessionLookupRow | undefined, now: number): SessionCheck {
  if (!row) return { state: "unknown" };
  const { session, user, consentVersion, member } = row;
  const kept = Boolean(session.kept);
  if (now >= session.expiresAt || now - session.lastSeenAt >= sessionLifetime(kept).idle) return { state: "expired" };
  const record = { id: session.id, userId: session.userId, expiresAt: session.expiresAt, kept };
  const state = now - session.lastSeenAt >= LAST_SEEN_GRANULARITY ? "touch" : "valid";
  const person =
    member.personId !== null && member.role !== null
      ? { id: member.personId, role: member.role, timezone: zoneOrUtc(member.timezone ?? "") }
      : null;
  return { state, session: record, user: toPublicUser(user), consentVersion, person };
}

export async function touchSession(db: Db, sessionId: string, now: number): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
