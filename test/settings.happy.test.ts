import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { localDateAt, nextReminderAt } from "../src/domain/time";
import { BASE, call, db, emailsTo, signUp } from "./helpers";
import { addMedication, mockPostmark, postmarkEnv } from "./reminders-fixtures";

let restore: (() => void) | undefined;
afterEach(() => restore?.());

describe("PATCH /api/profile", () => {
  it("updates the name and the address's letter case at once, answers the user, and ignores unknown fields", async () => {
    const { cookie, user } = await signUp();
    const sameMailbox = user.email.toUpperCase();
    const res = await call("PATCH", "/api/profile", {
      cookie,
      body: { fullName: "  Ada Lovelace ", email: sameMailbox, username: "takeover", notificationDays: 30 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...user, fullName: "Ada Lovelace", email: sameMailbox });
    expect((await call("GET", "/api/user", { cookie })).body).toEqual(res.body);
  });
});

describe("PATCH /api/notifications/settings", () => {
  it("saves the settings, answers { user }, marks the zone chosen and moves the next reminder", async () => {
    const { cookie, user } = await signUp();
    const before = Date.now();
    const res = await call("PATCH", "/api/notifications/settings", {
      cookie,
      body: { notificationDays: 14, emailConsent: false, timezone: "Asia/Kathmandu", notificationHour: 21, extra: "ignored" },
    });
    const after = Date.now();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: { ...user, notificationDays: 14, emailConsent: false, timezone: "Asia/Kathmandu", notificationHour: 21, timezoneChosen: true },
    });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row.timezoneChosen).toBe(true);
    // Computed from the request's "now": one of the two bounds' answers (they differ only across 21:00 local).
    expect([nextReminderAt("Asia/Kathmandu", 21, before), nextReminderAt("Asia/Kathmandu", 21, after)]).toContain(row.nextNotificationAt);
    expect(new Date(row.nextNotificationAt).toISOString()).toMatch(/T15:15:00\.000Z$/); // 21:00 at +05:45
  });

  it("accepts form strings, defaults consent to true, and stores a browser alias under the list's name", async () => {
    const { cookie } = await signUp({ emailConsent: false });
    const res = await call("PATCH", "/api/notifications/settings", {
      cookie,
      body: { notificationDays: "3", timezone: "Asia/Calcutta", notificationHour: "0" },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ notificationDays: 3, emailConsent: true, timezone: "Asia/Kolkata", notificationHour: 0 });
  });

  it.each([
    [1, 0],
    [30, 23],
  ])("accepts the bounds: %i days, hour %i", async (notificationDays, notificationHour) => {
    const { cookie } = await signUp();
    const res = await call("PATCH", "/api/notifications/settings", {
      cookie,
      body: { notificationDays, emailConsent: true, timezone: "UTC", notificationHour },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ notificationDays, notificationHour, timezone: "UTC" });
  });
});

describe("POST /api/test-email-notification", () => {
  async function userWithThreeMedications() {
    const account = await signUp({ confirmed: true });
    const today = localDateAt(Date.now(), "UTC");
    await addMedication(account.user.id, {
      name: "Lisinopril",
      pillsRemaining: 3,
      countedOn: today,
      pharmacy: { name: "Main St <Pharmacy>", phoneNumber: "+12125551234" },
    });
    await addMedication(account.user.id, { name: "Atorvastatin", pillsRemaining: 10, countedOn: today });
    await addMedication(account.user.id, { name: "Vitamin D", pillsRemaining: 60, countedOn: today });
    return account;
  }

  it("e-mails the reminder to the dev outbox and answers the counts; its unsubscribe link works without signing in", async () => {
    const { cookie, user } = await userWithThreeMedications();
    const res = await call("POST", "/api/test-email-notification", { cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ immediateCount: 1, upcomingCount: 1 });

    const [mail] = await emailsTo(user.email).limit(1);
    expect(mail.subject).toBe("Test: your medication refill reminder");
    expect(mail.text).toContain("Lisinopril");
    expect(mail.text).toContain("Atorvastatin");
    expect(mail.text).not.toContain("Vitamin D");
    expect(mail.html).toContain("Main St &lt;Pharmacy&gt;");
    expect(mail.html).toContain('<a href="tel:+12125551234" style="color:#0f766e"><bdi dir="ltr">+1 212 555 1234</bdi></a>');
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /^<(http:\/\/localhost\/unsubscribe\?token=[^>]+)>$/.exec(mail.headers?.["List-Unsubscribe"] ?? "")?.[1];
    expect(link).toBeDefined();
    expect(mail.text).toContain(link);
    const path = link!.slice(BASE.length);

    const page = await call("GET", path);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Unsubscribe from refill reminders");
    // RFC 8058: the mail provider POSTs from its own servers, cross-site, with no session.
    const oneClick = await call("POST", path, {
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.net" },
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.body).toContain("You&#x27;re unsubscribed");
    expect((await call("GET", "/api/user", { cookie })).body.emailConsent).toBe(false);
  });

  it("the confirmation page's form posts the token in its body", async () => {
    const { cookie, user } = await signUp({ confirmed: true });
    await call("POST", "/api/test-email-notification", { cookie });
    const [mail] = await emailsTo(user.email);
    const token = /unsubscribe\?token=([^>]+)>/.exec(mail.headers!["List-Unsubscribe"])![1];
    const res = await call("POST", "/unsubscribe", {
      rawBody: `token=${token}`,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    expect((await call("GET", "/api/user", { cookie })).body.emailConsent).toBe(false);
  });

  it("goes through Postmark when it is configured: one message, one-click headers, counts answered", async () => {
    const { cookie, user } = await userWithThreeMedications();
    const postmark = mockPostmark();
    restore = postmark.restore;
    const res = await call("POST", "/api/test-email-notification", { cookie, env: postmarkEnv });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ immediateCount: 1, upcomingCount: 1 });
    const [message] = postmark.messagesTo(user.email);
    expect(message).toMatchObject({
      From: env.MAIL_FROM,
      Subject: "Test: your medication refill reminder",
      MessageStream: "outbound",
      Tag: "refill-reminder-test",
    });
    expect(message.Headers).toEqual([
      { Name: "List-Unsubscribe", Value: expect.stringMatching(/^<http:\/\/localhost\/unsubscribe\?token=\d+\.[\w-]{43}>$/) },
      { Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click" },
    ]);
    expect(postmark.calls[0].token).toBe(postmarkEnv.POSTMARK_SERVER_TOKEN);
  });
});

describe("pages", () => {
  it("/profile: the form with the spec's labels and buttons", async () => {
    const { cookie, user } = await signUp({ fullName: "Grace Hopper" });
    const res = await call<string>("GET", "/profile", { cookie });
    expect(res.status).toBe(200);
    for (const text of [
      "Email for Notifications",
      "Save Changes",
      "Test Email Notifications",
      "Cancel",
      'value="Grace Hopper"',
      `value="${user.email}"`,
    ]) {
      expect(res.body).toContain(text);
    }
  });

  it("/notifications: slider, info box, zones rendered on the server, 24 hours, consent, buttons", async () => {
    const { cookie } = await signUp();
    const res = await call<string>("GET", "/notifications", { cookie });
    expect(res.status).toBe(200);
    const html = res.body;
    for (const text of [
      "Configure Notifications",
      "Days Before Running Out to Notify",
      'type="range"',
      "Timezone used for pill count updates and notifications.",
      "I agree to receive email notifications about my medication refills",
      "Save Preferences",
      "Cancel",
    ]) {
      expect(html).toContain(text);
    }
    const hours = [...html.matchAll(/<option value="(\d+)"[^>]*>(\d{1,2}:00 [AP]M)<\/option>/g)].map((m) => [Number(m[1]), m[2]]);
    expect(hours).toHaveLength(24);
    expect(hours[0]).toEqual([0, "12:00 AM"]);
    expect(hours[12]).toEqual([12, "12:00 PM"]);
    expect(hours[23]).toEqual([23, "11:00 PM"]);
    expect(html).toMatch(
      /<optgroup label="Nepal Time \(GMT\+05:45\)"><option value="Asia\/Kathmandu"[^>]*>Kathmandu \(\d{1,2}:\d{2} [AP]M\)<\/option>/,
    );
    // Props carry the compact list only, not the reference records.
    expect(html).not.toContain("continentCode");
  });

  it("/notifications: the zone list is in the page's language, not English in every language", async () => {
    const { cookie } = await signUp();
    const es = (await call<string>("GET", "/notifications", { cookie: `${cookie}; lang=es` })).body;
    expect(es).toMatch(
      /<optgroup label="hora de Nepal \(GMT\+05:45\)"><option value="Asia\/Kathmandu"[^>]*>Kathmandu \(\d{1,2}:\d{2}\)<\/option>/,
    );
    expect(es).toContain('<optgroup label="hora de Europa central (GMT+01:00)">');
    expect(es).not.toContain("Central European Time");
    const zh = (await call<string>("GET", "/notifications", { cookie: `${cookie}; lang=zh` })).body;
    expect(zh).toMatch(/<optgroup label="中国标准时间（GMT\+08:00）"><option value="Asia\/Shanghai"[^>]*>Shanghai（/);
  });

  it("send visitors to /auth, to come back after signing in", async () => {
    for (const path of ["/profile", "/notifications"]) {
      const res = await call("GET", path);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/auth?next=${encodeURIComponent(path)}`);
    }
  });
});
