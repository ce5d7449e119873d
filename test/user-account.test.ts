import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, reminderLog, sessions, users } from "../src/db/schema";
import { localDateAt } from "../src/domain/time";
import { call, createMedication, createPharmacy, db, sessionCookie, sessionRows, signUp, uniqueIp, type Account } from "./helpers";

// The signed-in account's own features: change password, signed-in devices, export, and (in
// user-erase.test.ts) deletion. Each test hashes several passwords (scrypt, ~0.3 s each on a busy
// machine), hence the longer timeouts.

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

async function signInAgain(account: Account, userAgent = FIREFOX_WINDOWS, password = account.password) {
  const res = await call("POST", "/api/login", {
    body: { username: account.username, password },
    headers: { "User-Agent": userAgent },
    ip: uniqueIp(),
  });
  expect(res.status, res.text).toBe(200);
  return sessionCookie(res);
}

const changePassword = (cookie: string, body: Record<string, unknown>) => call("PUT", "/api/user/password", { cookie, body });

describe("change password", { timeout: 30_000 }, () => {
  it("sets the new password, ends every other session and keeps this one", async () => {
    const account = await signUp();
    const other = await signInAgain(account);
    const res = await changePassword(account.cookie, {
      currentPassword: account.password,
      newPassword: "a brand new secret",
      confirmPassword: "a brand new secret",
    });
    expect([res.status, res.body]).toEqual([200, { message: "Password changed" }]);
    expect((await call("GET", "/api/user", { cookie: other })).status).toBe(401);
    expect((await call("GET", "/api/user", { cookie: account.cookie })).status).toBe(200);
    expect(await sessionRows(account.id)).toHaveLength(1);
    const oldLogin = await call("POST", "/api/login", { body: { username: account.username, password: account.password }, ip: uniqueIp() });
    expect(oldLogin.status).toBe(401);
    await signInAgain(account, FIREFOX_WINDOWS, "a brand new secret");
  });

  it("answers 400 'Current password is incorrect' for a wrong current password, and changes nothing", async () => {
    const account = await signUp();
    const other = await signInAgain(account);
    const res = await changePassword(account.cookie, {
      currentPassword: "not my password",
      newPassword: "a brand new secret",
      confirmPassword: "a brand new secret",
    });
    expect([res.status, res.body]).toEqual([400, { message: "Current password is incorrect", code: "field_current_password_incorrect" }]);
    expect((await call("GET", "/api/user", { cookie: other })).status).toBe(200);
    await signInAgain(account);
  });

  it("refuses the current password as the new one (as typed or composed otherwise), and changes nothing", async () => {
    const account = await signUp({ password: "caf\u00e9 au lait 42" });
    const other = await signInAgain(account);
    for (const newPassword of ["caf\u00e9 au lait 42", "cafe\u0301 au lait 42"]) {
      const res = await changePassword(account.cookie, { currentPassword: account.password, newPassword, confirmPassword: newPassword });
      expect([res.status, res.body]).toEqual([
        400,
        { message: "Choose a password you have not used here", code: "field_new_password_reused" },
      ]);
    }
    const spanish = await call("PUT", "/api/user/password", {
      cookie: account.cookie,
      headers: { "Accept-Language": "es" },
      body: { currentPassword: account.password, newPassword: account.password, confirmPassword: account.password },
    });
    expect([spanish.status, spanish.body.code, spanish.body.message]).toEqual([
      400,
      "field_new_password_reused",
      "Elige una contraseña que no hayas usado aquí",
    ]);
    expect((await call("GET", "/api/user", { cookie: other })).status).toBe(200);
    await signInAgain(account);
  });

  it("applies the password rules to the new password", async () => {
    const { cookie, password } = await signUp();
    const short = await changePassword(cookie, { currentPassword: password, newPassword: "short", confirmPassword: "short" });
    expect([short.status, short.body]).toEqual([
      400,
      { message: "Password must be at least 8 characters", code: "field_password_too_short" },
    ]);
    const mismatch = await changePassword(cookie, {
      currentPassword: password,
      newPassword: "long enough 1",
      confirmPassword: "long enough 2",
    });
    expect([mismatch.status, mismatch.body]).toEqual([400, { message: "Passwords don't match", code: "field_passwords_mismatch" }]);
    const missing = await changePassword(cookie, { newPassword: "long enough 1", confirmPassword: "long enough 1" });
    expect([missing.status, missing.body]).toEqual([
      400,
      { message: "Current password is required", code: "field_current_password_required" },
    ]);
  });

  it("a pending reset link stops working once the password is changed", async () => {
    const account = await signUp();
    await db()
      .update(users)
      .set({ resetTokenHash: "f".repeat(64), resetTokenExpiry: Date.now() + 3_600_000 })
      .where(eq(users.id, account.id));
    await changePassword(account.cookie, {
      currentPassword: account.password,
      newPassword: "a brand new secret",
      confirmPassword: "a brand new secret",
    });
    const [row] = await db().select().from(users).where(eq(users.id, account.id));
    expect([row!.resetTokenHash, row!.resetTokenExpiry]).toEqual([null, null]);
  });

  it("throttles current-password guesses like login: after 5 wrong ones even the right one waits, other accounts do not", async () => {
    const account = await signUp();
    const wrong = { currentPassword: "guess", newPassword: "a brand new secret", confirmPassword: "a brand new secret" };
    const guesses = await Promise.all(Array.from({ length: 8 }, () => changePassword(account.cookie, wrong)));
    expect(guesses.filter((r) => r.status === 400)).toHaveLength(5);
    expect(guesses.filter((r) => r.status === 429)).toHaveLength(3);
    const right = await changePassword(account.cookie, { ...wrong, currentPassword: account.password });
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    // Deleting the account is guarded by the same counter.
    expect((await call("DELETE", "/api/user", { cookie: account.cookie, body: { currentPassword: account.password } })).status).toBe(429);
    const someoneElse = await signUp();
    expect((await changePassword(someoneElse.cookie, { ...wrong, currentPassword: someoneElse.password })).status).toBe(200);
  });

  it("a successful change starts the counter afresh", async () => {
    const account = await signUp();
    const wrong = { currentPassword: "guess", newPassword: "a brand new secret", confirmPassword: "a brand new secret" };
    for (let i = 0; i < 4; i++) expect((await changePassword(account.cookie, wrong)).status).toBe(400);
    expect((await changePassword(account.cookie, { ...wrong, currentPassword: account.password })).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await changePassword(account.cookie, wrong)).status).toBe(400);
  });

  it("needs a session", async () => {
    const res = await call("PUT", "/api/user/password", {
      body: { currentPassword: "x", newPassword: "long enough", confirmPassword: "long enough" },
    });
    expect(res.status).toBe(401);
  });
});

describe("signed-in devices", { timeout: 30_000 }, () => {
  it("lists each session with its browser, times, device id and which one is this device, never its id or hash", async () => {
    const account = await signUp();
    const before = Date.now();
    const phone = await signInAgain(account, SAFARI_IPHONE);
    const res = await call("GET", "/api/user/sessions", { cookie: phone });
    expect(res.status).toBe(200);
    expect(res.body.sessions).toHaveLength(2);
    const [first, second] = res.body.sessions;
    expect(first).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      browser: "Safari on iOS",
      createdAt: expect.any(Number),
      lastSeenAt: expect.any(Number),
      current: true,
    });
    expect(first.createdAt).toBeGreaterThanOrEqual(before);
    expect(second).toMatchObject({ current: false });
    expect(first.id).not.toBe(second.id);
    // The device ids name the sessions without their ids (the cookie's hash) or the cookie itself.
    for (const row of await sessionRows(account.id)) expect(res.text).not.toContain(row.id);
    for (const secret of [phone, account.cookie]) expect(res.text).not.toContain(secret.slice(secret.indexOf("=") + 1));
    expect(res.text).not.toMatch(/hash|token/i);
  });

  it("'Sign out everywhere else' ends every other session of this user only", async () => {
    const account = await signUp();
    const laptop = await signInAgain(account, FIREFOX_WINDOWS);
    const phone = await signInAgain(account, SAFARI_IPHONE);
    const stranger = await signUp();
    const res = await call("DELETE", "/api/user/sessions", { cookie: phone });
    expect([res.status, res.body]).toEqual([200, { ended: 2 }]);
    expect((await call("GET", "/api/user", { cookie: laptop })).status).toBe(401);
    expect((await call("GET", "/api/user", { cookie: account.cookie })).status).toBe(401);
    expect((await call("GET", "/api/user", { cookie: phone })).status).toBe(200);
    expect((await call("GET", "/api/user", { cookie: stranger.cookie })).status).toBe(200);
    const list = await call("GET", "/api/user/sessions", { cookie: phone });
    expect(list.body.sessions).toEqual([expect.objectContaining({ browser: "Safari on iOS", current: true })]);
  });

  it("leaves expired sessions out of the list", async () => {
    const account = await signUp();
    const old = await signInAgain(account);
    await db()
      .update(sessions)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(sessions.userId, account.id));
    // The signed-in cookie's own session is still valid; make it so again.
    const fresh = await signInAgain(account, SAFARI_IPHONE);
    const list = await call("GET", "/api/user/sessions", { cookie: fresh });
    expect(list.body.sessions).toHaveLength(1);
    expect(old).not.toBe(fresh);
  });
});

describe("export my data", { timeout: 30_000 }, () => {
  async function richAccount() {
    const account = await signUp();
    const pharmacy = await createPharmacy(account, { name: "Corner Pharmacy" });
    const medication = await createMedication(account, { name: "Metformin", pharmacyId: pharmacy.id });
    await db().insert(notifications).values({ userId: account.id, medicationId: medication.id, sentAt: Date.now(), type: "refill-needed" });
    await db().insert(reminderLog).values({ userId: account.id, localDate: "2026-01-02", status: "sent", updatedAt: Date.now() });
    return { account, pharmacy, medication };
  }

  it("downloads one JSON file named after the user's local date, with everything stored about the user", async () => {
    const { account, pharmacy, medication } = await richAccount();
    // Kiritimati is UTC+14: for ten hours a day its date is not UTC's.
    await db().update(users).set({ timezone: "Pacific/Kiritimati", fullName: "Pat Example" }).where(eq(users.id, account.id));
    const res = await call("GET", "/api/user/export", { cookie: account.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    const date = localDateAt(Date.now(), "Pacific/Kiritimati");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="refill-tracker-export-${date}.json"`);
    const body = res.body;
    expect(body.profile).toMatchObject({
      id: account.id,
      username: account.username,
      email: account.email,
      fullName: "Pat Example",
      timezone: "Pacific/Kiritimati",
      emailConsent: true,
    });
    expect(body.pharmacies).toEqual([expect.objectContaining({ id: pharmacy.id, name: "Corner Pharmacy" })]);
    expect(body.medications).toEqual([expect.objectContaining({ id: medication.id, name: "Metformin", pharmacyId: pharmacy.id })]);
    expect(body.remindersSent).toEqual([expect.objectContaining({ medicationId: medication.id, type: "refill-needed" })]);
    expect(body.reminderLog).toEqual([expect.objectContaining({ localDate: "2026-01-02", status: "sent" })]);
    expect(body.signedInDevices).toHaveLength(1);
    expect(new Date(body.exportedAt).getTime()).toBeGreaterThan(0);
  });

  it("holds every column of the user's row except the secrets", async () => {
    const { account } = await richAccount();
    const body = (await call("GET", "/api/user/export", { cookie: account.cookie })).body;
    const { results } = await env.DB.prepare("select name from pragma_table_info('users')").all<{ name: string }>();
    const camel = (name: string) => name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
    const expected = results.map((r) => camel(r.name)).filter((name) => !/hash|token/i.test(name));
    expect(Object.keys(body.profile).sort()).toEqual(expected.sort());
  });

  it("never holds a password hash, reset token or session id", async () => {
    const { account } = await richAccount();
    await db()
      .update(users)
      .set({ resetTokenHash: "a".repeat(64), resetTokenExpiry: Date.now() + 60_000 })
      .where(eq(users.id, account.id));
    const res = await call("GET", "/api/user/export", { cookie: account.cookie });
    const [row] = await db().select().from(users).where(eq(users.id, account.id));
    expect(res.text).not.toContain(row!.passwordHash);
    expect(res.text).not.toContain("a".repeat(64));
    for (const session of await sessionRows(account.id)) expect(res.text).not.toContain(session.id);
    expect(res.text).not.toMatch(/hash|token|password/i);
  });

  it("holds only the user's own records", async () => {
    const { account } = await richAccount();
    const { account: other } = await richAccount();
    const body = (await call("GET", "/api/user/export", { cookie: account.cookie })).body;
    expect(JSON.stringify(body)).not.toContain(other.username);
    for (const name of ["pharmacies", "medications", "remindersSent", "reminderLog"]) {
      for (const row of body[name]) expect(row.userId).toBe(account.id);
    }
  });
});
