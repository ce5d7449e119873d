import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
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

export function toPublicUser(row: UserRow): User {
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
  };
}

export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export function generateToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
}

export async function createSession(db: Db, userId: number, now = Date.now()): Promise<{ token: string; session: SessionRecord }> {
  const token = generateToken();
  const session = { id: hashToken(token), userId, createdAt: now, lastSeenAt: now, expiresAt: now + SESSION_MAX_AGE };
  await db.insert(sessions).values(session);
  return { token, session };
}

/** One JOIN loads session and user; expired sessions are deleted and answer null. */
export async function validateSessionToken(
  db: Db,
  token: string,
  now = Date.now(),
): Promise<{ session: SessionRecord; user: UserRow } | null> {
  const id = hashToken(token);
  const [row] = await db.select({ session: sessions, user: users }).from(sessions).innerJoin(users, eq(sessions.userId, users.id)).where(eq(sessions.id, id));
  if (!row) return null;
  const { session, user } = row;
  if (now >= session.expiresAt || now - session.lastSeenAt >= SESSION_IDLE_TIMEOUT) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now - session.lastSeenAt >= LAST_SEEN_GRANULARITY) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return { session: { id: session.id, userId: session.userId, expiresAt: session.expiresAt }, user };
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
