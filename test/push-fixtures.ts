import { env } from "cloudflare:test";
import { afterEach, beforeEach, vi } from "vitest";
import { deleteCreatedUsers, mockPostmark } from "./reminders-fixtures";
import { fromBase64Url, toBase64Url } from "../src/shared/push";

// Web Push at the fetch boundary, for the push tests: a device (a P-256 key pair and an auth secret,
// made with WebCrypto as a browser makes them), the push service answering the Worker's POSTs, and
// the device's side of RFC 8291 (decrypting what the Worker sent) and of RFC 8292 (checking the
// VAPID JWT the push service would check).

/** A VAPID pair for the Worker, made fresh (base64url: the raw public point and the JWK `d`). */
export async function vapidPair() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const raw = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const jwk = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  return { VAPID_PUBLIC_KEY: toBase64Url(raw), VAPID_PRIVATE_KEY: jwk.d! };
}

export const pushKeys = await vapidPair();
export const pushEnv = { ...env, ...pushKeys, SUPPORT_EMAIL: "help@refills.example" };

export interface Device {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  privateKey: CryptoKey;
  publicKey: Uint8Array<ArrayBuffer>;
  auth: Uint8Array<ArrayBuffer>;
}

/** A browser's subscription on Google's push service (FCM), with the keys to read what it gets. */
export async function newDevice(host = "fcm.googleapis.com"): Promise<Device> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  const endpoint = `https://${host}/fcm/send/${toBase64Url(crypto.getRandomValues(new Uint8Array(24)))}`;
  return {
    subscription: { endpoint, keys: { p256dh: toBase64Url(publicKey), auth: toBase64Url(auth) } },
    privateKey: pair.privateKey,
    publicKey,
    auth,
  };
}

const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const utf8 = (text: string) => new TextEncoder().encode(text);

async function hkdf(salt: BufferSource, ikm: BufferSource, info: BufferSource, bytes: number) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}

/** RFC 8291 §3.4 + RFC 8188, the receiving side: the plaintext of an aes128gcm body (one record). */
export async function decryptPush(body: Uint8Array, device: Device): Promise<string> {
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idLength = body[20]!;
  const senderKey = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  if (idLength !== 65 || ciphertext.length > recordSize)
    throw new Error(`unexpected header: keyid ${idLength} bytes, record size ${recordSize}`);
  const sender = await crypto.subtle.importKey("raw", senderKey, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "ECDH", public: sender } as EcdhKeyDeriveParams, device.privateKey, 256),
  );
  const ikm = await hkdf(device.auth, shared, concat(utf8("WebPush: info\0"), device.publicKey, senderKey), 32);
  const cek = await hkdf(salt, ikm, utf8("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, utf8("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, ciphertext));
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return new TextDecoder().decode(padded.slice(0, end));
}

/** The VAPID header (RFC 8292 §3): the JWT's claims, after checking its ES256 signature with `k`. */
export async function vapidClaims(authorization: string | null): Promise<{ aud: string; exp: number; sub: string; k: string }> {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [header, payload, signature] = jwt.split(".") as [string, string, string];
  const key = await crypto.subtle.importKey("raw", fromBase64Url(k)!, { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
  const valid = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    fromBase64Url(signature)!,
    utf8(`${header}.${payload}`),
  );
  if (!valid) throw new Error("VAPID JWT signature does not verify");
  if (JSON.parse(new TextDecoder().decode(fromBase64Url(header)!)).alg !== "ES256") throw new Error("VAPID JWT is not ES256");
  return { ...JSON.parse(new TextDecoder().decode(fromBase64Url(payload)!)), k };
}

export interface PushRequest {
  endpoint: string;
  headers: Headers;
  body: Uint8Array;
  status: number;
}

const PUSH_HOST = /(?:^|\.)(?:push\.apple\.com|googleapis\.com|jmt17\.google\.com|push\.services\.mozilla\.com|notify\.windows\.com)$/;

/** Where a push service's 3xx answer points (someone else's server). */
export const REDIRECT_TARGET = "https://collector.evil.example/push";

/**
 * The push services, answering the Worker's POSTs: 201 unless `answer` queued another status (or
 * "network"). A 3xx points at REDIRECT_TARGET and, as fetch itself would, is followed unless the
 * request said `redirect: "manual"`: the followed POST is recorded too (answered 201).
 * Other requests go to whatever `fetch` was before (e.g. mockPostmark's).
 */
export function mockPushService() {
  const requests: PushRequest[] = [];
  const queue: Array<number | "network"> = [];
  const before = globalThis.fetch;
  const previous = vi.isMockFunction(before) ? (before.getMockImplementation() ?? before) : before;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (!PUSH_HOST.test(url.hostname)) return previous(input, init);
    const body = new Uint8Array(await request.arrayBuffer());
    const answer = queue.shift() ?? 201;
    requests.push({ endpoint: request.url, headers: request.headers, body, status: answer === "network" ? 0 : answer });
    if (answer === "network") throw new TypeError("Network connection lost.");
    if (answer >= 300 && answer < 400) {
      if (request.redirect === "manual") return new Response(null, { status: answer, headers: { Location: REDIRECT_TARGET } });
      requests.push({ endpoint: REDIRECT_TARGET, headers: request.headers, body, status: 201 });
      return new Response(null, { status: 201 });
    }
    return new Response(answer === 201 ? null : `push service says ${answer}`, { status: answer });
  });
  return {
    requests,
    to: (device: Device) => requests.filter((r) => r.endpoint === device.subscription.endpoint),
    answer: (...answers: Array<number | "network">) => queue.push(...answers),
    /** The JSON a device received, decrypted with its own keys. */
    async received(device: Device) {
      return Promise.all(
        requests
          .filter((r) => r.endpoint === device.subscription.endpoint && r.status === 201)
          .map(async (r) => JSON.parse(await decryptPush(r.body, device))),
      );
    },
    restore: () => spy.mockRestore(),
  };
}

/**
 * Postmark and the push service stood in for every test of the file (Postmark first: the push
 * service stand-in passes everything else on to it), and the users a test made removed after it.
 */
export function standInsPerTest() {
  const mocks = {} as { postmark: ReturnType<typeof mockPostmark>; push: ReturnType<typeof mockPushService> };
  beforeEach(() => {
    mocks.postmark = mockPostmark();
    mocks.push = mockPushService();
  });
  afterEach(async () => {
    mocks.push.restore();
    mocks.postmark.restore();
    await deleteCreatedUsers();
  });
  return mocks;
}
