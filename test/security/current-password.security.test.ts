/// <reference types="vite/types/importMeta.d.ts" />
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LIMITS, throttleKey } from "../../src/auth/throttle";
import { throttles, users } from "../../src/db/schema";
import { type Account, type Answer, call, db, signUp, uniqueName } from "../helpers";
import { expectJsonMessage } from "./surface";

// A stolen session must not become a password oracle: every current-password check (new address,
// new password, account deletion) counts the try before the password is looked at, and once over the
// limit answers the same 429, word for word, whether the password was right or not.

const TOO_MANY = /^Too many attempts\. Please wait \d+ minutes? and try again\.$/;
const newAddress = () => `${uniqueName("new")}@example.net`;
const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

/** Minutes pass: the account's current-password window started `minutes` earlier. */
async function minutesPass(account: Pick<Account, "id">, minutes: number) {
  const key = throttleKey.currentPassword(account.id);
  const [row] = await db().select().from(throttles).where(eq(throttles.key, key));
  await db()
    .update(throttles)
    .set({ windowStartedAt: row!.windowStartedAt - minutes * 60_000 })
    .where(eq(throttles.key, key));
}

const checks: Record<string, (account: Account, currentPassword: string) => Promise<Answer>> = {
  "PATCH /api/profile (new address)": (account, currentPassword) =>
    call("PATCH", "/api/profile", { cookie: account.cookie, body: { fullName: "Mallory", email: newAddress(), currentPassword } }),
  "PUT /api/user/password": (account, currentPassword) =>
    call("PUT", "/api/user/password", {
      cookie: account.cookie,
      body: { currentPassword, newPassword: "taken over for good", confirmPassword: "taken over for good" },
    }),
  "DELETE /api/user": (account, currentPassword) => call("DELETE", "/api/user", { cookie: account.cookie, body: { currentPassword } }),
};

describe("a stolen session cannot use a current-password check as a password oracle", { timeout: 60_000 }, () => {
  it.each(Object.keys(checks))(
    "%s: 12 parallel guesses, then the right password: five 400s, every other answer the identical 429",
    async (route) => {
      const check = checks[route]!;
      const account = await signUp({ confirmed: true });
      const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => check(account, `guess ${i}`)));
      expect(guesses.filter((a) => a.status === 400)).toHaveLength(LIMITS.currentPasswordPerUser);
      const throttled = guesses.filter((a) => a.status === 429);
      expect(throttled).toHaveLength(12 - LIMITS.currentPasswordPerUser);

      const right = await check(account, account.password);
      expectJsonMessage(right, 429);
      expect(right.body.message).toMatch(TOO_MANY);
      for (const answer of throttled) expect(answer.text).toBe(right.text);

      // Minutes later, a wrong and the right password still read the same: the wait is the window's.
      await minutesPass(account, 4);
      const wrongLater = await check(account, "yet another guess");
      const rightLater = await check(account, account.password);
      expect([wrongLater.status, rightLater.status]).toEqual([429, 429]);
      expect(rightLater.text).toBe(wrongLater.text);
      expect(rightLater.body.message).toBe("Too many attempts. Please wait 11 minutes and try again.");

      // Nothing changed: no pending address, the password is the old one, the account is still there.
      expect(await userRow(account.id)).toMatchObject({ email: account.email, pendingEmail: null });
      expect((await call("GET", "/api/user", { cookie: account.cookie })).status).toBe(200);
    },
  );

  it("the three share one counter: guesses on one route throttle the others", async () => {
    const account = await signUp({ confirmed: true });
    for (let i = 0; i < LIMITS.currentPasswordPerUser; i++)
      expect((await checks["PATCH /api/profile (new address)"]!(account, `guess ${i}`)).status).toBe(400);
    const answers = await Promise.all(Object.values(checks).map((check) => check(account, account.password)));
    expect(answers.map((a) => a.status)).toEqual([429, 429, 429]);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
  });

  it("a profile save that keeps the address checks no password and uses up no tries", async () => {
    const account = await signUp({ confirmed: true });
    for (let i = 0; i < LIMITS.currentPasswordPerUser + 2; i++) {
      const saved = await call("PATCH", "/api/profile", { cookie: account.cookie, body: { fullName: `Pat ${i}`, email: account.email } });
      expect(saved.status).toBe(200);
    }
    expect((await checks["PATCH /api/profile (new address)"]!(account, account.password)).status).toBe(200);
  });
});

describe("one way to check a current password", () => {
  // Any later route that asks for the password must go through src/auth/current-password.ts (the
  // count first, the same 429): only it and sign-in may look at a password hash.
  const sources = import.meta.glob<string>("../../src/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true });

  it("verifyPassword is called by sign-in and the current-password check only", () => {
    const callers = Object.entries(sources)
      .filter(([path, text]) => !path.endsWith("/auth/password.ts") && /\bverifyPassword\(/.test(text))
      .map(([path]) => path.replace(/^.*\/src\//, "src/"));
    expect(callers.sort()).toEqual(["src/api/account.ts", "src/auth/current-password.ts"]);
  });
});
