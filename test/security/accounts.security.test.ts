import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/db/schema";
import { call, db, emailsTo, resetTokenFrom, sessionRows, signUp, uniqueIp, uniqueName } from "../helpers";
import { expectJsonMessage, isApi, routes } from "./surface";

// Account endpoints × another user's ids × anonymous: nobody reaches, changes or learns about an
// account that is not theirs.

const userRow = (id: number) => db().select().from(users).where(eq(users.id, id));

const PUBLIC_USER_KEYS = [
  "birthdate",
  "deliveryProblem",
  "deliveryProblemAddress",
  "doseFollowUpMinutes",
  "doseReminders",
  "email",
  "emailConfirmed",
  "emailConsent",
  "fullName",
  "id",
  "locale",
  "notificationDays",
  "notificationHour",
  "pendingEmail",
  "phoneNumber",
  "pushShowNames",
  "remindersBy",
  "timezone",
  "timezoneChosen",
  "username",
];

describe("anonymous", () => {
  it("GET /api/user → 401 JSON, whatever the query asks for", async () => {
    for (const path of ["/api/user", "/api/user?id=1", "/api/user?username=admin"]) expectJsonMessage(await call("GET", path), 401);
  });

  it("POST /api/logout without a session is harmless: 200, nothing deleted", async () => {
    const someone = await signUp();
    const res = await call("POST", "/api/logout");
    expect(res.status).toBe(200);
    expect(await sessionRows(someone.id)).toHaveLength(1);
  });

  it("every page but the public ones redirects to /auth", async () => {
    // /unsubscribe is authorised by the signed token in its link (RFC 8058), not by a session.
    // /calendar/{secret}.ics likewise: calendar apps fetch it without a cookie (404 for "1").
    // The footer's privacy, terms and support pages are for everyone; so is the offline page the
    // service worker keeps (it names no data).
    const PUBLIC = [
      "/offline",
      "/auth",
      "/forgot-password",
      "/reset-password",
      "/unsubscribe",
      "/confirm-email",
      "/calendar/1",
      "/privacy",
      "/terms",
      "/support",
    ];
    // The web manifests hold the app's name in each language, nothing of an account's.
    const isManifest = (r: { pattern: string }) => r.pattern.includes(".webmanifest");
    const pages = routes(
      (r) => r.method === "GET" && !isApi(r) && !r.path.startsWith("/dev/") && !isManifest(r) && !PUBLIC.includes(r.path),
    ).map((r) => r.path);
    expect(pages).toContain("/");
    for (const path of pages) {
      const res = await call("GET", path);
      // /p/{id} only adds its slash (301 to /p/{id}/, which redirects to /auth in turn).
      if (path === "/p/1") {
        expect([res.status, res.headers.get("Location")]).toEqual([301, "/p/1/"]);
        continue;
      }
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location")).toBe(path === "/" ? "/auth" : `/auth?next=${encodeURIComponent(path)}`);
    }
  });
});

describe("another user's identity", () => {
  it("GET /api/user answers the session's own user only, never secrets", async () => {
    const [a, b] = [await signUp(), await signUp()];
    const res = await call("GET", `/api/user?id=${b.id}&username=${b.username}`, {
      cookie: a.cookie,
      headers: { "X-User-Id": String(b.id) },
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(a.id);
    expect(Object.keys(res.body).sort()).toEqual(PUBLIC_USER_KEYS);
    expect(res.text).not.toMatch(/scrypt|password|reset/i);
  });

  it("two cookies in one request: the session is one user's, never a mix", async () => {
    const [a, b] = [await signUp(), await signUp()];
    const res = await call("GET", "/api/user", { cookie: `${a.cookie}; ${b.cookie}` });
    expect([a.id, b.id]).toContain(res.body.id);
  });

  it("login needs that user's own password: another user's password is refused", async () => {
    const [a, b] = [await signUp({ password: "alpha password 1" }), await signUp({ password: "bravo password 2" })];
    const res = await call("POST", "/api/login", {
      body: { username: a.username, password: "bravo password 2", userId: b.id },
      ip: uniqueIp(),
    });
    expectJsonMessage(res, 401);
    expect(res.body.message).toBe("Invalid username or password");
  });

  it("one user's logout does not end another's session", async () => {
    const [a, b] = [await signUp(), await signUp()];
    expect((await call("POST", "/api/logout", { cookie: a.cookie, body: { userId: b.id, sessionId: "x" } })).status).toBe(200);
    expect(await sessionRows(a.id)).toHaveLength(0);
    expect(await sessionRows(b.id)).toHaveLength(1);
    expect((await call("GET", "/api/user", { cookie: b.cookie })).status).toBe(200);
  });

  it("a reset token resets only the account it was mailed for, whatever the body says", async () => {
    const [a, b] = [await signUp(), await signUp()];
    await call("POST", "/api/forgot-password", { body: { email: a.email }, ip: uniqueIp() });
    const token = await resetTokenFrom(a.email);
    const res = await call("POST", "/api/reset-password", {
      body: {
        token,
        password: "taken over password",
        confirmPassword: "taken over password",
        username: b.username,
        userId: b.id,
        id: b.id,
        email: b.email,
      },
    });
    expect(res.status).toBe(200);
    // b is untouched: same password, session alive.
    expect((await call("POST", "/api/login", { body: { username: b.username, password: b.password }, ip: uniqueIp() })).status).toBe(200);
    expect((await call("GET", "/api/user", { cookie: b.cookie })).status).toBe(200);
    expect(
      (await call("POST", "/api/login", { body: { username: a.username, password: "taken over password" }, ip: uniqueIp() })).status,
    ).toBe(200);
  });

  it("a reset token cannot be used by a signed-in other user to change their own or a's password", async () => {
    const [a, b] = [await signUp(), await signUp()];
    await call("POST", "/api/forgot-password", { body: { email: a.email }, ip: uniqueIp() });
    const token = await resetTokenFrom(a.email);
    const res = await call("POST", "/api/reset-password", {
      cookie: b.cookie,
      body: { token: token.toUpperCase(), password: "something else", confirmPassword: "something else" },
    });
    expectJsonMessage(res, 400);
    const [row] = await userRow(a.id);
    expect(row!.resetTokenHash).not.toBeNull(); // still a's pending token, unused
  });

  it("register with an existing user's username is refused and changes nothing of theirs", async () => {
    const victim = await signUp();
    const res = await call("POST", "/api/register", {
      body: {
        username: victim.username,
        password: "attacker password",
        email: "attacker@example.com",
        fullName: "Attacker",
        emailConsent: true,
        healthDataConsent: true,
        id: victim.id,
      },
    });
    expectJsonMessage(res, 409);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(await sessionRows(victim.id)).toHaveLength(1); // no session was made on the victim's account
    const [row] = await userRow(victim.id);
    expect(row).toMatchObject({ username: victim.username, email: victim.email });
    expect(
      (await call("POST", "/api/login", { body: { username: victim.username, password: victim.password }, ip: uniqueIp() })).status,
    ).toBe(200);
  });
});

describe("enumeration", () => {
  it("forgot-password answers identically for a known and an unknown address", async () => {
    const known = await signUp();
    const a = await call("POST", "/api/forgot-password", { body: { email: known.email }, ip: uniqueIp() });
    const b = await call("POST", "/api/forgot-password", { body: { email: `${uniqueName("nobody")}@example.com` }, ip: uniqueIp() });
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    expect(b.headers.get("Set-Cookie")).toBe(a.headers.get("Set-Cookie"));
    expect((await emailsTo(known.email)).filter((m) => m.subject === "Reset your Refill Tracker password")).toHaveLength(1);
  });

  it("login answers identically for a wrong password and an unknown user, also once throttled", async () => {
    const known = await signUp();
    const ghost = uniqueName("ghost");
    const answers = { known: [] as number[], ghost: [] as number[] };
    for (let i = 0; i < 6; i++) {
      answers.known.push(
        (await call("POST", "/api/login", { body: { username: known.username, password: "wrong password" }, ip: uniqueIp() })).status,
      );
      answers.ghost.push(
        (await call("POST", "/api/login", { body: { username: ghost, password: "wrong password" }, ip: uniqueIp() })).status,
      );
    }
    expect(answers.ghost).toEqual(answers.known);
  }, 30_000);

  it("the user JSON never carries the password hash or the reset token", async () => {
    const account = await signUp();
    await call("POST", "/api/forgot-password", { body: { email: account.email }, ip: uniqueIp() });
    for (const res of [
      await call("GET", "/api/user", { cookie: account.cookie }),
      await call("POST", "/api/login", { body: { username: account.username, password: account.password }, ip: uniqueIp() }),
    ]) {
      expect(Object.keys(res.body).sort()).toEqual(PUBLIC_USER_KEYS);
      expect(res.text).not.toMatch(/scrypt\$|resetToken|passwordHash|password_hash|emailToken|email_token/);
    }
  });
});

describe("development outbox", () => {
  it("/dev/emails (which holds reset links) answers only on a loopback host", async () => {
    const account = await signUp();
    await call("POST", "/api/forgot-password", { body: { email: account.email }, ip: uniqueIp() });
    const local = await call("GET", "/dev/emails");
    expect(local.status).toBe(200);
    for (const base of ["https://refills.example.com", "https://refill-tracker.workers.dev", "http://192.0.2.10"]) {
      const remote = await call("GET", "/dev/emails", { base });
      expectJsonMessage(remote, 404);
      expect(remote.text).not.toContain("reset-password?token=");
      expectJsonMessage(await call("GET", "/dev/emails/1", { base }), 404);
    }
  });
});
