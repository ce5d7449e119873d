import { describe, expect, it } from "vitest";
import { greetingName, hello } from "../../src/mail/templates/greeting";
import { call, emailsTo, openConfirmationLink, signUp, uniqueIp, uniqueName } from "../helpers";

// Whoever registers may type any username and full name, and may give someone else's address: what
// they typed must never reach that mailbox as a link. No e-mail carries the username; only an
// address its owner confirmed is greeted by full name, and only by one no mail client could turn into
// a link.

type Mail = { subject: string; text: string; html: string };

function expectNoneOf(mails: Mail[], typed: string[]) {
  expect(mails.length).toBeGreaterThan(0);
  for (const mail of mails) {
    for (const body of [mail.text, mail.html]) for (const words of typed) expect(body, mail.subject).not.toContain(words);
  }
}

describe("names a user typed never become a link in an e-mail", { timeout: 30_000 }, () => {
  it("a stranger signs up with your address: the confirmation and reset e-mails carry neither their username nor their full name", async () => {
    const victim = `${uniqueName("victim")}@example.com`;
    const username = `www.${uniqueName("u")}.evil.example`;
    await signUp({ username, email: victim, fullName: "Claim your refund at https://evil.example/refund" });
    await call("POST", "/api/forgot-password", { body: { email: victim }, ip: uniqueIp() });
    const mails = await emailsTo(victim);
    expect(mails.map((m) => m.subject).sort()).toEqual(["Confirm your Refill Tracker email address", "Reset your Refill Tracker password"]);
    expectNoneOf(mails, [username, "evil.example", "refund"]);
    for (const mail of mails) expect(mail.text.startsWith("Hello,\n")).toBe(true);
  });

  it("a confirmed owner is greeted by full name; a full name that reads like a link or an address is left out", async () => {
    const account = await signUp({ username: `${uniqueName("pat")}.example.org`, fullName: "Pat O'Neil-Doe", confirmed: true });
    await call("POST", "/api/forgot-password", { body: { email: account.email }, ip: uniqueIp() });
    expect((await call("POST", "/api/test-email-notification", { cookie: account.cookie })).status).toBe(200);
    const greeted = (await emailsTo(account.email)).filter((m) => m.subject !== "Confirm your Refill Tracker email address");
    expect(greeted).toHaveLength(2);
    for (const mail of greeted) expect(mail.text.startsWith("Hello \u2068Pat O'Neil-Doe\u2069,\n"), mail.subject).toBe(true);
    expectNoneOf(await emailsTo(account.email), [account.username]);

    for (const fullName of ["Visit evil.example now", "pat@evil.example", "Call 555 0100", "evil．example"]) {
      const saved = await call("PATCH", "/api/profile", { cookie: account.cookie, body: { fullName, email: account.email } });
      expect(saved.status).toBe(200);
      await call("POST", "/api/forgot-password", { body: { email: account.email }, ip: uniqueIp() });
      const [reset] = await emailsTo(account.email);
      expect(reset!.text.startsWith("Hello,\n"), fullName).toBe(true);
      expectNoneOf([reset!], [fullName]);
    }
  });

  it("the change notice and the goodbye greet a confirmed owner by plain name and nothing else", async () => {
    const account = await signUp({ fullName: "Ana Lima", confirmed: true });
    const target = `${uniqueName("next")}@example.net`;
    expect(
      (
        await call("PATCH", "/api/profile", {
          cookie: account.cookie,
          body: { fullName: "Ana Lima", email: target, currentPassword: account.password },
        })
      ).status,
    ).toBe(200);
    await openConfirmationLink(target);
    expect((await call("DELETE", "/api/user", { cookie: account.cookie, body: { currentPassword: account.password } })).status).toBe(200);
    const [notice] = await emailsTo(account.email);
    const [goodbye] = await emailsTo(target);
    expect([notice!.subject, goodbye!.subject]).toEqual([
      "Your Refill Tracker e-mail is being changed",
      "Your Refill Tracker account has been deleted",
    ]);
    for (const mail of [notice!, goodbye!]) expect(mail.text.startsWith("Hello \u2068Ana Lima\u2069,\n")).toBe(true);
    expectNoneOf([notice!, goodbye!], [account.username]);
  });
});

describe("the greeting (src/mail/templates/greeting.ts)", () => {
  it.each(["Pat O'Neil-Doe", "J. R. Smith", "Zoë Ångström", "José María", "李小龍", "Nguyễn Văn A", "Renée D’Arcy"])(
    "greets %s by name",
    (name) => {
      // The name is user data inside a sentence: isolated (U+2068 … U+2069) for right-to-left mail.
      expect(hello(name)).toBe(`Hello \u2068${name}\u2069,`);
    },
  );

  it.each([
    "evil.example",
    "www.evil",
    "Visit evil.example now",
    "https://evil.example",
    "pat@evil.example",
    "Call 555 0100",
    "evil．example",
    "evil。example",
    "evil\u200b.example",
    "<b>Pat</b>",
    "Pat\nPS: evil",
    "   ",
  ])("leaves out %j", (name) => {
    expect(hello(name)).toBe("Hello,");
  });

  it("names nobody for an unconfirmed address", () => {
    expect(greetingName("Pat Doe", false)).toBeNull();
    expect(hello(greetingName("Pat Doe", true))).toBe("Hello \u2068Pat Doe\u2069,");
    expect(hello(null)).toBe("Hello,");
  });
});
