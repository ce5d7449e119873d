import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "../../src/i18n/messages/ar.json";
import de from "../../src/i18n/messages/de.json";
import es from "../../src/i18n/messages/es.json";
import {
  baseUrl,
  DESKTOP,
  expectAccessible,
  expectNoErrors,
  expectNoHorizontalScroll,
  frames,
  hydrated,
  launch,
  MOBILE,
  newPage,
  uniqueName,
} from "./browser";

// The product in the patient's language, in a real browser: German (long words) and Arabic (right to
// left), at a phone's and a desktop's width. The browser's language and zone come from the context,
// as a real browser reports them.
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

type Catalog = Record<string, string>;
/** A local number as a patient there types it (no '+'), and how it is stored and shown. */
type LocalPhone = { typed: string; e164: string; shown: string };
const LANGUAGES: Array<[string, Catalog, { locale: string; timezoneId: string; dir: "ltr" | "rtl"; phone: LocalPhone }]> = [
  [
    "de",
    de,
    {
      locale: "de-DE",
      timezoneId: "Europe/Berlin",
      dir: "ltr",
      phone: { typed: "030 12345678", e164: "+493012345678", shown: "+49 30 12345678" },
    },
  ],
  [
    "ar",
    ar,
    {
      locale: "ar-EG",
      timezoneId: "Africa/Cairo",
      dir: "rtl",
      phone: { typed: "02 2345 6789", e164: "+20223456789", shown: "+20 2 23456789" },
    },
  ],
];

const html = (page: Page) => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);

describe.each(LANGUAGES)("the product in %s", (language, t, { locale, timezoneId, dir, phone }) => {
  describe.each([
    ["desktop", DESKTOP],
    ["mobile", MOBILE],
  ])("(%s)", (_, viewport) => {
    it("signs up in the browser's language and zone, shows the dashboard in it, and passes axe", async () => {
      const page = await newPage(browser, viewport, timezoneId, locale);
      await page.goto("/auth");
      await hydrated(page);
      expect(await html(page)).toEqual([language, dir]);
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);

      await page.getByRole("tab", { name: t.auth_form_create_account }).click();
      const username = uniqueName(language);
      await page.getByLabel(t.auth_form_username, { exact: true }).fill(username);
      await page.getByLabel(t.auth_form_email, { exact: true }).fill(`${username}@example.com`);
      await page.getByLabel(t.common_full_name, { exact: true }).fill("Amal Müller");
      await page.getByLabel(t.auth_form_password, { exact: true }).fill("a long password");
      await page.getByLabel(t.auth_form_confirm_password, { exact: true }).fill("a long password");
      // The health-data consent box (required, its label in the page's language).
      await page.locator('input[name="healthDataConsent"]').check();
      await page.getByRole("button", { name: t.auth_form_create_account }).last().click();
      await page.waitForURL((url) => url.pathname === "/");
      await hydrated(page);
      await expect.poll(() => page.getByText(t.auth_form_account_created_description).count()).toBe(1);

      // The account keeps the browser's language (with its region) and time zone.
      const user = await (await page.request.get("/api/user")).json();
      expect([user.locale, user.timezone]).toEqual([locale, timezoneId]);
      expect(await html(page)).toEqual([locale, dir]);

      // A local number without '+' is read in the account's region, stored as E.164, shown formatted.
      const pharmacy = await (
        await page.request.post("/api/pharmacies", { data: { name: "صيدلية النور", phoneNumber: phone.typed } })
      ).json();
      expect([pharmacy.phoneNumber, pharmacy.phoneDisplay]).toEqual([phone.e164, phone.shown]);
      const invalid = await page.request.post("/api/pharmacies", { data: { name: "Nirgendwo", phoneNumber: "12" } });
      expect([invalid.status(), await invalid.json()]).toEqual([400, { message: t.field_phone_invalid, code: "field_phone_invalid" }]);
      const added = await page.request.post("/api/medications", {
        data: {
          name: "Metformin 500mg",
          pharmacyId: pharmacy.id,
          pillsPerDay: 2,
          pillsRemaining: 6,
          pillsPerRefill: 60,
          lastRefillDate: "",
        },
      });
      expect(added.status()).toBe(201);
      await page.reload();
      await hydrated(page);
      await expect.poll(() => page.getByRole("heading", { name: t.dashboard_medications_heading }).count()).toBeGreaterThan(0);
      await expect.poll(() => page.getByText("Metformin 500mg").first().isVisible()).toBe(true);
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);

      // The pharmacies page: the number formatted, dialled as E.164, read left to right even in Arabic.
      await page.goto("/pharmacies");
      await hydrated(page);
      const link = page.getByRole("link", { name: phone.shown });
      expect(await link.getAttribute("href")).toBe(`tel:${phone.e164}`);
      expect(await link.evaluate((el) => getComputedStyle(el).direction)).toBe("ltr");
      expectNoErrors(page);
      await page.context().close();
    });
  });
});

describe("the footer's language switcher", () => {
  it("works without JavaScript and saves the choice on the account", async () => {
    const context = await browser.newContext({ viewport: MOBILE, baseURL: baseUrl(), locale: "de-DE", javaScriptEnabled: false });
    const page = await context.newPage();
    const username = uniqueName("switch");
    const registered = await page.request.post("/api/register", {
      data: {
        username,
        password: "correct horse battery",
        email: `${username}@example.com`,
        fullName: "Pat",
        emailConsent: true,
        healthDataConsent: true,
      },
    });
    expect(registered.status()).toBe(201);
    await page.goto("/pharmacies");
    expect(await html(page)).toEqual(["de", "ltr"]);
    await page.getByRole("button", { name: "Español" }).click();
    await page.waitForURL((url) => url.pathname === "/pharmacies");
    expect((await html(page))[0]).toBe("es");
    await expect.poll(() => page.getByText(es.footer_privacy).count()).toBe(1);
    const user = await (await page.request.get("/api/user")).json();
    expect(user.locale).toBe("es");
    // The click starts a form post and a redirect: read the page once that navigation has ended.
    await page.getByRole("button", { name: "العربية" }).click();
    await expect.poll(() => html(page)).toEqual(["ar", "rtl"]);
    await context.close();
  });
});

describe("an account that never chose a time zone", () => {
  it("takes the browser's zone on its next visit and says so once", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl(), locale: "en-NZ", timezoneId: "Pacific/Auckland" });
    const page = await context.newPage();
    const username = uniqueName("zone");
    // Made before sign-up sent the browser's zone: no zone in the body.
    const registered = await page.request.post("/api/register", {
      data: {
        username,
        password: "correct horse battery",
        email: `${username}@example.com`,
        fullName: "Kiri",
        emailConsent: true,
        healthDataConsent: true,
      },
    });
    expect(registered.status()).toBe(201);
    await page.goto("/");
    await hydrated(page);
    const said = "Time zone set to Pacific/Auckland. You can change it under Configure Notifications.";
    await expect.poll(() => page.getByText(said).count()).toBe(1);
    expect((await (await page.request.get("/api/user")).json()).timezone).toBe("Pacific/Auckland");
    // Chosen now: the next page sends no zone, so no sentence can come.
    const zoneRequests: string[] = [];
    page.on("request", (req) => req.url().endsWith("/api/user/timezone") && zoneRequests.push(req.method()));
    await page.reload();
    await hydrated(page);
    await frames(page); // the islands' effects (where the zone would be sent) have run
    expect(zoneRequests).toEqual([]);
    expect(await page.getByText(said).count()).toBe(0);
    await context.close();
  });
});
