import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

// OWASP Password Storage cheat sheet row: scrypt N=2^14, r=8, p=5 (16 MiB, five passes).
// Parameters are stored with each hash so they can be raised without breaking old hashes.
const PARAMS = { N: 2 ** 14, r: 8, p: 5 };
const KEY_LENGTH = 32;

/** The form a password is hashed in: the same characters however the keyboard composed them. */
const normalized = (password: string) => password.normalize("NFKC");

/** Whether two passwords hash alike (with the same salt): no second scrypt needed to tell. */
export const samePassword = (a: string, b: string) => normalized(a) === normalized(b);

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(normalized(password), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS.N, PARAMS.r, PARAMS.p);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), Number(N), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// Verifying against this keeps "unknown user" as slow as "wrong password" (no username oracle).
let dummyHash: Promise<string> | undefined;
export function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword("not-a-real-password");
  return dummyHash;
}
