import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { Env } from "../env";

// A signed-in device as the page and the API name it: an HMAC-SHA256 of its session's id (itself
// the hash of the cookie's secret) under APP_SECRET, cut to 128 bits. It names the session without
// giving away its id, so a listed device can be signed out, and nothing that signs in can be made
// from it. Computed, never stored: no column, no migration.

// Only for local development and the tests (production refuses to start without APP_SECRET).
const DEVELOPMENT_KEY = "refill-tracker development device key: never used in production";
const PURPOSE = "device:v1:";

export type DeviceKey = Uint8Array;

export const deviceKey = (env: Pick<Env, "APP_SECRET">): DeviceKey => new TextEncoder().encode(env.APP_SECRET || DEVELOPMENT_KEY);

export const deviceId = (key: DeviceKey, sessionId: string): string =>
  encodeBase64urlNoPadding(hmac(SHA256, key, new TextEncoder().encode(`${PURPOSE}${sessionId}`)).slice(0, 16));

/** The shape of a device id (22 base64url characters): anything else names no device. */
export const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
