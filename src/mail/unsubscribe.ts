import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { Env } from "../env";

// One-click unsubscribe (RFC 8058): the link carries the user id and an HMAC-SHA256 of it under
// APP_SECRET, so it turns e-mail consent off without signing in and cannot be forged for another
// user. Links do not expire: an unsubscribe link in an old e-mail must keep working.

// Only for local development (no Postmark, no APP_SECRET): nothing real is ever sent with it.
const DEVELOPMENT_KEY = "refill-tracker development unsubscribe key: never used with real mail";
const PURPOSE = "unsubscribe:v1:";

export type UnsubscribeKey = Uint8Array;

/**
 * The signing key, or null when the links cannot be signed safely: Postmark is configured (real
 * mail) and APP_SECRET is missing. Callers must refuse to send and say why.
 */
export function unsubscribeKey(env: Pick<Env, "APP_SECRET" | "POSTMARK_SERVER_TOKEN">): UnsubscribeKey | null {
  if (env.APP_SECRET) return new TextEncoder().encode(env.APP_SECRET);
  if (env.POSTMARK_SERVER_TOKEN) return null;
  return new TextEncoder().encode(DEVELOPMENT_KEY);
}

export const MISSING_SECRET_MESSAGE = "APP_SECRET is not set: reminder e-mails need it to sign their unsubscribe links, so none are sent.";

const signature = (key: UnsubscribeKey, userId: number) => hmac(SHA256, key, new TextEncoder().encode(`${PURPOSE}${userId}`));

export function unsubscribeToken(key: UnsubscribeKey, userId: number): string {
  return `${userId}.${encodeBase64urlNoPadding(signature(key, userId))}`;
}

/** The user id a token was signed for, or null when it is malformed or forged. */
export function verifyUnsubscribeToken(key: UnsubscribeKey, token: string): number | null {
  const match = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  if (!Number.isSafeInteger(userId)) return null;
  let given: Uint8Array;
  try {
    given = decodeBase64urlIgnorePadding(match[2]);
  } catch {
    return null;
  }
  return constantTimeEqual(given, signature(key, userId)) ? userId : null;
}

export const unsubscribeUrl = (baseUrl: string, key: UnsubscribeKey, userId: number) =>
  `${baseUrl}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(key, userId))}`;
