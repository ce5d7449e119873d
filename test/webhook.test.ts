import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reminderLog, users } from "../src/db/schema";
import { call, db, openConfirmationLink, signUp, uniqueIp } from "./helpers";

// POST /webhooks/postmark: HTTP Basic credentials whose password is POSTMARK_WEBHOOK_SECRET; 404
// while that secret is unset; the body validated; Bounce (HardBounce, BadEmailAddress),
// SpamComplaint and SubscriptionChange stop reminders to the address, and the signed-in banner says why.

const SECRET = "webhook-secret-for-tests";
const hooked = { ...env, POSTMARK_WEBHOOK_SECRET: SECRET };
const basic = (user: string, password: string) => `Basic ${btoa(`${user}:${password}`)}`;
const AUTH = { Authorization: basic("postmark", SECRET) };

const post = (body: unknown, headers: Record<string, string> = AUTH, bindings = hooked) =>
  call("POST", "/webhooks/postmark", { env: bindings, body, headers, ip: uniqueIp() });

const bounce = (email: string, type = "HardBounce", metadata?: Record<string, string>) => ({
  RecordType: "Bounce",
  ID: 4323372036854776000, // Postmark's sample ID, 4323372036854775807, as a JavaScript number holds it
  Type: type,
  TypeCode: 1,
  Name: "Hard bounce",
  MessageID: "883953f4-6105-42a2-a16a-77a8eac79483",
  MessageStream: "outbound",
  Description: "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
  Email: email,
  From: "reminders@example.com",
  BouncedAt: "2025-03-01T09:00:05Z",
  Inactive: true,
  CanActivate: true,
  Metadata: metadata ?? {},
});

const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const BANNER_BOUNCE = (address: string) => `We couldn&#x27;t deliver email to <bdi>${address}</bdi>. Check the address or choose another.`;

describe("authentication", () => {
  it("404 while POSTMARK_WEBHOOK_SECRET is unset, whatever the credentials", async () => {
    const res = await post(bounce("x@example.com"), AUTH, { ...env, POSTMARK_WEBHOOK_SECRET: "" });
    expect(res.status).toBe(404);
  });

  it.each([
    ["no credentials", {}],
    ["a wrong password", { Authorization: basic("postmark", "wrong") }],
    ["the secret as the user name", { Authorization: basic(SECRET, "") }],
    ["a bearer token", { Authorization: `Bearer ${SECRET}` }],
    ["malformed base64", { Authorization: "Basic !!!" }],
  ])("401 with %s, and nothing changes", async (_, headers) => {
    const account = await signUp();
    const res = await post(bounce(account.email), headers);
    expect(res.status).toBe(401);
    expect(res.headers.get("WWW-Authenticate")).toMatch(/^Basic /);
    expect((await userRow(account.id)).emailConsent).toBe(true);
  });

  it("any user name with the right password is accepted (Postmark's form needs one)", async () => {
    const account = await signUp();
    expect((await post(bounce(account.email), { Authorization: basic("anything", SECRET) })).status).toBe(200);
  });
});

describe("validation", () => {
  it.each([
    ["not JSON", "{oops"],
    ["no RecordType", { Email: "a@example.com" }],
    ["a Bounce without Email", { RecordType: "Bounce", Type: "HardBounce" }],
    ["a SubscriptionChange without SuppressSending", { RecordType: "SubscriptionChange", Recipient: "a@example.com" }],
  ])("400 with a readable message: %s", async (_, body) => {
    const res =
      typeof body === "string" ? await call("POST", "/webhooks/postmark", { env: hooked, rawBody: body, headers: AUTH }) : await post(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringMatching(/^\S.{5,}$/), code: expect.stringMatching(/^(error|field)_/) });
  });

  it("other events (a delivery, a soft bounce) are acknowledged and change nothing", async () => {
    const account = await signUp();
    for (const event of [{ RecordType: "Delivery", Recipient: account.email }, bounce(account.email, "SoftBounce")]) {
      const res = await post(event);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ handled: false });
    }
    expect((await userRow(account.id)).emailConsent).toBe(true);
  });
});

describe("events", () => {
  it.each(["HardBounce", "BadEmailAddress"])(
    "a %s stops reminders, marks the reminder bounced, and the banner names the address",
    async (type) => {
      const account = await signUp();
      await db()
        .insert(reminderLog)
        .values({ userId: account.id, localDate: "2025-03-01", status: "sent", updatedAt: 0, medications: ["Metformin"] });
      const res = await post(bounce(account.email.toUpperCase(), type, { reminder: `${account.id}-2025-03-01` }));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ handled: true });
      expect(await userRow(account.id)).toMatchObject({
        emailConsent: false,
        deliveryProblem: "bounced",
        deliveryProblemAddress: account.email,
      });
      expect((await db().select().from(reminderLog).where(eq(reminderLog.userId, account.id)))[0]).toMatchObject({ status: "bounced" });

      for (const page of ["/", "/notifications", "/profile"]) {
        const html = (await call("GET", page, { cookie: account.cookie })).text;
        expect(html, page).toContain(BANNER_BOUNCE(account.email));
      }
      const me = await call("GET", "/api/user", { cookie: account.cookie });
      expect(me.body).toMatchObject({ deliveryProblem: "bounced", deliveryProblemAddress: account.email });
    },
  );

  it("a bounce for nobody@example.com naming another user's reminder in its Metadata changes nothing of that user", async () => {
    const victim = await signUp();
    await db()
      .insert(reminderLog)
      .values({ userId: victim.id, localDate: "2025-03-01", status: "sent", updatedAt: 0, medications: ["Metformin"] });
    const res = await post(bounce("nobody@example.com", "HardBounce", { reminder: `${victim.id}-2025-03-01` }));
    expect(res.status).toBe(200);
    expect((await db().select().from(reminderLog).where(eq(reminderLog.userId, victim.id)))[0]).toMatchObject({ status: "sent" });
    expect(await userRow(victim.id)).toMatchObject({ emailConsent: true, deliveryProblem: null });
  });

  it("a bounce of the address a user is changing to may mark that user's reminder, in any letter case", async () => {
    const account = await signUp();
    const pending = `${account.username}.new@example.com`;
    await db().update(users).set({ pendingEmail: pending }).where(eq(users.id, account.id));
    await db()
      .insert(reminderLog)
      .values({ userId: account.id, localDate: "2025-03-02", status: "sent", updatedAt: 0, medications: ["Metformin"] });
    expect((await post(bounce(pending.toUpperCase(), "HardBounce", { reminder: `${account.id}-2025-03-02` }))).status).toBe(200);
    expect((await db().select().from(reminderLog).where(eq(reminderLog.userId, account.id)))[0]).toMatchObject({ status: "bounced" });
    // The current address still works: reminders go on.
    expect(await userRow(account.id)).toMatchObject({ emailConsent: true, deliveryProblem: null });
  });

  it("a SpamComplaint stops reminders with its own message", async () => {
    const account = await signUp();
    const res = await post({ RecordType: "SpamComplaint", ID: 42, Type: "SpamComplaint", Email: account.email, Metadata: {} });
    expect(res.status).toBe(200);
    expect(await userRow(account.id)).toMatchObject({ emailConsent: false, deliveryProblem: "complained" });
    expect((await call("GET", "/", { cookie: account.cookie })).text).toContain(
      "You marked our email as spam, so reminder emails are off.",
    );
  });

  it.each([
    ["HardBounce", "bounced"],
    ["SpamComplaint", "complained"],
    ["ManualSuppression", null],
  ])("a SubscriptionChange suppressing sending (%s) stops reminders (problem: %s)", async (reason, problem) => {
    const account = await signUp();
    const res = await post({
      RecordType: "SubscriptionChange",
      Recipient: account.email,
      SuppressSending: true,
      SuppressionReason: reason,
      ChangedAt: "2025-03-01T09:00:00Z",
      Metadata: {},
    });
    expect(res.status).toBe(200);
    expect(await userRow(account.id)).toMatchObject({ emailConsent: false, deliveryProblem: problem });
  });

  it("a SubscriptionChange that reactivates the address changes nothing: the user decides", async () => {
    const account = await signUp();
    await post({ RecordType: "SpamComplaint", Email: account.email });
    const res = await post({ RecordType: "SubscriptionChange", Recipient: account.email, SuppressSending: false, SuppressionReason: null });
    expect(res.body).toEqual({ handled: false });
    expect(await userRow(account.id)).toMatchObject({ emailConsent: false, deliveryProblem: "complained" });
  });

  it("another account's address is not touched", async () => {
    const [bounced, other] = [await signUp(), await signUp()];
    await post(bounce(bounced.email));
    expect(await userRow(other.id)).toMatchObject({ emailConsent: true, deliveryProblem: null });
    expect((await call("GET", "/", { cookie: other.cookie })).text).not.toContain("couldn&#x27;t deliver");
  });
});

describe("reminders resume when the user acts", () => {
  it("turning reminders on again in the notification settings clears the problem and the banner", async () => {
    const account = await signUp();
    await post(bounce(account.email));
    const saved = await call("PATCH", "/api/notifications/settings", {
      cookie: account.cookie,
      body: { notificationDays: 7, emailConsent: true, timezone: "UTC", notificationHour: 9 },
    });
    expect(saved.status).toBe(200);
    expect(await userRow(account.id)).toMatchObject({ emailConsent: true, deliveryProblem: null, deliveryProblemAddress: null });
    expect((await call("GET", "/", { cookie: account.cookie })).text).not.toContain("couldn&#x27;t deliver");
  });

  it("saving other settings with reminders still off keeps the problem shown", async () => {
    const account = await signUp();
    await post(bounce(account.email));
    await call("PATCH", "/api/notifications/settings", {
      cookie: account.cookie,
      body: { notificationDays: 5, emailConsent: false, timezone: "UTC", notificationHour: 9 },
    });
    expect(await userRow(account.id)).toMatchObject({ emailConsent: false, deliveryProblem: "bounced" });
  });
});

describe("a confirmed new address resumes reminders", () => {
  it("after a bounce, changing the address and opening the link clears the problem and turns reminders on", async () => {
    const account = await signUp({ confirmed: true });
    await post(bounce(account.email));
    expect(await userRow(account.id)).toMatchObject({ emailConsent: false, deliveryProblem: "bounced" });
    const newAddress = `${account.username}.fixed@example.com`;
    const changed = await call("PATCH", "/api/profile", {
      cookie: account.cookie,
      body: { fullName: account.user.fullName, email: newAddress, currentPassword: account.password },
    });
    expect(changed.status, changed.text).toBe(200);
    // Pending: the bounced address is still the account's, and reminders stay off.
    expect(await userRow(account.id)).toMatchObject({ emailConsent: false, deliveryProblem: "bounced", pendingEmail: newAddress });
    await openConfirmationLink(newAddress);
    expect(await userRow(account.id)).toMatchObject({
      email: newAddress,
      emailConsent: true,
      deliveryProblem: null,
      deliveryProblemAddress: null,
    });
    expect((await call("GET", "/", { cookie: account.cookie })).text).not.toContain("couldn&#x27;t deliver");
  });

  it("confirming the same address again does not: the mailbox that bounced is still the one", async () => {
    const account = await signUp();
    await post(bounce(account.email));
    await openConfirmationLink(account.email);
    expect(await userRow(account.id)).toMatchObject({ emailConsent: false, deliveryProblem: "bounced" });
  });
});
