import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../src/auth/password";
import { hashToken } from "../../src/auth/session";
import { LIMITS } from "../../src/auth/throttle";
import { users } from "../../src/db/schema";
import { call, db, emailsTo, resetTokenFrom, signUp, uniqueIp, uniqueName } from "../helpers";
import { expectJsonMessage } from "./surface";

// Usernames and addresses in any letter case name the same account; common passwords are refused.

const login = (username: string, password: string, ip: string) => call("POST", "/api/login", { body: { username, password }, ip });
const resetMailsTo = async (to: string) => (await emailsTo(to)).filter((m) => m.subject === "Reset your Refill Tracker password");

describe("usernames are case-insensitive, kept as typed", () => {
  it("a username taken in another letter case is refused; the first keeps its spelling", async () => {
    const owner = await signUp({ username: uniqueName("Nina") });
    const res = await call("POST", "/api/register", {
      body: {
        username: owner.username.toUpperCase(),
        password: "another long password",
        email: "other@example.com",
        fullName: "Other",
        emailConsent: true,
        healthDataConsent: true,
      },
    });
    expectJsonMessage(res, 409);
    expect(res.body.message).toBe("Username already exists");
    expect(owner.user.username).toMatch(/^Nina_/);
  });

  it("signs in with the username in any letter case, and answers it as registered", async () => {
    const owner = await signUp({ username: uniqueName("Nina") });
    for (const typed of [owner.username.toLowerCase(), owner.username.toUpperCase()]) {
      const res = await login(typed, owner.password, uniqueIp());
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: owner.id, username: owner.username });
    }
  });

  it("the ALICE attack stays throttled: signing in to a look-alike account never resets the count", async () => {
    const victim = await signUp({ username: uniqueName("alice") });
    const attacker = uniqueIp();
    // A look-alike can no longer be registered…
    const lookAlike = { username: victim.username.toUpperCase(), password: "attacker's own password" };
    expect(
      (await call("POST", "/api/register", { body: { ...lookAlike, email: "x@example.com", fullName: "X", healthDataConsent: true } }))
        .status,
    ).toBe(409);
    // …and one that predates case-folding (as the migration keeps it) gives its owner no reset either.
    const [legacy] = await db()
      .insert(users)
      .values({
        username: lookAlike.username,
        usernameKey: `${victim.username}#legacy`,
        passwordHash: await hashPassword(lookAlike.password),
        email: "x@example.com",
        nextNotificationAt: 0,
        createdAt: 0,
      })
      .returning();
    const guesses: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) guesses.push((await login(victim.username, `guess ${round}-${i}`, attacker)).status);
      const own = await login(lookAlike.username, lookAlike.password, attacker);
      expect(own.status === 200 ? own.body.id : own.status).toBe(own.status === 200 ? legacy!.id : 429);
    }
    // Five wrong passwords checked, then only 429s: the count survived the look-alike's sign-ins.
    expect(guesses.filter((s) => s === 401)).toHaveLength(LIMITS.loginPerAccountClient);
    expect(guesses.slice(LIMITS.loginPerAccountClient).every((s) => s === 429)).toBe(true);
    // The victim, from their own device, still signs in.
    expect((await login(victim.username, victim.password, uniqueIp())).body.id).toBe(victim.id);
  }, 60_000);
});

describe("e-mail addresses match in any letter case", () => {
  it("forgot-password sends a link for each account on the address, however it is typed", async () => {
    const address = `${uniqueName("Shared")}@Example.com`;
    const [first, second] = [await signUp({ email: address }), await signUp({ email: address.toLowerCase() })];
    const res = await call("POST", "/api/forgot-password", { body: { email: address.toUpperCase() }, ip: uniqueIp() });
    expect(res.status).toBe(200);
    const mails = [...(await resetMailsTo(address)), ...(await resetMailsTo(address.toLowerCase()))];
    expect(mails).toHaveLength(2);
    // One link per account: each mailed token is the one stored on one of the two accounts.
    const tokens = mails.map((m) => /reset-password\?token=([a-z0-9]+)/.exec(m.text)![1]!);
    const stored = await db()
      .select({ id: users.id, hash: users.resetTokenHash })
      .from(users)
      .where(inArray(users.id, [first.id, second.id]));
    expect((await Promise.all(tokens.map(hashToken))).sort()).toEqual(stored.map((row) => row.hash).sort());
  });
});

describe("common passwords are refused", () => {
  const TOO_COMMON = "This password is too common. Please choose another.";

  it.each(["password", "Password1", "iloveyou", "qwertyuiop", "baseball"])("registration refuses %s", async (password) => {
    const username = uniqueName();
    const res = await call("POST", "/api/register", {
      body: { username, password, email: `${username}@example.com`, fullName: "Pat", emailConsent: true, healthDataConsent: true },
    });
    expectJsonMessage(res, 400);
    expect(res.body.message).toBe(TOO_COMMON);
    expect(await db().select().from(users).where(eq(users.username, username))).toHaveLength(0);
  });

  it("a reset refuses one, keeps the link usable, and takes a better one", async () => {
    const account = await signUp();
    await call("POST", "/api/forgot-password", { body: { email: account.email }, ip: uniqueIp() });
    const token = await resetTokenFrom(account.email);
    const refused = await call("POST", "/api/reset-password", { body: { token, password: "football", confirmPassword: "football" } });
    expectJsonMessage(refused, 400);
    expect(refused.body.message).toBe(TOO_COMMON);
    const accepted = await call("POST", "/api/reset-password", {
      body: { token, password: "a less guessable phrase", confirmPassword: "a less guessable phrase" },
    });
    expect(accepted.status).toBe(200);
  });
});
