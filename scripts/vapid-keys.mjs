// A new VAPID (RFC 8292) key pair for Web Push, base64url: the public key is the 65-byte
// uncompressed P-256 point browsers take as applicationServerKey, the private key its 32-byte `d`.
// `npm run vapid` prints one; `npm run dev` makes one once and keeps it (scripts/dev.mjs).
import { webcrypto } from "node:crypto";

export async function newVapidKeys() {
  const pair = await webcrypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const raw = Buffer.from(await webcrypto.subtle.exportKey("raw", pair.publicKey));
  const jwk = await webcrypto.subtle.exportKey("jwk", pair.privateKey);
  return { VAPID_PUBLIC_KEY: raw.toString("base64url"), VAPID_PRIVATE_KEY: jwk.d };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const keys = await newVapidKeys();
  console.log("# Web Push keys. Production: wrangler secret put VAPID_PRIVATE_KEY (paste the value),");
  console.log("# VAPID_PUBLIC_KEY as a var or secret, and PUSH_NOTIFICATIONS=on (README, Production).");
  for (const [name, value] of Object.entries(keys)) console.log(`${name}=${value}`);
}
