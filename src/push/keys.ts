import type { Env } from "../env";
import { isLocal } from "../env";
import { appUrl } from "../mail/mailer";
import { fromBase64Url, isP256Point } from "../shared/push";

// The VAPID (RFC 8292) key pair and contact, from the settings. Push is on in production only with
// PUSH_NOTIFICATIONS=on (then the configuration check requires a valid pair, README "Production");
// locally (`npm run dev`, the tests) it is on whenever a pair is set.

export interface VapidKeys {
  /** base64url of the 65-byte uncompressed P-256 point: what browsers get as applicationServerKey. */
  publicKey: string;
  /** base64url of the 32-byte private scalar (the JWK `d`). */
  privateKey: string;
  /** mailto: or https: contact for the push services; never a localhost address. */
  subject: string;
}

/** What is wrong with the pair, by setting name (never a value); empty when usable. */
export function vapidProblems(env: Pick<Env, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY">): string[] {
  const problems: string[] = [];
  if (!env.VAPID_PUBLIC_KEY || !isP256Point(env.VAPID_PUBLIC_KEY))
    problems.push("VAPID_PUBLIC_KEY is not set or not a base64url P-256 public key");
  if (!env.VAPID_PRIVATE_KEY || fromBase64Url(env.VAPID_PRIVATE_KEY)?.length !== 32)
    problems.push("VAPID_PRIVATE_KEY is not set or not a base64url 32-byte private key");
  return problems;
}

/** Production: PUSH_NOTIFICATIONS=on; locally: a pair is set. */
export const pushWanted = (env: Env) =>
  isLocal(env) ? Boolean(env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) : env.PUSH_NOTIFICATIONS === "on";

/** The contact the push services may write to: the support address, else the site's https URL. */
export function vapidSubject(env: Env): string {
  if (env.SUPPORT_EMAIL && !/@localhost\b/i.test(env.SUPPORT_EMAIL)) return `mailto:${env.SUPPORT_EMAIL}`;
  const url = appUrl(env);
  // Push services reject a localhost contact (Apple answers 403 BadJwtToken): a fixed placeholder
  // for `npm run dev` and the tests, where only Chromium's (unreachable) service would see it.
  return url.startsWith("https://") && !/\/\/localhost\b/.test(url) ? url : "https://refill-tracker.invalid";
}

/** The pair and contact when push is on and the pair is valid; null means push is off. */
export function vapidKeys(env: Env): VapidKeys | null {
  if (!pushWanted(env) || vapidProblems(env).length > 0) return null;
  return { publicKey: env.VAPID_PUBLIC_KEY!, privateKey: env.VAPID_PRIVATE_KEY!, subject: vapidSubject(env) };
}
