import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/db/schema";
import { doseText } from "../../src/domain/dose-text";
import { todayIn } from "../../src/domain/time";
import { inLocale } from "../../src/i18n/current";
import { formatDate, formatNumber } from "../../src/i18n/format";
import { LANGUAGES } from "../../src/generated/i18n";
import * as m from "../../src/generated/i18n";
import { accountLocaleScope } from "../../src/mail/locale";
import { boundedCaches } from "../../src/shared/bounded-cache";
import { SUPPORTED_LANGUAGES, supportedLocale } from "../../src/shared/locale";
import { call, db, uniqueName } from "../helpers";

// Issue 29, F7: a locale the account chose keyed per-isolate Intl caches with no bound; each
// distinct tag ('en-x-a1b2c3d4', 'en-u-ca-ethioaa-nu-tibt-x-zz99', …) cost ~58 KB, so 10,000 sign-ups
// could hold 586 MB of an isolate. Now only a supported language and an optional region is stored,
// a stored tag outside that rule is canonicalised as it is read, and every cache is bounded.

const register = (locale: unknown, headers: Record<string, string> = {}) => {
  const username = uniqueName();
  return call("POST", "/api/register", {
    body: {
      username,
      password: "correct horse battery",
      email: `${username}@example.com`,
      fullName: "Kiri",
      healthDataConsent: true,
      locale,
    },
    headers,
  });
};
const storedLocale = async (id: number) => (await db().select({ locale: users.locale }).from(users).where(eq(users.id, id)))[0]!.locale;

describe("F7: an account's locale cannot grow the isolate's Intl caches", () => {
  it.each([
    ["en-x-a1b2c3d4", "en"],
    ["en-u-ca-ethioaa-nu-tibt-x-zz99", "en"],
    ["pt-br-x-zz99", "pt-BR"],
    ["zh-Hans-CN-u-nu-hanidec", "zh-CN"],
  ])("sign-up with locale %s stores %s: private-use and extension subtags dropped", async (sent, stored) => {
    const language = stored.split("-")[0]!;
    const res = await register(sent, { "Accept-Language": language });
    expect(res.status, res.text).toBe(201);
    expect(await storedLocale(res.body.id)).toBe(stored);
  });

  it.each(["tlh", "ja-JP", "zh-TW", "x-private", "not a tag", "en-".repeat(30)])(
    "a locale that is not a supported language (%s) is 400 at the field, in the request's language",
    async (sent) => {
      const res = await register(sent, { "Accept-Language": "fr" });
      expect(res.status, res.text).toBe(400);
      expect(res.body).toEqual({
        code: "field_locale_unsupported",
        message: "La langue doit être en, es, fr, de, pt, hi, ar ou zh, éventuellement avec une région (comme pt-BR).",
      });
    },
  );

  it("a tag stored before the rule is canonicalised as it is read: e-mails and pages get the language and region only", () => {
    expect(accountLocaleScope("en-u-ca-ethioaa-nu-tibt-x-zz99")).toEqual({ language: "en", locale: "en" });
    expect(accountLocaleScope("de-AT-x-a1b2c3d4")).toEqual({ language: "de", locale: "de-AT" });
  });

  // 1,000 (each new Intl object costs ~60 µs): past every bound, so a cache without one fails.
  it("1,000 distinct locales in scope leave every per-isolate cache within its bound", { timeout: 30_000 }, () => {
    for (let i = 0; i < 1_000; i++) {
      inLocale({ language: "en", locale: `en-x-${i.toString(36).padStart(4, "0")}` }, () => {
        formatNumber(1234.5);
        formatDate("2026-03-05");
        m.domain_unit_count({ unit: "tablet", count: i % 3 });
        doseText({ type: "weekdays", dose: 1, days: ["mon"] }, "tablet", "2026-03-05");
        doseText({ type: "interval", dose: 1, everyDays: 7, startsOn: "2026-03-02" }, "tablet", "2026-03-05");
      });
      todayIn("UTC", i * 1000);
    }
    const caches = boundedCaches();
    for (const name of [
      "dateFormats",
      "numberFormats",
      "pluralRules",
      "weekdayNames",
      "weekdayLongNames",
      "nextDoseFormat",
      "todayBySecond",
    ])
      expect(caches.map((c) => c.name)).toContain(name);
    for (const cache of caches) expect(cache.size, cache.name).toBeLessThanOrEqual(cache.max);
    expect(caches.find((c) => c.name === "numberFormats")!.size).toBeLessThanOrEqual(64);
  });

  it("the list of languages an account may save is the catalogs'", () => {
    expect([...SUPPORTED_LANGUAGES].sort()).toEqual([...LANGUAGES].sort());
    expect(supportedLocale("EN_gb")).toBe("en-GB");
  });
});
