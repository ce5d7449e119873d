import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterEach, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import * as m from "../src/generated/i18n";
import { inLocale } from "../src/i18n/current";
import { directionOf } from "../src/i18n/languages";
import { call, createMedication, createPharmacy, db, emailsTo, signUp } from "./helpers";
import { addMedication, deleteCreatedUsers, makeUser, tick } from "./reminders-fixtures";

// Every language, end to end in workerd: the reminder e-mail, a 400 from the API, the .ics feed and
// the print page come out in the account's (or the request's) language. The expected words are the
// catalog's own, compiled: a message missing from a language would fail the build before this.
const LANGUAGES = [
  ["en", "en-US"],
  ["es", "es-MX"],
  ["fr", "fr-FR"],
  ["de", "de-DE"],
  ["pt", "pt-BR"],
  ["hi", "hi-IN"],
  ["ar", "ar-EG"],
  ["zh", "zh-CN"],
] as const;
const outbox = { ...env, POSTMARK_SERVER_TOKEN: "" };

afterEach(deleteCreatedUsers);

describe.each(LANGUAGES)("%s (%s)", (language, locale) => {
  const words = <T>(fn: () => T) => inLocale({ language, locale }, fn);

  it("the reminder e-mail: subject, words, lang and direction", async () => {
    const user = await makeUser({ timezone: "UTC", hour: 9, savedAt: "2025-01-13T20:00:00Z", fullName: "Sam", locale });
    await addMedication(user.id, { name: "Metformin", pillsRemaining: 3, countedOn: "2025-01-14" });
    await tick("2025-01-14T09:00:00Z", outbox);
    const [mail, ...more] = await emailsTo(user.email);
    expect(more).toHaveLength(0);
    words(() => {
      expect(mail!.subject).toBe(m.mail_reminder_subject({ count: 1 }));
      expect(mail!.text).toContain(m.mail_reminder_intro());
      expect(mail!.html).toContain(m.mail_reminder_dashboard_button());
    });
    expect(mail!.html).toContain(`<html lang="${locale}" dir="${directionOf(language)}">`);
  });

  it("a 400 from the API, the .ics feed and the print page", async () => {
    const account = await signUp();
    await db().update(users).set({ locale }).where(eq(users.id, account.id));
    const refused = await call("POST", "/api/pharmacies", { cookie: account.cookie, body: { name: "", phoneNumber: "" } });
    expect(refused.status).toBe(400);
    words(() => expect(refused.body).toEqual({ message: m.field_pharmacy_name_required(), code: "field_pharmacy_name_required" }));

    // A number with its country code is valid whatever the account's region.
    const pharmacy = await createPharmacy(account, { phoneNumber: "+1 212 555 1234" });
    await createMedication(account, { name: "Metformin", pillsPerDay: 1, pillsRemaining: 30, pharmacyId: pharmacy.id });
    const feed = await call("POST", "/api/calendar-feed", { cookie: account.cookie });
    const ics = await call("GET", new URL(feed.body.url as string).pathname);
    expect(ics.status).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(ics.text));
    const titles = calendar.getAllSubcomponents("vevent").map((event) => String(event.getFirstPropertyValue("summary")));
    words(() => {
      expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(m.ics_calendar_name());
      // A Latin name runs the other way only in a right-to-left language: isolated there alone.
      const name = directionOf(language) === "rtl" ? "\u2068Metformin\u2069" : "Metformin";
      expect(titles.sort()).toEqual([m.ics_refill({ name }), m.ics_runs_out({ name })].sort());
    });

    const print = await call("GET", "/medications/print", { cookie: account.cookie });
    expect(print.status).toBe(200);
    expect(print.text).toContain(`<html lang="${locale}" dir="${directionOf(language)}">`);
    words(() => expect(print.text).toContain(m.print_col_medication()));
  });
});
