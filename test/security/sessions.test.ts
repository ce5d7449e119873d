import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashToken, SESSION_IDLE_TIMEOUT, SESSION_MAX_AGE } from "../../src/auth/session";
import { sessions, users } from "../../src/db/schema";
import { call, db, resetTokenFrom, sessionRows, signUp, uniqueIp } from "../helpers";
import { expectJsonMessage } from "./surface";

const DAY = 24 * 3_600_000;

const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);
const me = (cookie: string, secure = false) => call("GET", "/api/user", { cookie, secure });

describe("session lifetime", () => {
  it("the database holds only the SHA-256 of the cookie's secret, with a 30-day absolute expiry", async () => {
    const account = await signUp();
    const token = tokenOf(account.cookie);
    expect(token).toMatch(/^[a-z2-7]{52}$/); // 32 random bytes, base32
    const [row] = await sessionRows(account.id);
    expect(row!.id).toBe(await hashToken(token));
    expect(row!.id).not.toContain(token);
    expect(row!.expiresAt - row!.createdAt).toBe(SESSION_MAX_AGE);
    expect(SESSION_MAX_AGE).toBe(30 * DAY);
    expect(SESSION_IDLE_TIMEOUT).toBe(7 * DAY);
  });

  it("expires after 7 days without activity: 401, the row is deleted and the cookie cleared", async () => {
    const account = await signUp();
    const id = await hashToken(tokenOf(account.cookie));
    await db()
      .update(sessions)
      .set({ lastSeenAt: Date.now() - SESSION_IDLE_TIMEOUT - 1000 })
      .where(eq(sessions.id, id));
    const res = await me(account.cookie);
    expectJsonMessage(res, 401);
    expect(await sessionRows(account.id)).toHaveLength(0);
    expect(res.headers.get("Set-Cookie")).toMatch(/^session=;.*Max-Age=0/);
    // An expired session cannot reach a page either.
    expect((await call("GET", "/", { cookie: account.cookie })).status).toBe(302);
  });

  it("activity within 7 days keeps it alive and moves last-seen forward (at most hourly)", async () => {
    const account = await signUp();
    const id = await hashToken(tokenOf(account.cookie));
    const sixDaysAgo = Date.now() - 6 * DAY;
    await db().update(sessions).set({ lastSeenAt: sixDaysAgo }).where(eq(sessions.id, id));
    expect((await me(account.cookie)).status).toBe(200);
    const [row] = await sessionRows(account.id);
    expect(row!.lastSeenAt).toBeGreaterThan(sixDaysAgo + 5 * DAY);
  });

  it("ends after 30 days however active: 401 and the row is deleted", async () => {
    const account = await signUp();
    const id = await hashToken(tokenOf(account.cookie));
    const now = Date.now();
    await db()
      .update(sessions)
      .set({ createdAt: now - SESSION_MAX_AGE - 1000, lastSeenAt: now - 60_000, expiresAt: now - 1000 })
      .where(eq(sessions.id, id));
    expectJsonMessage(await me(account.cookie), 401);
    expect(await sessionRows(account.id)).toHaveLength(0);
  });

  it("activity never extends the absolute expiry", async () => {
    const account = await signUp();
    const id = await hashToken(tokenOf(account.cookie));
    const [before] = await sessionRows(account.id);
    await db()
      .update(sessions)
      .set({ lastSeenAt: Date.now() - 2 * 3_600_000 })
      .where(eq(sessions.id, id));
    expect((await me(account.cookie)).status).toBe(200);
    const [after] = await sessionRows(account.id);
    expect(after!.expiresAt).toBe(before!.expiresAt);
  });

  it.each([
    ["an unknown token", "session=abcdefghijklmnopqrstuvwxyz234567abcdefghijklmnopqrst"],
    ["an empty token", "session="],
    ["a huge token", `session=${"a".repeat(4000)}`],
    ["odd characters", "session=%00%0d%0a'\"<script>"],
  ])("%s answers 401, never 5xx", async (_, cookie) => {
    expectJsonMessage(await me(cookie), 401);
    expect((await call("GET", "/", { cookie })).status).toBe(302);
  });
});

describe("session cookie", () => {
  it("over http://localhost: `session`, HttpOnly, SameSite=Lax, Path=/", async () => {
    const res = await call("POST", "/api/register", {
      body: {
        username: `c_${crypto.randomUUID().slice(0, 8)}`,
        password: "correct horse battery",
        email: "c@example.com",
        fullName: "C",
        emailConsent: true,
        healthDataConsent: true,
      },
    });
    expect(res.status).toBe(201);
    const cookie = res.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^session=[a-z2-7]{52};/);
    expect(cookie).toMatch(/; HttpOnly(;|$)/);
    expect(cookie).toMatch(/; SameSite=Lax(;|$)/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it("over https: `__Host-session` with Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain", async () => {
    const account = await signUp({ secure: true });
    expect(account.cookie).toMatch(/^__Host-session=/);
    const login = await call("POST", "/api/login", {
      body: { username: account.username, password: account.password },
      ip: uniqueIp(),
      secure: true,
    });
    const cookie = login.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^__Host-session=[a-z2-7]{52};/);
    expect(cookie).toMatch(/; Secure(;|$)/);
    expect(cookie).toMatch(/; HttpOnly(;|$)/);
    expect(cookie).toMatch(/; SameSite=Lax(;|$)/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).not.toMatch(/Domain=/i);

    expect((await me(account.cookie, true)).status).toBe(200);
    // Over https the plain name is not honoured: a cookie planted without __Host- cannot log anyone in.
    expect((await me(`session=${tokenOf(account.cookie)}`, true)).status).toBe(401);
  });

  it("logout deletes the session row and clears the cookie; the old cookie is dead", async () => {
    const account = await signUp();
    const res = await call("POST", "/api/logout", { cookie: account.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie")).toMatch(/^session=;.*Max-Age=0/);
    expect(await sessionRows(account.id)).toHaveLength(0);
    expectJsonMessage(await me(account.cookie), 401);
  });

  it("logout over https clears the __Host- cookie", async () => {
    const account = await signUp({ secure: true });
    const res = await call("POST", "/api/logout", { cookie: account.cookie, secure: true });
    expect(res.headers.get("Set-Cookie")).toMatch(/^__Host-session=;.*Max-Age=0.*Secure/);
    expect(await sessionRows(account.id)).toHaveLength(0);
  });
});

describe("password reset ends every session", () => {
  it("forgot-password → e-mailed token → reset: all sessions gone, old password dead, token single-use", async () => {
    const account = await signUp();
    const second = await call("POST", "/api/login", { body: { username: account.username, password: account.password }, ip: uniqueIp() });
    expect(second.status).toBe(200);
    const secondCookie = /session=[^;]+/.exec(second.headers.get("Set-Cookie")!)![0];
    expect(await sessionRows(account.id)).toHaveLength(2);

    expect((await call("POST", "/api/forgot-password", { body: { email: account.email }, ip: uniqueIp() })).status).toBe(200);
    const token = await resetTokenFrom(account.email);
    const newPassword = "a whole new passphrase";
    const reset = await call("POST", "/api/reset-password", {
      body: { token, password: newPassword, confirmPassword: newPassword },
      cookie: secondCookie,
    });
    expect(reset.status).toBe(200);
    expect(reset.headers.get("Set-Cookie")).toMatch(/^session=;.*Max-Age=0/);

    expect(await sessionRows(account.id)).toHaveLength(0);
    expectJsonMessage(await me(account.cookie), 401);
    expectJsonMessage(await me(secondCookie), 401);
    expect(
      (await call("POST", "/api/login", { body: { username: account.username, password: account.password }, ip: uniqueIp() })).status,
    ).toBe(401);
    expect((await call("POST", "/api/login", { body: { username: account.username, password: newPassword }, ip: uniqueIp() })).status).toBe(
      200,
    );

    const again = await call("POST", "/api/reset-password", {
      body: { token, password: "yet another one!", confirmPassword: "yet another one!" },
    });
    expectJsonMessage(again, 400);
    expect(again.body.message).toBe("This reset link is invalid or has expired. Please request a new one.");
  });

  it("a wrong or expired token changes nothing", async () => {
    const account = await signUp();
    await call("POST", "/api/forgot-password", { body: { email: account.email }, ip: uniqueIp() });
    const token = await resetTokenFrom(account.email);
    const wrong = await call("POST", "/api/reset-password", {
      body: {
        token: `${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}`,
        password: "hijacked password",
        confirmPassword: "hijacked password",
      },
    });
    expectJsonMessage(wrong, 400);
    // The real token, an hour and a second later.
    await db()
      .update(users)
      .set({ resetTokenExpiry: Date.now() - 1000 })
      .where(eq(users.id, account.id));
    const expired = await call("POST", "/api/reset-password", {
      body: { token, password: "hijacked password", confirmPassword: "hijacked password" },
    });
    expectJsonMessage(expired, 400);
    expect(await sessionRows(account.id)).toHaveLength(1);
    expect(
      (await call("POST", "/api/login", { body: { username: account.username, password: account.password }, ip: uniqueIp() })).status,
    ).toBe(200);
  });
});
