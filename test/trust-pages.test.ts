import { env } from "cloudflare:test";
import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import { RESET_TOKEN_TTL } from "../src/api/account";
import { CONFIRMATION_TTL } from "../src/auth/email-confirmation";
import { SESSION_IDLE_TIMEOUT, SESSION_MAX_AGE } from "../src/auth/session";
import { WINDOW_MS } from "../src/auth/throttle";
import * as schema from "../src/db/schema";
import { REMINDER_LOG_RETENTION } from "../src/data/prune";
import { type Account, call, signUp } from "./helpers";
import { CATALOGS, escapeHtml } from "./support/catalogs";

/** A message that is one select (`{unit, select, tablet {…} … other {…}}`): the branch for `value`; any other message as it is. */
function selected(text: string, value: string): string {
  const head = /^\{(\w+), select, /.exec(text);
  if (!head) return text;
  const branches: Record<string, string> = {};
  let at = head[0].length;
  while (text[at] !== "}") {
    const key = /^(\w+) \{/.exec(text.slice(at))!;
    at += key[0].length;
    const start = at;
    for (let depth = 1; depth > 0; at++) depth += text[at] === "{" ? 1 : text[at] === "}" ? -1 : 0;
    branches[key[1]!] = text.slice(start, at - 1);
    while (text[at] === " ") at++;
  }
  return branches[value] ?? branches.other!;
}
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
    const signedOut = ["/auth", "/forgot-password", "/privacy", "/terms", "/support", "/no-such-page"];
    const signedIn = ["/", "/profile", "/notifications", "/pharmacies", "/add-medication"];
    const pages = [...signedOut.map((path) => [path, {}] as const), ...signedIn.map((path) => [path, { cookie: account.cookie }] as const)];
    for (const [path, options] of pages) {
      const page = await call("GET", path, options);
      expect(page.text, path).toContain("<footer");
      for (const [link] of PAGES) expect(page.text, path).toContain(`href="${link}"`);
      expect(page.text, path).not.toContain('href="#"');
    }
  });
});

describe("every sentence of the three pages, in every language", () => {
  it("shows each page's messages that take no values as its catalog has them", async () => {
    const prefixes = [
      ["/privacy", "trust_privacy_"],
      ["/terms", "trust_terms_"],
      ["/support", "trust_support_"],
    ] as const;
    for (const [language, catalog] of Object.entries(CATALOGS)) {
      for (const [path, prefix] of prefixes) {
        const { text } = await call("GET", path, { headers: { "Accept-Language": language } });
        const keys = Object.keys(catalog).filter((key) => key.startsWith(prefix) && !catalog[key]!.includes("{"));
        expect(keys.length, path).toBeGreaterThan(5);
        // The one alternative each page has: no region set (shown here), no contact address (a local one is).
        for (const key of keys.filter((key) => key !== "trust_support_contact_unset"))
          expect(text, `${language} ${key}`).toContain(escapeHtml(catalog[key]!));
      }
    }
  });
});

describe("/privacy", () => {
  it("names the e-mail provider and links to the Your data section, in every language", async () => {
    for (const language of Object.keys(CATALOGS)) {
      const page = await call("GET", "/privacy", { headers: { "Accept-Language": language } });
      for (const name of ["Postmark", "Turso", "Cloudflare", "Mozilla"]) expect(page.text, language).toContain(name);
      expect(page.text, language).toContain('href="/profile#your-data-heading"');
    }
  });

  it("gives the real retention times, from the code that enforces them", async () => {
    const { text } = await call("GET", "/privacy");
    const days = (ms: number) => ms / 86_400_000;
    const hours = (ms: number) => ms / 3_600_000;
    // Today's figures, so a changed constant shows here as well as on the page.
    expect([
      days(REMINDER_LOG_RETENTION),
      days(SESSION_IDLE_TIMEOUT),
      days(SESSION_MAX_AGE),
      hours(RESET_TOKEN_TTL),
      hours(CONFIRMATION_TTL),
      WINDOW_MS / 60_000,
    ]).toEqual([60, 7, 30, 1, 24, 15]);
    expect(text).toContain(`The record of each day&#x27;s reminder: ${days(REMINDER_LOG_RETENTION)} days.`);
    expect(text).toContain(
      `A sign-in ends after ${days(SESSION_IDLE_TIMEOUT)} days without use, or ${days(SESSION_MAX_AGE)} days after signing in at the latest, and is then deleted.`,
    );
    expect(text).toContain(
      `A password reset link works for ${hours(RESET_TOKEN_TTL)} hour, an e-mail confirmation link for ${hours(CONFIRMATION_TTL)} hours.`,
    );
    expect(text).toContain(`with the network address they came from: ${WINDOW_MS / 60_000} minutes, then deleted within the hour.`);
  });

  it("says what the logs hold now: the app's own lines, without network addresses or links", async () => {
    // Cloudflare's per-request invocation logs (each full URL, the network address) are off in
    // wrangler.toml (test/node/wrangler-logs.test.ts); what is left is our console lines, which
    // test/setup/no-secrets-in-logs.ts checks in every workers test.
    const { text } = await call("GET", "/privacy");
    expect(text).toContain(
      escapeHtml(
        "The app's own log of errors and of the hourly reminders (which page or account they were about, never an e-mail address, a network address or a link's secret code): a few days, as Cloudflare keeps it.",
      ),
    );
    expect(text).toContain(escapeHtml("in the counters of sign-in and password-reset attempts below; the app's log never records it."));
    expect(text).toContain(escapeHtml("can reach the database, and the app's own log, to keep it working."));
    expect(text).not.toMatch(/request logs|logs of (recent )?requests|which page was asked for/);
  });

  it("accounts for every table the app stores", async () => {
    // Each table and the line of the page that tells the patient about it: a new table fails here
    // until the page says what it holds and for how long.
    const told: Record<string, string[]> = {
      users: [
        "trust_privacy_stored_account",
        "trust_privacy_stored_settings",
        "trust_privacy_stored_delivery",
        "trust_privacy_not_password",
      ],
      sessions: ["trust_privacy_stored_devices", "trust_privacy_kept_sessions"],
      pharmacies: ["trust_privacy_stored_medications"],
      medications: ["trust_privacy_stored_medications"],
      supply_events: ["trust_privacy_stored_medications"],
      dose_events: ["trust_privacy_stored_doses"],
      people: ["trust_privacy_stored_people"],
      memberships: ["trust_privacy_stored_people"],
      invites: ["trust_privacy_stored_people"],
      calendar_feeds: ["trust_privacy_who_calendar", "trust_privacy_not_secrets"],
      notifications: ["trust_privacy_kept_reminders"],
      reminder_log: ["trust_privacy_stored_reminders", "trust_privacy_kept_reminders"],
      push_subscriptions: ["trust_privacy_stored_push", "trust_privacy_who_push"],
      dose_push_claims: ["trust_privacy_stored_dose_pushes"],
      missed_dose_claims: ["trust_privacy_stored_missed_doses"],
      activity: ["trust_privacy_sharing_activity"],
      throttles: ["trust_privacy_kept_attempts"],
      // The development outbox: production refuses to start without Postmark (src/http/configuration.ts).
      dev_emails: [],
      dev_pushes: [],
    };
    const tables = Object.values(schema)
      .filter((value) => is(value, SQLiteTable))
      .map((table) => getTableName(table as SQLiteTable));
    expect(tables.sort()).toEqual(Object.keys(told).sort());
    const { text } = await call("GET", "/privacy");
    const plain = text.replace(/<[^>]+>/g, "");
    for (const key of Object.values(told).flat()) {
      const start = CATALOGS.en![key]!.split("{")[0]!;
      expect(plain, key).toContain(escapeHtml(start));
    }
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
    const configured = await call("GET", "/support", {
      env: { ...production, SUPPORT_EMAIL: "help@refills.example.com" },
      base: "https://refills.example.com",
    });
    expect(configured.text).toContain('href="mailto:help@refills.example.com"');
  });

  it("answers the five most likely questions", async () => {
    const { text } = await call("GET", "/support");
    for (const question of [
      "No e-mail arrived",
      "The pill count is wrong",
      "How do I change my time zone?",
      "How do I delete my account?",
      "Can I install the app?",
    ]) {
      expect(text).toContain(`>${escapeHtml(question)}</h3>`);
    }
    // An installable web app: from the browser, not an app store.
    expect(text).toContain("Refill Tracker is a web app: you install it from your browser");
    expect(text).toContain("Add to Home screen");
    expect(text).not.toContain("no app to install");
    expect(text).toContain('href="/profile#your-data-heading"');
    expect(text).toContain('href="/notifications"');
    expect(text).toContain('href="/profile"');
  });

  it("names the buttons, fields and sections the answers send the patient to as the app names them, in every language", async () => {
    // The spam and resend path, the count's fields, the time zone's field and button, deletion.
    const names = [
      "common_resend_email",
      "page_notifications_title",
      "reminders_sent_heading",
      "banner_reminders_on_again",
      "profile_test_email",
      "page_profile_title",
      "common_edit",
      "medication_form_pills_remaining",
      "undo_label",
      "history_heading",
      "medication_form_dose_label",
      "medication_form_how_often",
      "notifications_timezone",
      "notifications_save",
      "page_your_data_heading",
      "data_delete_account",
    ];
    for (const [language, catalog] of Object.entries(CATALOGS)) {
      const { text } = await call("GET", "/support", { headers: { "Accept-Language": language } });
      // The amount's labels follow the unit (select messages): the page names a tablet's, each day.
      for (const key of names)
        expect(text, `${language} ${key}`).toContain(`>${escapeHtml(selected(selected(catalog[key]!, "day"), "tablet"))}</`);
    }
  });
});
