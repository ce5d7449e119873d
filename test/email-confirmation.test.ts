import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { hashToken } from "../src/auth/session";
import { LIMITS } from "../src/auth/throttle";
import { users } from "../src/db/schema";
import { call, confirmationTokenFor, db, emailsTo, openConfirmationLink, signUp } from "./helpers";
import { addMedication, at, deleteCreatedUsers, makeUser, mockPostmark, postmarkEnv, tick } from "./reminders-fixtures";

// Every address is confirmed before a reminder or a test e-mail goes to it.

const confirmationMails = async (to: string) =>
  (await emailsTo(to)).filter((m) => m.subject === "Confirm your Refill Tracker email address");
const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

let restore: (() => void) | undefined;
afterEach(async () => {
  restore?.();
  restore = undefined;
  await deleteCreatedUsers();
});

describe("registration sends a confirmation link", () => {
  it("one e-mail with a single-use 24-hour link; only the token's hash is stored", async () => {
    const before = Date.now();
    const account = await signUp();
    expect(account.user).toMatchObject({ emailConfirmed: false, pendingEmail: null });
    const [mail] = await confirmationMails(account.email);
    // The address is not confirmed yet: the e-mail names nobody (whoever typed the name may not own it).
    expect(mail!.text.startsWith("Hello,\n")).toBe(true);
    expect(mail!.text).not.toContain(account.username);
    const token = await confirmationTokenFor(account.email);
    const row = await userRow(account.id);
    expect(row.emailTokenHash).toBe(await hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.emailTokenExpiry! - before).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(row.emailTokenExpiry! - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
  });

  it("the link confirms the address, signed in or not; a second click says it was used", async () => {
    const account = await signUp();
    const token = await confirmationTokenFor(account.email);
    const page = await call("GET", `/confirm-email?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Email confirmed");
    expect((await call("GET", "/api/user", { cookie: account.cookie })).body).toMatchObject({ emailConfirmed: true, pendingEmail: null });
    expect((await userRow(account.id)).emailTokenHash).toBeNull();

    const again = await call("GET", `/confirm-email?token=${token}`, { cookie: account.cookie });
    expect(again.text).not.toContain("Email confirmed");
    expect(again.text).toContain("This confirmation link has already been used or was replaced by a newer one.");
    expect(again.text).toContain("Your email address is already confirmed.");
  });

  it("an expired link says so and offers a new one: a button when signed in, sign-in otherwise", async () => {
    const account = await signUp();
    const token = await confirmationTokenFor(account.email);
    await db()
      .update(users)
      .set({ emailTokenExpiry: Date.now() - 1 })
      .where(eq(users.id, account.id));
    const signedIn = await call("GET", `/confirm-email?token=${token}`, { cookie: account.cookie });
    expect(signedIn.text).toContain("This confirmation link has expired. Send yourself a new one.");
    expect(signedIn.text).toContain("Resend email");
    const signedOut = await call("GET", `/confirm-email?token=${token}`);
    expect(signedOut.text).toContain("This confirmation link has expired.");
    expect(signedOut.text).toContain('href="/auth"');
    expect((await userRow(account.id)).emailConfirmedAt).toBeNull();
  });

  it.each(["", "not-a-token", "x".repeat(500)])("a missing or unknown token (%s) confirms nothing", async (token) => {
    const page = await call("GET", `/confirm-email?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("This confirmation link has already been used or was replaced by a newer one.");
  });
});

describe("POST /api/confirm-email/resend", () => {
  it("sends a new link and the old one stops working", async () => {
    const account = await signUp();
    const old = await confirmationTokenFor(account.email);
    const res = await call("POST", "/api/confirm-email/resend", { cookie: account.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sentTo: account.email });
    expect(await confirmationMails(account.email)).toHaveLength(2);
    expect((await call("GET", `/confirm-email?token=${old}`)).text).not.toContain("Email confirmed");
    await openConfirmationLink(account.email);
  });

  it(`is throttled: ${LIMITS.confirmationPerUser} per 15 minutes, then a readable 429`, async () => {
    const account = await signUp();
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.confirmationPerUser; i++)
      statuses.push((await call("POST", "/api/confirm-email/resend", { cookie: account.cookie })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await confirmationMails(account.email)).toHaveLength(1 + LIMITS.confirmationPerUser);
  });

  it("answers 409 when there is nothing to confirm, and 401 signed out", async () => {
    const account = await signUp({ confirmed: true });
    const res = await call("POST", "/api/confirm-email/resend", { cookie: account.cookie });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: "Your email address is already confirmed." });
    expect((await call("POST", "/api/confirm-email/resend")).status).toBe(401);
  });
});

describe("nothing but resets goes to an unconfirmed address", () => {
  it("the test e-mail answers 409 until the address is confirmed", async () => {
    const account = await signUp();
    const refused = await call("POST", "/api/test-email-notification", { cookie: account.cookie });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: "Please confirm your email address first." });
    expect((await emailsTo(account.email)).filter((m) => m.subject.startsWith("Test:"))).toHaveLength(0);
    await openConfirmationLink(account.email);
    expect((await call("POST", "/api/test-email-notification", { cookie: account.cookie })).status).toBe(200);
  });

  it("the hourly job skips unconfirmed users: no mail, not even read", async () => {
    const nine = "2021-03-01T09:00:00Z";
    const unconfirmed = await makeUser({ timezone: "UTC", hour: 9, savedAt: "2021-02-28T12:00:00Z", confirmed: false });
    const confirmed = await makeUser({ timezone: "UTC", hour: 9, savedAt: "2021-02-28T12:00:00Z" });
    for (const user of [unconfirmed, confirmed]) await addMedication(user.id, { pillsRemaining: 2, countedOn: "2021-03-01" });
    const postmark = mockPostmark();
    restore = postmark.restore;
    await tick(nine, postmarkEnv);
    expect(postmark.attempted(confirmed.email)).toBe(1);
    expect(postmark.attempted(unconfirmed.email)).toBe(0);
    // Still due: the job never read it, so nothing was advanced or logged.
    expect((await userRow(unconfirmed.id)).nextNotificationAt).toBe(at(nine));
  });

  it("the signed-in layout shows the banner until the address is confirmed", async () => {
    const account = await signUp();
    for (const page of ["/", "/profile", "/pharmacies"]) {
      const res = await call("GET", page, { cookie: account.cookie });
      expect(res.text).toContain("Confirm your email address to get refill reminders by email.");
      expect(res.text).toContain("Resend email");
    }
    await openConfirmationLink(account.email);
    expect((await call("GET", "/", { cookie: account.cookie })).text).not.toContain(
      "Confirm your email address to get refill reminders by email.",
    );
  });
});
