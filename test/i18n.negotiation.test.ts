import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { call, db, signUp } from "./helpers";

// Which language a request gets: the account's saved locale, else the `lang` cookie, else
// Accept-Language (q-values, region fallback), else English. Read from the page's <html lang dir>.
const htmlOf = (text: string) => /<html lang="([^"]*)" dir="(ltr|rtl)"/.exec(text)?.slice(1) ?? [];

const acceptLanguage: Array<[string | undefined, string]> = [
  [undefined, "en"],
  ["*", "en"],
  ["en-US,en;q=0.9", "en"],
  ["pt-BR", "pt"],
  ["pt-PT", "pt"],
  ["fr-CA", "fr"],
  ["es-419,es;q=0.9", "es"],
  ["de-AT", "de"],
  ["hi-IN", "hi"],
  ["ar-EG", "ar"],
  ["zh-CN", "zh"],
  ["zh-Hans", "zh"],
  ["zh-SG", "zh"],
  ["zh-Hans-CN", "zh"],
  // No Traditional Chinese catalog yet: English rather than the wrong script.
  ["zh-TW", "en"],
  ["zh-Hant", "en"],
  ["zh-HK", "en"],
  ["zh-TW,en;q=0.5", "en"],
  ["zh-TW,de;q=0.5", "de"],
  // q-values decide, not the order.
  ["fr;q=0.5, de;q=0.9", "de"],
  ["nl, es;q=0.1", "es"],
  ["nl, sv", "en"],
  ["de;q=0, fr;q=0.2", "fr"],
  // The pseudo-locale answers only where it is allowed (the test pool, npm run dev).
  ["en-XA", "en-XA"],
];

describe("language negotiation", () => {
  it.each(acceptLanguage)("Accept-Language %s → %s", async (header, expected) => {
    const page = await call("GET", "/auth", { headers: header === undefined ? {} : { "Accept-Language": header } });
    expect(page.status).toBe(200);
    expect(htmlOf(page.text)).toEqual([expected, expected === "ar" ? "rtl" : "ltr"]);
  });

  it("the lang cookie beats Accept-Language; an unknown one is ignored", async () => {
    expect(htmlOf((await call("GET", "/auth", { headers: { "Accept-Language": "fr", Cookie: "lang=de" } })).text)[0]).toBe("de");
    expect(htmlOf((await call("GET", "/auth", { headers: { "Accept-Language": "fr", Cookie: "lang=xx" } })).text)[0]).toBe("fr");
  });

  it("a signed-in user's saved locale beats the cookie and the browser, with its region for formats", async () => {
    const account = await signUp();
    await db().update(users).set({ locale: "ar-EG" }).where(eq(users.id, account.id));
    const page = await call("GET", "/", { cookie: `${account.cookie}; lang=de`, headers: { "Accept-Language": "fr" } });
    expect(page.status).toBe(200);
    expect(htmlOf(page.text)).toEqual(["ar-EG", "rtl"]);
  });

  it("a user without a saved locale gets the cookie's or the browser's language", async () => {
    const account = await signUp();
    await db().update(users).set({ locale: null }).where(eq(users.id, account.id));
    const page = await call("GET", "/", { cookie: account.cookie, headers: { "Accept-Language": "es" } });
    expect(htmlOf(page.text)[0]).toBe("es");
  });

  it("the switcher sets the cookie, saves the language on the account, and comes back", async () => {
    const account = await signUp();
    await db().update(users).set({ locale: "en-GB" }).where(eq(users.id, account.id));
    const res = await call("POST", "/language", {
      cookie: account.cookie,
      rawBody: "lang=de&next=%2Fpharmacies",
      contentType: "application/x-www-form-urlencoded",
      headers: { Origin: "http://localhost" },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/pharmacies");
    expect(res.headers.get("Set-Cookie")).toMatch(/^lang=de;/);
    const [row] = await db().select({ locale: users.locale }).from(users).where(eq(users.id, account.id));
    expect(row!.locale).toBe("de");
    // Choosing the language of the saved locale again keeps its region.
    await db().update(users).set({ locale: "ar-EG" }).where(eq(users.id, account.id));
    await call("POST", "/language", {
      cookie: account.cookie,
      rawBody: "lang=ar&next=%2F",
      contentType: "application/x-www-form-urlencoded",
    });
    const [again] = await db().select({ locale: users.locale }).from(users).where(eq(users.id, account.id));
    expect(again!.locale).toBe("ar-EG");
  });

  it("the switcher never redirects off the site and ignores unknown languages", async () => {
    for (const next of ["//evil.example/", "https://evil.example/", "/\\evil.example"]) {
      const res = await call("POST", "/language", {
        rawBody: `lang=fr&next=${encodeURIComponent(next)}`,
        contentType: "application/x-www-form-urlencoded",
      });
      expect(res.headers.get("Location")).toBe("/");
    }
    const unknown = await call("POST", "/language", { rawBody: "lang=xx&next=%2Fauth", contentType: "application/x-www-form-urlencoded" });
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get("Set-Cookie")).toBeNull();
  });

  it("a cross-site switch is refused", async () => {
    const res = await call("POST", "/language", {
      rawBody: "lang=fr&next=%2F",
      contentType: "application/x-www-form-urlencoded",
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
  });
});
