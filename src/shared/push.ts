import * as z from "zod/mini";
import * as m from "../generated/i18n";
import { msg } from "./validation";

// A browser's push subscription (PushSubscription.toJSON()) as POST /api/push/subscriptions takes
// it, and the device list the settings page shows. Shared by the API and the islands.

/** At most this many devices per account get push (409 beyond). */
export const MAX_PUSH_DEVICES = 10;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The bytes of a base64url string (no padding), or null. */
export function fromBase64Url(value: string): Uint8Array<ArrayBuffer> | null {
  if (!BASE64URL.test(value) || value.length % 4 === 1) return null;
  const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (value.length % 4)) % 4));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

export const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** A 65-byte uncompressed P-256 point (0x04 ‖ X ‖ Y) in base64url. */
export function isP256Point(value: string): boolean {
  const bytes = fromBase64Url(value);
  return bytes !== null && bytes.length === 65 && bytes[0] === 0x04;
}

/**
 * The browsers' push services, by their own hosts only (a whole googleapis.com or
 * notify.windows.com let anyone name a Cloud Storage bucket or an OAuth URL, and the job POSTs there):
 * Google's FCM (Chrome's beta, dev and canary channels and most Linux distributions' Chromium
 * subscribe on jmt17.google.com), Apple, Mozilla, and Microsoft's WNS in its own host pattern.
 */
const PUSH_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^jmt17\.google\.com$/,
  /^(?:[a-z0-9-]+\.)+push\.apple\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^wns2-[a-z0-9]+\.notify\.windows\.com$/,
];

/**
 * An https URL on a known push service, with no credentials or port: the job will POST to it, so
 * anything else (an internal address, someone else's server) is refused before it is stored, and
 * never sent to (src/push/send.ts checks a stored endpoint again).
 */
export function isPushEndpoint(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return false;
  return PUSH_HOSTS.some((host) => host.test(url.hostname));
}

const endpointMessage = msg(m.field_push_endpoint_invalid);
const p256dhMessage = msg(m.field_push_p256dh_invalid);
const authMessage = msg(m.field_push_auth_invalid);

export const pushSubscriptionSchema = z.object({
  endpoint: z.string(endpointMessage).check(z.maxLength(2048, endpointMessage), z.refine(isPushEndpoint, endpointMessage)),
  keys: z.object(
    {
      p256dh: z.string(p256dhMessage).check(z.maxLength(100, p256dhMessage), z.refine(isP256Point, p256dhMessage)),
      auth: z.string(authMessage).check(
        z.maxLength(30, authMessage),
        z.refine((value) => fromBase64Url(value)?.length === 16, authMessage),
      ),
    },
    p256dhMessage,
  ),
});

export type PushSubscriptionPayload = z.infer<typeof pushSubscriptionSchema>;

/** A device in the list: never its endpoint or keys. */
export interface PushDevice {
  id: number;
  /** The stored label ("Chrome on Android"), worded by the page in the reader's language. */
  label: string;
  /** When it was added, as the reader's calendar date. */
  addedOn: string;
}

/** The answer of POST /api/push/subscriptions. */
export type SavedPushDevice = PushDevice;

/** The answer of POST /api/test-push-notification: how many devices accepted it. */
export interface TestPushAnswer {
  sent: number;
}
