import { env } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Account, call, signUp } from "./helpers";
import { mockPostmark, postmarkEnv } from "./reminders-fixtures";

// Every message a person can meet on the two screens and the test e-mail, with its status.

let account: Account;
beforeAll(async () => {
  account = await signUp();
});

const valid = { notificationDays: 7, emailConsent: true, timezone: "Europe/Berlin", notificationHour: 9 };

describe("PATCH /api/profile", () => {
  it.each([
    [{ email: "a@example.com" }, "Full name is required"],
    [{ fullName: "", email: "a@example.com" }, "Full name is required"],
    [{ fullName: "   ", email: "a@example.com" }, "Full name is required"],
    [{ fullName: 42, email: "a@example.com" }, "Full name is required"],
    [{ fullName: "Ada" }, "Invalid email address"],
    [{ fullName: "Ada", email: "not-an-email" }, "Invalid email address"],
    [{ fullName: "Ada", email: "" }, "Invalid email address"],
  ])("%j → 400 %s", async (body, message) => {
    const res = await call("PATCH", "/api/profile", { cookie: account.cookie, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message });
  });

  it("changes nothing when it fails", async () => {
    await call("PATCH", "/api/profile", { cookie: account.cookie, body: { fullName: "", email: "x@example.com" } });
    expect((await call("GET", "/api/user", { cookie: account.cookie })).body.email).toBe(account.user.email);
  });
});

describe("PATCH /api/notifications/settings", () => {
  it.each([
    [{ timezone: undefined }, "Timezone is required"],
    [{ timezone: "" }, "Timezone is required"],
    [{ timezone: "  " }, "Timezone is required"],
    [{ timezone: 5 }, "Timezone is required"],
    [{ timezone: "../../etc/passwd" }, "Timezone is not a valid time zone name"],
    [{ timezone: "Etc/GMT+5" }, "Timezone is not a valid time zone name"],
    [{ timezone: "Mars/Olympus_Mons" }, 'Unknown timezone "Mars/Olympus_Mons". Please choose a timezone from the list.'],
    [{ notificationHour: 24 }, "Hour must be between 0 and 23"],
    [{ notificationHour: -1 }, "Hour must be between 0 and 23"],
    [{ notificationHour: 9.5 }, "Hour must be between 0 and 23"],
    [{ notificationHour: "" }, "Hour must be between 0 and 23"],
    [{ notificationHour: undefined }, "Hour must be between 0 and 23"],
    [{ notificationDays: 0 }, "Days before running out must be between 1 and 30"],
    [{ notificationDays: 31 }, "Days before running out must be between 1 and 30"],
    [{ notificationDays: "seven" }, "Days before running out must be between 1 and 30"],
    [{ emailConsent: "yes" }, "emailConsent must be true or false"],
  ])("%j → 400 %s", async (change, message) => {
    const res = await call("PATCH", "/api/notifications/settings", { cookie: account.cookie, body: { ...valid, ...change } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message });
  });

  it("a body that is not an object is a 400 with a readable message", async () => {
    const res = await call("PATCH", "/api/notifications/settings", { cookie: account.cookie, body: [valid] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: "The request body must be a JSON object." });
  });

  it("changes nothing when it fails", async () => {
    await call("PATCH", "/api/notifications/settings", { cookie: account.cookie, body: { ...valid, notificationHour: 99 } });
    expect((await call("GET", "/api/user", { cookie: account.cookie })).body).toMatchObject({ notificationHour: 9, timezone: "UTC" });
  });
});

describe("signed out", () => {
  it.each([
    ["PATCH", "/api/profile"],
    ["PATCH", "/api/notifications/settings"],
    ["POST", "/api/test-email-notification"],
    ["POST", "/api/confirm-email/resend"],
  ])("%s %s → 401", async (method, path) => {
    const res = await call(method, path, { body: method === "PATCH" ? valid : undefined });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: "You are not signed in." });
  });

  it("a cross-site settings change is refused", async () => {
    const res = await call("PATCH", "/api/notifications/settings", {
      cookie: account.cookie,
      body: valid,
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
  });
});

describe("POST /api/test-email-notification failures", () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());
  // Each test sends with its own account: the endpoint is limited per user.
  let sender: Account;
  beforeEach(async () => {
    sender = await signUp({ confirmed: true });
  });

  const send = (bindings: Cloudflare.Env) => call("POST", "/api/test-email-notification", { cookie: sender.cookie, env: bindings });

  it("is limited to 5 per 15 minutes per user, with a readable 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call("POST", "/api/test-email-notification", { cookie: sender.cookie })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await call("POST", "/api/test-email-notification", { cookie: sender.cookie });
    expect(refused.body.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
  });

  it("Postmark configured without APP_SECRET: refused with 503, nothing sent", async () => {
    const postmark = mockPostmark();
    restore = postmark.restore;
    const res = await send({ ...env, POSTMARK_SERVER_TOKEN: "server-token-for-tests" });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ message: "E-mail is not configured on the server yet. Please try again later." });
    expect(postmark.calls).toHaveLength(0);
  });

  it.each([500, 503, 429, "network"] as const)("Postmark outage (%s) → 502 try again", async (answer) => {
    const postmark = mockPostmark();
    restore = postmark.restore;
    postmark.answer(answer);
    const res = await send(postmarkEnv);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ message: "The test e-mail could not be sent just now. Please try again in a few minutes." });
  });

  it("inactive recipient (422/406) → 502 naming the address", async () => {
    const postmark = mockPostmark();
    restore = postmark.restore;
    postmark.answer({ status: 422, errorCode: 406 });
    const res = await send(postmarkEnv);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({
      message: `The e-mail service refused to deliver to \u2068${sender.user.email}\u2069. Check the address on your profile.`,
      code: "error_test_email_refused",
    });
  });
});

describe("unsubscribe links", () => {
  it.each(["", "abc", "1.short", `1.${"A".repeat(43)}`])(
    "a forged or broken token (%j) is a 400 page and changes nothing",
    async (token) => {
      for (const method of ["GET", "POST"]) {
        const res = await call<string>(method, `/unsubscribe?token=${encodeURIComponent(token)}`);
        expect(res.status).toBe(400);
        expect(res.body).toContain("This unsubscribe link is not valid");
      }
      expect((await call("GET", "/api/user", { cookie: account.cookie })).body.emailConsent).toBe(true);
    },
  );

  it("a token signed for one user does not work with another id", async () => {
    const other = await signUp({ confirmed: true });
    await call("POST", "/api/test-email-notification", { cookie: other.cookie });
    const mails = (await call<Array<{ to: string; text: string }>>("GET", "/dev/emails")).body;
    const signature = /token=\d+\.([\w-]{43})/.exec(
      mails.find((m) => m.to === other.user.email && m.text.includes("unsubscribe?token="))!.text,
    )![1];
    const res = await call("POST", `/unsubscribe?token=${account.user.id}.${signature}`);
    expect(res.status).toBe(400);
    expect((await call("GET", "/api/user", { cookie: account.cookie })).body.emailConsent).toBe(true);
  });
});
