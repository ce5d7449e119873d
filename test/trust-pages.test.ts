import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type Account, call, signUp } from "./helpers";
import { CATALOGS, escapeHtml } from "./support/catalogs";
import { libsqlHttpUrl } from "./support/libsql-http";

// The footer's trust pages: privacy (what is stored, where, who sees it, for how long, how to take it
// or erase it), terms (no medical advice) and support (a contact address and the common questions),
// in every language, signed out and signed in.

const PAGES = [
  ["/privacy", "footer_privacy"],
  ["/terms", "footer_terms"],
  ["/support", "footer_support"],
] as const;

const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1];

const { APP_ENV: _local, ...deployed } = env;
const production = {
  ...deployed,
  TURSO_DATABASE_URL: libsqlHttpUrl(),
  TURSO_AUTH_TOKEN: "turso-production-token",
  POSTMARK_SERVER_TOKEN: "pm-production-token",
  APP_SECRET: "a-production-secret-of-forty-characters!",
  APP_URL: "https://refills.example.com",
  MAIL_FROM: "Refill Tracker <reminders@refills.example.com>",
} as Cloudflare.Env;

let account: Account;
beforeAll(async () => {
  account = await signUp();
});

describe("the trust pages in every language", () => {
  for (const [language, catalog] of Object.entries(CATALOGS)) {
    it(`${language}: each page answers 200 with its heading, signed out and signed in`, async () => {
      for (const [path, key] of PAGES) {
        for (const options of [{ headers: { "Accept-Language": language } }, { cookie: `${account.cookie}; lang=${language}` }]) {
          const page = await call("GET", path, options);
          expect(page.status, path).toBe(200);
          expect(page.text, path).toContain(`<html lang="${language}" dir="${language === "ar" ? "rtl" : "ltr"}">`);
          expect(h1(page.text), path).toBe(escapeHtml(catalog[key]!));
          expect(/<title>(.*?)<\/title>/.exec(page.text)?.[1], path).toContain(escapeHtml(catalog[key]!));
        }
      }
    });
  }
});

describe("the footer", () => {
  it("links to the three pages on every page", async () => {
    for (const page of [await call("GET", "/auth"), await call("GET", "/", { cookie: account.cookie }), await call("GET", "/support")]) {
      for (const [path] of PAGES) expect(page.text).toContain(`href="${path}"`);
      expect(page.text).not.toContain('href="#"');
    }
  });
});

describe("/privacy", () => {
  it("names the e-mail provider and links to the Your data section, in every language", async () => {
    for (const language of Object.keys(CATALOGS)) {
      const page = await call("GET", "/privacy", { headers: { "Accept-Language": language } });
      expect(page.text, language).toContain("Postmark");
      expect(page.text, language).toContain("Turso");
      expect(page.text, language).toContain('href="/profile#your-data-heading"');
    }
  });

  it("gives the real retention times, from the code that enforces them", async () => {
    const { text } = await call("GET", "/privacy");
    expect(text).toContain("Records of reminder e-mails: 60 days.");
    expect(text).toContain("A sign-in ends after 7 days without use, or 30 days after signing in at the latest, and is then deleted.");
    expect(text).toContain("A password reset link works for 1 hour, an e-mail confirmation link for 24 hours.");
    expect(text).toContain("with the network address they came from: 15 minutes, then deleted within the hour.");
  });

  it("names the database region when the operator set one, else says the operator chose it", async () => {
    const unset = await call("GET", "/privacy");
    expect(unset.text).toContain("in the region chosen by the operator of this service.");
    const set = await call("GET", "/privacy", { env: { ...env, DATABASE_REGION: "Frankfurt, Germany" } });
    expect(set.text).toContain("hosted by Turso, in <bdi>Frankfurt, Germany</bdi>.");
  });

  it("the profile's Your data section has the anchor the page links to", async () => {
    const profile = await call("GET", "/profile", { cookie: account.cookie });
    expect(profile.text).toContain('id="your-data-heading"');
  });
});

describe("/terms", () => {
  it("says the product does not give medical advice", async () => {
    const { text } = await call("GET", "/terms");
    expect(text).toContain("Refill Tracker does not give medical advice.");
    expect(text).toContain('href="/support"');
  });
});

describe("/support", () => {
  it("shows SUPPORT_EMAIL when set", async () => {
    const { text } = await call("GET", "/support", { env: { ...env, SUPPORT_EMAIL: "help@refills.example.com" } });
    expect(text).toContain('href="mailto:help@refills.example.com"');
    expect(text).toContain("<bdi>help@refills.example.com</bdi>");
  });

  it("a local address in development and the tests when unset; none in production", async () => {
    expect((await call("GET", "/support")).text).toContain('href="mailto:support@localhost"');
    const deployedPage = await call("GET", "/support", { env: production, base: "https://refills.example.com" });
    expect(deployedPage.status).toBe(200);
    expect(deployedPage.text).not.toContain("mailto:");
    expect(deployedPage.text).toContain("No contact address has been set up for this service yet.");
    const configured = await call("GET", "/support", { env: { ...production, SUPPORT_EMAIL: "help@refills.example.com" }, base: "https://refills.example.com" });
    expect(configured.text).toContain('href="mailto:help@refills.example.com"');
  });

  it("answers the five most likely questions", async () => {
    const { text } = await call("GET", "/support");
    for (const question of ["No e-mail arrived", "The pill count is wrong", "How do I change my time zone?", "How do I delete my account?", "Can I install the app?"]) {
      expect(text).toContain(`>${escapeHtml(question)}</h3>`);
    }
    expect(text).toContain("Add to Home screen");
    expect(text).toContain('href="/profile#your-data-heading"');
    expect(text).toContain('href="/notifications"');
  });
});
