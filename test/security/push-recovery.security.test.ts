import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pushSubscriptions, users } from "../../src/db/schema";
import { call, createMedication, db, resetTokenFrom, sessionCookie, signUp, uniqueIp, type Account } from "../helpers";
import { newDevice, pushEnv } from "../push-fixtures";

// Issue 29, F3: a stolen session registers a push device, turns on names on the lock screen and
// reminders by push; the owner takes the account back. Changing the password and "sign out
// everywhere else" remove every device but those the owner's own session registered, a reset
// removes them all, and each turns names off, in the same batch as the rest of the change.

const ANDROID = { "User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36" };
const NEW_PASSWORD = "taken back for good";

async function signInElsewhere(account: Account) {
  const res = await call("POST", "/api/login", { body: { username: account.username, password: account.password }, ip: uniqueIp() });
  expect(res.status).toBe(200);
  return sessionCookie(res);
}

async function registerDevice(cookie: string): Promise<number> {
  const res = await call("POST", "/api/push/subscriptions", {
    cookie,
    body: (await newDevice()).subscription,
    env: pushEnv,
    headers: ANDROID,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

const recoveries: Record<string, { act: (owner: Account) => Promise<unknown>; keepsOwnDevice: boolean }> = {
  "changing the password": {
    keepsOwnDevice: true,
    act: async (owner) => {
      const res = await call("PUT", "/api/user/password", {
        cookie: owner.cookie,
        body: { currentPassword: owner.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });
      expect(res.status, res.text).toBe(200);
    },
  },
  "signing out everywhere else": {
    keepsOwnDevice: true,
    act: async (owner) => expect((await call("DELETE", "/api/user/sessions", { cookie: owner.cookie })).status).toBe(200),
  },
  "resetting the password": {
    keepsOwnDevice: false,
    act: async (owner) => {
      await call("POST", "/api/forgot-password", { body: { email: owner.email }, ip: uniqueIp() });
      const token = await resetTokenFrom(owner.email);
      expect(
        (await call("POST", "/api/reset-password", { body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } })).status,
      ).toBe(200);
    },
  },
};

describe("F3: a push device a stolen session registered does not survive account recovery", () => {
  it.each(Object.keys(recoveries))("%s removes the thief's device and turns medication names off the lock screen", async (name) => {
    const recovery = recoveries[name]!;
    const owner = await signUp();
    await createMedication(owner, { name: "Private med" });
    const ownDevice = await registerDevice(owner.cookie);
    const thief = await signInElsewhere(owner);
    const stolenDevice = await registerDevice(thief);
    const settings = {
      notificationDays: 7,
      emailConsent: true,
      timezone: "UTC",
      notificationHour: 9,
      remindersBy: "both",
      pushShowNames: true,
    };
    expect((await call("PATCH", "/api/notifications/settings", { cookie: thief, body: settings, env: pushEnv })).status).toBe(200);

    await recovery.act(owner);

    const devices = (
      await db().select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.id))
    ).map((d) => d.id);
    expect(devices).not.toContain(stolenDevice);
    expect(devices).toEqual(recovery.keepsOwnDevice ? [ownDevice] : []);
    const [row] = await db()
      .select({ pushShowNames: users.pushShowNames, remindersBy: users.remindersBy })
      .from(users)
      .where(eq(users.id, owner.id));
    expect(row).toEqual({ pushShowNames: false, remindersBy: "both" });
  });

  it("the notification settings say so, beside the device list", async () => {
    const owner = await signUp();
    const page = await call("GET", "/notifications", { cookie: owner.cookie, env: pushEnv });
    expect(page.text).toContain(
      "Changing your password or signing out your other devices removes the phones they added here and turns off medication names on the lock screen.",
    );
  });
});
