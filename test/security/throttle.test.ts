import { eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clientBucket, consumeAttempt, LIMITS, refundAttempt, throttleKey, WINDOW_MS } from "../../src/auth/throttle";
import { throttles } from "../../src/db/schema";
import { type Account, call, db, emailsTo, resetTokenFrom, signUp, uniqueIp, uniqueName } from "../helpers";
import { expectJsonMessage } from "./surface";

const TOO_MANY = /^Too many attempts\. Please wait \d+ minutes? and try again\.$/;

const login = (username: string, password: string, ip: string) => call("POST", "/api/login", { body: { username, password }, ip });

/** Moves every window of keys matching `pattern` one full window into the past: time has passed. */
async function letWindowPass(pattern: string) {
  await db()
    .update(throttles)
    .set({ windowStartedAt: sql`${throttles.windowStartedAt} - ${WINDOW_MS}` })
    .where(like(throttles.key, pattern));
}

const resetMailsTo = async (to: string) => (await emailsTo(to)).filter((m) => m.subject === "Reset your Refill Tracker password");

async function failLogins(account: Pick<Account, "username">, times: number, ip = uniqueIp()) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await login(account.username, "wrong password", ip)).status);
  return statuses;
}

describe("login throttling per account and client (5 per 15 minutes)", { timeout: 30_000 }, () => {
  it("answers 429 with a clear message from the 6th failure of one client on one account", async () => {
    const account = await signUp();
    const ip = uniqueIp();
    expect(await failLogins(account, LIMITS.loginPerAccountClient, ip)).toEqual([401, 401, 401, 401, 401]);
    const blocked = await login(account.username, "wrong password", ip);
    expectJsonMessage(blocked, 429);
    expect(blocked.body.message).toMatch(TOO_MANY);
    expect(blocked.body.message).toMatch(/15 minutes/);
  });

  it("refuses the correct password from that client while throttled, without setting a cookie", async () => {
    const account = await signUp();
    const ip = uniqueIp();
    await failLogins(account, LIMITS.loginPerAccountClient, ip);
    const res = await login(account.username, account.password, ip);
    expectJsonMessage(res, 429);
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });

  it("an attacker's failures from elsewhere do not keep the owner out", async () => {
    const account = await signUp();
    // A few wrong passwords every window, from another client, for an hour: the attacker is stopped…
    for (let window = 0; window < 4; window++) {
      const attacker = uniqueIp();
      const statuses = await failLogins(account, LIMITS.loginPerAccountClient + 1, attacker);
      expect(statuses.at(-1)).toBe(429);
      // …and the owner, on a client that has not failed, signs in with the right password.
      expect((await login(account.username, account.password, uniqueIp())).status).toBe(200);
      await letWindowPass(`login:%${account.username}`);
    }
  });

  it("recovers when the window has passed: no permanent lockout of a victim", async () => {
    const account = await signUp();
    const ip = uniqueIp();
    await failLogins(account, LIMITS.loginPerAccountClient + 3, ip);
    expect((await login(account.username, account.password, ip)).status).toBe(429);
    await letWindowPass(`login:%${account.username}`);
    expect((await login(account.username, account.password, ip)).status).toBe(200);
  });

  it("a successful login gives back only its own attempt: the failures before it still count", async () => {
    const account = await signUp();
    const ip = uniqueIp();
    expect(await failLogins(account, LIMITS.loginPerAccountClient - 1, ip)).toEqual([401, 401, 401, 401]);
    expect((await login(account.username, account.password, ip)).status).toBe(200);
    expect((await login(account.username, account.password, ip)).status).toBe(200);
    expect(await failLogins(account, 2, ip)).toEqual([401, 429]);
  });

  it("treats an unknown username like a real one (throttling reveals nothing)", async () => {
    const ghost = { username: uniqueName("ghost") };
    const statuses = await failLogins(ghost, LIMITS.loginPerAccountClient + 1);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("counts a username in any letter case as the same account", async () => {
    const account = await signUp();
    const ip = uniqueIp();
    for (let i = 0; i < LIMITS.loginPerAccountClient; i++)
      await login(i % 2 ? account.username.toUpperCase() : account.username, "wrong password", ip);
    expect((await login(account.username, account.password, ip)).status).toBe(429);
  });
});

describe("login throttling per account, all clients together (30 per 15 minutes)", { timeout: 180_000 }, () => {
  it("a stranger cannot lock carol out: 31 wrong tries from one client, 200 from 40 addresses, then her password from a fresh address signs in", async () => {
    const carol = await signUp({ username: uniqueName("carol") });
    const attacker = uniqueIp();
    const first = await failLogins(carol, LIMITS.loginPerAccount + 1, attacker);
    expect(first.slice(0, LIMITS.loginPerAccountClient).every((s) => s === 401)).toBe(true);
    expect(first.slice(LIMITS.loginPerAccountClient).every((s) => s === 429)).toBe(true);
    // The tries that client's own limit refused (no scrypt) did not count for the whole account.
    const [account] = await db()
      .select()
      .from(throttles)
      .where(eq(throttles.key, throttleKey.loginAccount(carol.username)));
    expect(account!.count).toBe(LIMITS.loginPerAccountClient);

    const addresses = Array.from({ length: 40 }, uniqueIp);
    for (let i = 0; i < 200; i++) await login(carol.username, `guess ${i}`, addresses[i % addresses.length]!);
    expect((await login(carol.username, carol.password, uniqueIp())).status).toBe(200);
  });

  it("past the ceiling each client gets its first try only: its second is refused, even the right password", async () => {
    const account = await signUp();
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.loginPerAccount; i++) statuses.push((await login(account.username, "wrong password", uniqueIp())).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const client = uniqueIp();
    expect((await login(account.username, "wrong password", client)).status).toBe(401);
    expectJsonMessage(await login(account.username, "wrong password", client), 429);
    expectJsonMessage(await login(account.username, account.password, client), 429);
    // Ten guesses at once from one fresh client: counted before they are checked, one is checked.
    const fresh = uniqueIp();
    const burst = await Promise.all(Array.from({ length: 10 }, () => login(account.username, "wrong password", fresh)));
    expect(burst.filter((a) => a.status === 401).length).toBeLessThanOrEqual(1);
    // The owner on a clean client signs in; the window passing frees the others.
    expect((await login(account.username, account.password, uniqueIp())).status).toBe(200);
    await letWindowPass(`login:%${account.username}`);
    expect((await login(account.username, account.password, client)).status).toBe(200);
  });

  it("a password reset clears the account's login counters", async () => {
    const account = await signUp();
    const ip = uniqueIp();
    await failLogins(account, LIMITS.loginPerAccountClient + 1, ip);
    for (let i = 0; i < LIMITS.loginPerAccount; i++) await login(account.username, "wrong password", uniqueIp());
    await call("POST", "/api/forgot-password", { body: { email: account.email }, ip: uniqueIp() });
    const token = await resetTokenFrom(account.email);
    const reset = await call("POST", "/api/reset-password", {
      body: { token, password: "a fresh passphrase", confirmPassword: "a fresh passphrase" },
    });
    expect(reset.status).toBe(200);
    expect(
      await db()
        .select()
        .from(throttles)
        .where(like(throttles.key, `login:%:${account.username.toLowerCase()}`)),
    ).toEqual([]);
    expect((await login(account.username, "a fresh passphrase", ip)).status).toBe(200);
  });
});

// Twenty real scrypt verifications per test: more than vitest's default 5 s on a slow machine.
describe("login throttling per client (20 per 15 minutes, CF-Connecting-IP)", { timeout: 60_000 }, () => {
  it("stops one client guessing across many usernames, while others still sign in", async () => {
    const attacker = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.loginPerClient; i++) statuses.push((await login(uniqueName("spray"), "Winter2024!", attacker)).status);
    expect(statuses.every((s) => s === 401)).toBe(true);

    const victim = await signUp();
    const blocked = await login(victim.username, victim.password, attacker);
    expectJsonMessage(blocked, 429);
    expect(blocked.body.message).toMatch(TOO_MANY);
    // The victim, from their own address, is not locked out by the attacker's spray.
    expect((await login(victim.username, victim.password, uniqueIp())).status).toBe(200);
  });

  it("counts a whole IPv6 /64 as one client", async () => {
    const prefix = uniqueIp().split("::")[0];
    for (let i = 0; i < LIMITS.loginPerClient; i++) await login(uniqueName("v6"), "wrong password", `${prefix}::${(i + 1).toString(16)}`);
    const victim = await signUp();
    expect((await login(victim.username, victim.password, `${prefix}:abcd:ef01:2345:6789`)).status).toBe(429);
  });

  it("recovers when the window has passed", async () => {
    const ip = uniqueIp();
    // The state twenty failures leave behind (the test above makes them for real).
    await db()
      .insert(throttles)
      .values({ key: `login:ip:${clientBucket(ip)}`, count: LIMITS.loginPerClient, windowStartedAt: Date.now() });
    const account = await signUp();
    expect((await login(account.username, account.password, ip)).status).toBe(429);
    await letWindowPass(`login:ip:${clientBucket(ip)}`);
    expect((await login(account.username, account.password, ip)).status).toBe(200);
  });
});

describe("forgot-password throttling", () => {
  const forgot = (email: string, ip: string) => call("POST", "/api/forgot-password", { body: { email }, ip });

  it("answers 429 per client after 5 requests in the window", async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.forgotPerClient; i++) statuses.push((await forgot(`${uniqueName("f")}@example.com`, ip)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const blocked = await forgot(`${uniqueName("f")}@example.com`, ip);
    expectJsonMessage(blocked, 429);
    expect(blocked.body.message).toMatch(TOO_MANY);
    await letWindowPass(`forgot:ip:${clientBucket(ip)}`);
    expect((await forgot(`${uniqueName("f")}@example.com`, ip)).status).toBe(200);
  });

  it("limits e-mails per address silently: the same answer, but no mail beyond 3", async () => {
    const account = await signUp();
    const answers = [];
    for (let i = 0; i < LIMITS.forgotPerEmail + 2; i++) answers.push(await forgot(account.email, uniqueIp()));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    expect(answers[0]!.body.message).toBe("If your email is in our system, you'll receive a password reset link shortly.");
    expect(await resetMailsTo(account.email)).toHaveLength(LIMITS.forgotPerEmail);

    await letWindowPass(`forgot:email:${account.email.toLowerCase()}`);
    await forgot(account.email, uniqueIp());
    expect(await resetMailsTo(account.email)).toHaveLength(LIMITS.forgotPerEmail + 1);
  });

  it("an unknown address gets the same answer and no mail", async () => {
    const email = `${uniqueName("nobody")}@example.com`;
    const res = await forgot(email, uniqueIp());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "If your email is in our system, you'll receive a password reset link shortly." });
    expect(await emailsTo(email)).toHaveLength(0);
  });
});

describe("concurrent attempts are counted before they are checked", { timeout: 60_000 }, () => {
  it("30 parallel wrong passwords for one account from one address: at most 5 are checked", async () => {
    const account = await signUp();
    const ip = uniqueIp();
    const answers = await Promise.all(Array.from({ length: 30 }, () => login(account.username, "wrong password", ip)));
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(LIMITS.loginPerAccountClient);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(30 - LIMITS.loginPerAccountClient);
    expect((await login(account.username, account.password, ip)).status).toBe(429);
  });

  it("past the account's ceiling, parallel guesses from many addresses: one each is checked, no more", async () => {
    const account = await signUp();
    for (let i = 0; i < LIMITS.loginPerAccount; i++) await login(account.username, "wrong password", uniqueIp());
    const clients = Array.from({ length: 15 }, uniqueIp);
    const answers = await Promise.all(
      clients.flatMap((ip) => [login(account.username, "wrong password", ip), login(account.username, "wrong password", ip)]),
    );
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(clients.length);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(clients.length);
  });

  it("40 parallel guesses across usernames from one client: at most 20 are checked", async () => {
    const attacker = uniqueIp();
    const answers = await Promise.all(Array.from({ length: 40 }, () => login(uniqueName("spray"), "wrong password", attacker)));
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(LIMITS.loginPerClient);
  });

  it("10 parallel reset requests for one address: at most 3 e-mails", async () => {
    const account = await signUp();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call("POST", "/api/forgot-password", { body: { email: account.email }, ip: uniqueIp() })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // call() waits for each request's waitUntil work, so every e-mail that will be sent has been.
    expect(await resetMailsTo(account.email)).toHaveLength(LIMITS.forgotPerEmail);
  });
});

describe("throttle counters (src/auth/throttle.ts)", () => {
  it("consumeAttempt lets exactly `limit` of many concurrent attempts through", async () => {
    const key = `test:race:${uniqueName()}`;
    const now = Date.now();
    const results = await Promise.all(Array.from({ length: 30 }, () => consumeAttempt(db(), [[key, 5]], now)));
    expect(results.filter((s) => s === 0)).toHaveLength(5);
    expect(results.filter((s) => s > 0).every((s) => s === WINDOW_MS / 1000)).toBe(true);
    const [row] = await db().select().from(throttles).where(eq(throttles.key, key));
    expect(row!.count).toBe(30);
  });

  it("consumeAttempt blocks on any exhausted key and starts a new window once it has passed", async () => {
    const a = `test:a:${uniqueName()}`;
    const b = `test:b:${uniqueName()}`;
    const t0 = Date.now();
    expect(
      await consumeAttempt(
        db(),
        [
          [a, 1],
          [b, 3],
        ],
        t0,
      ),
    ).toBe(0);
    expect(
      await consumeAttempt(
        db(),
        [
          [a, 1],
          [b, 3],
        ],
        t0 + 60_000,
      ),
    ).toBe(WINDOW_MS / 1000 - 60);
    expect(
      await consumeAttempt(
        db(),
        [
          [a, 1],
          [b, 3],
        ],
        t0 + WINDOW_MS,
      ),
    ).toBe(0);
    const [row] = await db().select().from(throttles).where(eq(throttles.key, a));
    expect(row).toMatchObject({ count: 1, windowStartedAt: t0 + WINDOW_MS });
  });

  it("refundAttempt takes back one attempt and never goes below zero", async () => {
    const key = `test:refund:${uniqueName()}`;
    const now = Date.now();
    await consumeAttempt(db(), [[key, 1]], now);
    expect(await consumeAttempt(db(), [[key, 1]], now)).toBeGreaterThan(0);
    await refundAttempt(db(), key);
    await refundAttempt(db(), key);
    await refundAttempt(db(), key);
    expect(await consumeAttempt(db(), [[key, 1]], now)).toBe(0);
  });

  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:DB8:1:2::9", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::ffff:192.0.2.1", "192.0.2.1"],
    ["unknown", "unknown"],
  ])("clientBucket(%s) = %s", (ip, bucket) => {
    expect(clientBucket(ip)).toBe(bucket);
  });
});
