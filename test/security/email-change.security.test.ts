import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { LIMITS } from "../../src/auth/throttle";
import { users } from "../../src/db/schema";
import { call, confirmationTokenFor, db, emailsTo, openConfirmationLink, resetTokenFrom, signUp, uniqueIp, uniqueName } from "../helpers";
import { addMedication, at, mockPostmark, postmarkEnv, tick } from "../reminders-fixtures";
import { expectJsonMessage } from "./surface";

// A stolen session must not be enough to take the account: a new address needs the current
// password, and the old, confirmed address stays in charge until the new one is confirmed.

const INCORRECT = "Current password is incorrect";
const resetMailsTo = async (to: string) => (await emailsTo(to)).filter((m) => m.subject === "Reset your Refill Tracker password");
const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const newAddress = () => `${uniqueName("new")}@example.net`;

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe("PATCH /api/profile with a new address", () => {
  it("needs the current password: missing → 400, wrong → 400 'Current password is incorrect'; nothing changes", async () => {
    const account = await signUp({ confirmed: true });
    const target = newAddress();
    const missing = await call("PATCH", "/api/profile", { cookie: account.cookie, body: { fullName: "Mallory", email: target } });
    expectJsonMessage(missing, 400);
    expect(missing.body.message).toBe("Enter your current password to change your email address.");
    const wrong = await call("PATCH", "/api/profile", {
      cookie: account.cookie,
      body: { fullName: "Mallory", email: target, currentPassword: "guess" },
    });
    expectJsonMessage(wrong, 400);
    expect(wrong.body.message).toBe(INCORRECT);
    expect(await userRow(account.id)).toMatchObject({ email: account.email, pendingEmail: null, fullName: account.user.fullName });
    expect(await emailsTo(target)).toHaveLength(0);
  });

  it("wrong current passwords are limited: the 6th in a window answers 429, even with the right one", async () => {
    const account = await signUp({ confirmed: true });
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.currentPasswordPerUser; i++) {
      statuses.push(
        (
          await call("PATCH", "/api/profile", {
            cookie: account.cookie,
            body: { fullName: "M", email: newAddress(), currentPassword: `guess ${i}` },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const right = await call("PATCH", "/api/profile", {
      cookie: account.cookie,
      body: { fullName: "M", email: newAddress(), currentPassword: account.password },
    });
    expectJsonMessage(right, 429);
    expect((await userRow(account.id)).pendingEmail).toBeNull();
  });

  it("with the password: held as pending, a link to the new address, the masked notice to the old", async () => {
    const account = await signUp({ confirmed: true });
    const target = `nina.${uniqueName()}@example.com`;
    const res = await call("PATCH", "/api/profile", {
      cookie: account.cookie,
      body: { fullName: "Nina", email: target, currentPassword: account.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: account.email, pendingEmail: target, emailConfirmed: true, fullName: "Nina" });
    expect(await confirmationTokenFor(target)).toMatch(/^[a-z0-9]{52}$/);
    const [notice] = (await emailsTo(account.email)).filter((m) => m.subject === "Your Refill Tracker e-mail is being changed");
    expect(notice!.text).toContain(
      "Your Refill Tracker e-mail is being changed to \u2068n•••@example.com\u2069. If this wasn't you, reset your password.",
    );
    expect(notice!.text).not.toContain(target);
    expect(notice!.text).toContain("http://localhost/forgot-password");
  });

  it("until confirmed, resets and reminders go to the old address; the link hands over", async () => {
    const account = await signUp({ confirmed: true });
    const target = newAddress();
    await call("PATCH", "/api/profile", {
      cookie: account.cookie,
      body: { fullName: "Pat", email: target, currentPassword: account.password },
    });

    // Reset: the old address gets the link, the pending one nothing.
    await call("POST", "/api/forgot-password", { body: { email: account.email }, ip: uniqueIp() });
    await call("POST", "/api/forgot-password", { body: { email: target }, ip: uniqueIp() });
    expect(await resetMailsTo(account.email)).toHaveLength(1);
    expect(await resetMailsTo(target)).toHaveLength(0);

    // The hourly reminder: to the old address.
    const nine = "2021-06-01T09:00:00Z";
    await db()
      .update(users)
      .set({ nextNotificationAt: at(nine) })
      .where(eq(users.id, account.id));
    await addMedication(account.id, { pillsRemaining: 2, countedOn: "2021-06-01" });
    const postmark = mockPostmark();
    restore = postmark.restore;
    await tick(nine, postmarkEnv);
    expect(postmark.attempted(account.email)).toBe(1);
    expect(postmark.attempted(target)).toBe(0);
    restore();
    restore = undefined;
    // Out of the past again, so no other test's tick finds this user due.
    await db()
      .update(users)
      .set({ nextNotificationAt: Date.now() + 86_400_000 })
      .where(eq(users.id, account.id));

    // Confirmed: the new address takes over, nothing is pending.
    await openConfirmationLink(target);
    expect((await call("GET", "/api/user", { cookie: account.cookie })).body).toMatchObject({
      email: target,
      pendingEmail: null,
      emailConfirmed: true,
    });
  });

  it("a link to an address the account stopped asking for confirms nothing", async () => {
    const account = await signUp({ confirmed: true });
    const [first, second] = [newAddress(), newAddress()];
    await call("PATCH", "/api/profile", {
      cookie: account.cookie,
      body: { fullName: "Pat", email: first, currentPassword: account.password },
    });
    const stale = await confirmationTokenFor(first);
    await call("PATCH", "/api/profile", {
      cookie: account.cookie,
      body: { fullName: "Pat", email: second, currentPassword: account.password },
    });
    expect((await call("GET", `/confirm-email?token=${stale}`)).text).not.toContain("Email confirmed");
    expect(await userRow(account.id)).toMatchObject({ email: account.email, pendingEmail: second });
  });

  it("resend while a change is pending sends the link to the new address, not the old", async () => {
    const account = await signUp({ confirmed: true });
    const target = newAddress();
    await call("PATCH", "/api/profile", {
      cookie: account.cookie,
      body: { fullName: "Pat", email: target, currentPassword: account.password },
    });
    const res = await call("POST", "/api/confirm-email/resend", { cookie: account.cookie });
    expect(res.body).toEqual({ sentTo: target });
    const confirmations = (to: string) =>
      emailsTo(to).then((mails) => mails.filter((m) => m.subject === "Confirm your Refill Tracker email address"));
    expect(await confirmations(target)).toHaveLength(2);
    expect(await confirmations(account.email)).toHaveLength(1); // the one from registration
  });
});

describe("PATCH /api/profile cannot mail addresses of the caller's choosing without limit", () => {
  const change = (cookie: string, password: string, email: string) =>
    call("PATCH", "/api/profile", { cookie, body: { fullName: "Pat", email, currentPassword: password } });
  const confirmations = (to: string) =>
    emailsTo(to).then((mails) => mails.filter((m) => m.subject === "Confirm your Refill Tracker email address"));

  it(`address changes share the confirmation-mail throttle: ${LIMITS.confirmationPerUser} per 15 minutes, then the resend route's 429`, async () => {
    const account = await signUp({ confirmed: true });
    const targets = Array.from({ length: LIMITS.confirmationPerUser + 2 }, newAddress);
    const answers = [];
    for (const target of targets) answers.push(await change(account.cookie, account.password, target));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
    const resend = await call("POST", "/api/confirm-email/resend", { cookie: account.cookie });
    expectJsonMessage(resend, 429);
    expectJsonMessage(answers[3]!, 429);
    expect(answers[3]!.body).toEqual(resend.body);
    for (const target of targets.slice(0, LIMITS.confirmationPerUser)) expect(await confirmations(target)).toHaveLength(1);
    for (const target of targets.slice(LIMITS.confirmationPerUser)) expect(await emailsTo(target)).toHaveLength(0);
    expect(await userRow(account.id)).toMatchObject({ email: account.email, pendingEmail: targets[LIMITS.confirmationPerUser - 1] });
  });

  it("resends and address changes count together", async () => {
    const account = await signUp({ confirmed: true });
    expect((await change(account.cookie, account.password, newAddress())).status).toBe(200);
    for (let i = 1; i < LIMITS.confirmationPerUser; i++)
      expect((await call("POST", "/api/confirm-email/resend", { cookie: account.cookie })).status).toBe(200);
    const target = newAddress();
    expectJsonMessage(await change(account.cookie, account.password, target), 429);
    expect(await emailsTo(target)).toHaveLength(0);
  });

  it("the 'being changed' notice goes to the old address only when it is confirmed", async () => {
    const account = await signUp();
    const target = newAddress();
    expect((await change(account.cookie, account.password, target)).status).toBe(200);
    expect(await confirmations(target)).toHaveLength(1);
    expect((await emailsTo(account.email)).map((m) => m.subject)).toEqual(["Confirm your Refill Tracker email address"]);
  });
});

describe("confirming an address voids any outstanding reset link", () => {
  it("a reset link sent before an address change stops working once the new address is confirmed", async () => {
    const account = await signUp({ confirmed: true });
    await call("POST", "/api/forgot-password", { body: { email: account.email }, ip: uniqueIp() });
    const token = await resetTokenFrom(account.email);
    const target = newAddress();
    expect(
      (
        await call("PATCH", "/api/profile", {
          cookie: account.cookie,
          body: { fullName: "Pat", email: target, currentPassword: account.password },
        })
      ).status,
    ).toBe(200);
    await openConfirmationLink(target);
    const reset = await call("POST", "/api/reset-password", {
      body: { token, password: "someone else's now", confirmPassword: "someone else's now" },
    });
    expectJsonMessage(reset, 400);
    expect(reset.body.message).toBe("This reset link is invalid or has expired. Please request a new one.");
    expect(
      (await call("POST", "/api/login", { body: { username: account.username, password: account.password }, ip: uniqueIp() })).status,
    ).toBe(200);
  });
});
