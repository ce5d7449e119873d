import { buildPushPayload } from "@block65/webcrypto-web-push";
import { fromBase64Url, isPushEndpoint } from "../shared/push";
import type { VapidKeys } from "./keys";

// One Web Push request (RFC 8030): the JSON payload encrypted for the device (RFC 8291 aes128gcm)
// and signed for the push service (RFC 8292 VAPID), through @block65/webcrypto-web-push (WebCrypto,
// runs on Workers). What the push service answered decides what happens to the device:
// 201 delivered; 404/410 the subscription is gone (deleted); 429/5xx/network try again later;
// anything else (400, 403, 413…) fails for good and is logged as our bug, never with the endpoint.
// A redirect is not followed (it could lead anywhere, with our signed request): it fails for good.

export interface PushTarget {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  /** Seconds the push service keeps an undelivered message. */
  ttl: number;
  /** A later push with the same topic replaces an undelivered earlier one (RFC 8030 §5.4). */
  topic: string;
  urgency: "very-low" | "low" | "normal" | "high";
}

export type PushResult = { ok: true } | { ok: false; kind: "gone" | "retry" | "bug"; status: number | null; error: string };

/** The reminder's delivery rules: half a day to reach the phone, normal urgency. */
export const REMINDER_PUSH_TTL = 43_200;

/**
 * Whether the device's p256dh key is a point on P-256 that WebCrypto imports: checked when the
 * device is saved, so that a key the encryption would refuse on every send is a 400 then, not a
 * device that fails and logs a bug at each reminder.
 */
export async function importsAsDeviceKey(p256dh: string): Promise<boolean> {
  const bytes = fromBase64Url(p256dh);
  if (!bytes) return false;
  try {
    await crypto.subtle.importKey("raw", bytes, { name: "ECDH", namedCurve: "P-256" }, true, []);
    return true;
  } catch {
    return false;
  }
}

/** Sends one push; never throws, and no result names the endpoint or the keys. */
export async function sendPush(target: PushTarget, payload: unknown, options: PushOptions, vapid: VapidKeys): Promise<PushResult> {
  // A device saved before the push services' hosts were narrowed is sent nothing:
  // the job treats it as gone and deletes it.
  if (!isPushEndpoint(target.endpoint)) return { ok: false, kind: "gone", status: null, error: "endpoint is not on a push service" };
  let request: Awaited<ReturnType<typeof buildPushPayload>>;
  try {
    const subscription = { endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } };
    request = await buildPushPayload({ data: payload as never, options: { ttl: options.ttl, topic: options.topic } }, subscription, vapid);
  } catch (err) {
    return { ok: false, kind: "bug", status: null, error: `could not encrypt or sign: ${err instanceof Error ? err.name : "error"}` };
  }
  // The library only knows low/normal/high; RFC 8030 names four.
  const headers = { ...request.headers, urgency: options.urgency };
  let response: Response;
  try {
    response = await fetch(target.endpoint, { method: "POST", headers, body: request.body, redirect: "manual" });
  } catch (err) {
    return { ok: false, kind: "retry", status: null, error: `network error: ${err instanceof Error ? err.name : "error"}` };
  }
  // The body is a push service's own words (may quote the subscription): read and dropped.
  await response.body?.cancel().catch(() => {});
  const status = response.status;
  if (status >= 200 && status < 300) return { ok: true };
  if (status >= 300 && status < 400)
    return { ok: false, kind: "bug", status, error: `push service answered ${status}: a redirect, not followed` };
  if (status === 404 || status === 410)
    return { ok: false, kind: "gone", status, error: `push service answered ${status}: subscription gone` };
  if (status === 429 || status >= 500) return { ok: false, kind: "retry", status, error: `push service answered ${status}` };
  return { ok: false, kind: "bug", status, error: `push service answered ${status}${status === 413 ? " (payload too large)" : ""}` };
}
