import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { eq, sql, type SQL } from "drizzle-orm";
import { prepareOnce, type Db } from "../db/client";
import { sessions, users, type UserRow } from "../db/schema";

// Sessions after lucia's auth_session.ts: a random secret in the cookie, only its SHA-256 stored.
const HOUR = 3_600_000;
export const SESSION_IDLE_TIMEOUT = 7 * 24 * HOUR; // inactivity expiry
export const SESSION_MAX_AGE = 30 * 24 * HOUR; // absolute lifetime
const LAST_SEEN_GRANULARITY = HOUR; // write last-seen at most hourly

/** The user as every API answer and island sees it: never the hash or the reset token. */
export interface User {
  id: number;
  username: string;
  email: string;
  fullName: string | null;
  phoneNumber: string | null;
  birthdate: string | null;
  notificationDays: number;
  emailConsent: boolean;
  timezone: string;
  notificationHour: number;
}

export interface SessionRecord {
  id: string;
  userId: number;
  expiresAt: number;
}

/** The columns of the public user: what the session lookup reads (never the hashes). */
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
};

export function toPublicUser(row: UserRow): User {
  const user = {} as Record<keyof User, unknown>;
  for (const key of Object.keys(publicUserColumns) as (keyof User)[]) user[key] = row[key];
  return user as User;
}

// Every signed-in request hashes its cookie: WebCrypto's native SHA-256 (a JS SHA-256 cost ~0.25 ms
// of CPU a request in the bench's profile; node:crypto's stream-based Hash even more). Hex-encoded.
export async function hashToken(token: string): Promise<string> {
  return encodeHexLowerCase(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token))));
}

export function generateToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
}

export async function createSession(db: Db, userId: number, now = Date.now()): Promise<{ token: string; session: SessionRecord }> {
  const token = generateToken();
  const session = { id: await hashToken(token), userId, createdAt: now, lastSeenAt: now, expiresAt: now + SESSION_MAX_AGE };
  await db.insert(sessions).values(session);
  return { token, session };
}

type Found = { session: SessionRecord; user: User };

/**
 * Columns a request loads with its session, in the same statement: the signed-in user's own data,
 * computed from `sessions.userId` (e.g. a list as a JSON array, see data/medications). One database
 * round trip, and the statement is prepared once per shape. Define each set once (module level): its
 * identity is the prepared statement's key.
 */
export type SessionExtras = Record<string, SQL.Aliased | SQL>;
const NO_EXTRAS: SessionExtras = {};

/** The signed-in user's id inside the session lookup: what its extras are scoped by. */
export const sessionOwner = sessions.userId;

// Only what a request needs: the session's clock and the public user.
const sessionColumns = { id: sessions.id, userId: sessions.userId, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt };

const prepareLookup = <E extends SessionExtras>(db: Db, extras: E) =>
  db
    .select({ session: sessionColumns, user: publicUserColumns, extras })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare();

type LookupRow<E extends SessionExtras> = Awaited<ReturnType<ReturnType<typeof prepareLookup<E>>["all"]>>[number];

/** Expired sessions are deleted and answer null; last-seen is written at most hourly. */
async function checkSession(db: Db, row: LookupRow<SessionExtras> | undefined, now: number): Promise<Found | null> {
  if (!row) return null;
  const { session, user } = row;
  if (now >= session.expiresAt || now - session.lastSeenAt >= SESSION_IDLE_TIMEOUT) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  if (now - session.lastSeenAt >= LAST_SEEN_GRANULARITY) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
  }
  return { session: { id: session.id, userId: session.userId, expiresAt: session.expiresAt }, user };
}

/**
 * One statement loads session, user and any `extras`; null for an unknown or expired token (the
 * extras, already read, are dropped with it).
 */
export async function validateSessionToken<E extends SessionExtras = Record<string, never>>(
  db: Db,
  token: string,
  now = Date.now(),
  extras: E = NO_EXTRAS as E,
): Promise<(Found & { extras: LookupRow<E>["extras"] }) | null> {
  const lookup = prepareOnce(db, extras, () => prepareLookup(db, extras));
  const [row] = await lookup.all({ id: await hashToken(token) });
  const found = await checkSession(db, row, now);
  return found && { ...found, extras: row!.extras };
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
