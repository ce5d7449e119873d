// What must never reach a log line, wherever a message comes from (a provider's error text, a
// driver's message): e-mail addresses and our tokens. Postmark's 406 text, for one, quotes the
// recipient's address.

/** Anything shaped like an address: local part, '@', a host. */
export const ADDRESS = /[^\s@<>()[\]"',;:]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
/** Session, reset and confirmation tokens: 32 random bytes in lower-case base32 (src/auth/session.ts). */
export const TOKEN = /\b[a-z2-7]{52}\b/g;

/** A push subscription's endpoint (its path is the device's capability) and its p256dh key (a P-256 point, base64url). */
export const PUSH_ENDPOINT =
  /https:\/\/[A-Za-z0-9.-]*(?:push\.apple\.com|googleapis\.com|jmt17\.google\.com|push\.services\.mozilla\.com|notify\.windows\.com)\/\S*/g;
export const PUSH_KEY = /\bB[A-Za-z0-9_-]{86}\b/g;

export const redact = (text: string) =>
  text.replace(ADDRESS, "[address]").replace(TOKEN, "[token]").replace(PUSH_ENDPOINT, "[push endpoint]").replace(PUSH_KEY, "[push key]");
