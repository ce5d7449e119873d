import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, expectAccessible, expectNoErrors, hydrated, launch, MOBILE, newPage, registerViaApi, settled } from "./browser";

// What a patient saw on a 375 px phone: a time-zone list cut off and in English, the sign-up toast
// over the header, the checklist's 'Done' words out of line, Arabic's refill button on two lines, the
// chart's 'Today' on top of the axis value, and no one-tap way to hand the calendar feed to a
// calendar app. Each is measured from the boxes Chromium lays out; each changed screen gets axe at
// 375 and 1280 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

type Box = { left: number; right: number; top: number; bottom: number };
const box = (locator: Locator): Promise<Box> =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  });
const intersect = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

async function addPharmacy(page: Page) {
  const res = await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "(212) 555-0199" } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

async function addMedication(page: Page) {
  const pharmacy = await addPharmacy(page);
  const res = await page.request.post("/api/medications", {
    data: { name: "Metformin", pharmacyId: pharmacy.id, pillsPerDay: 2, pillsRemaining: 60, pillsPerRefill: 60, lastRefillDate: null },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

describe("the time-zone choice on a phone, in the patient's language", () => {
  it.each([
    ["es-MX", "America/Mexico_City", "Mexico City", "hora estándar central"],
    ["ar", "Africa/Cairo", "Cairo", "توقيت شرق أوروبا"],
    ["hi", "Asia/Kolkata", "Kolkata", "भारतीय मानक समय"],
    ["zh-CN", "Asia/Shanghai", "Shanghai", "中国标准时间"],
    ["en-US", "Asia/Kolkata", "Kolkata", "India Standard Time"],
  ])("%s in %s: the chosen zone fits the closed select at 375 px and is named in the language", async (locale, zone, city, name) => {
    const page = await newPage(browser, MOBILE, zone, locale);
    await registerViaApi(page);
    await page.goto("/notifications");
    await hydrated(page);
    const select = page.locator('select[name="timezone"]');
    await expect.poll(() => select.inputValue()).toBe(zone);
    // The closed select shows the chosen option's text on one line: it must fit the text area (the
    // box less its padding and the drop-down arrow, about 24 px) or the phone cuts it off.
    const fit = await select.evaluate((element) => {
      const el = element as unknown as HTMLSelectElement;
      const style = getComputedStyle(element);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = el.selectedOptions[0]!.textContent!;
      const room = el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) - 24;
      return { text, width: context.measureText(text).width, room };
    });
    expect(fit.text).toContain(city);
    expect(fit.width, `"${fit.text}" is ${fit.width} px in ${fit.room} px`).toBeLessThanOrEqual(fit.room);
    // The zone's own name, in the language, under the select (and as the option's group).
    expect(await page.locator(`[id="${await select.getAttribute("id")}-zone"]`).textContent()).toContain(name);
    expect(await select.locator("option:checked").evaluate((o) => (o.parentElement as HTMLOptGroupElement).label)).toContain(name);
    expectNoErrors(page);
    await page.context().close();
  });
});

describe.each([
  ["mobile", MOBILE],
  ["desktop", DESKTOP],
])("changed screens pass axe (%s)", (_, viewport) => {
  it("notifications in Arabic, with the calendar link made", async () => {
    const page = await newPage(browser, viewport, "Africa/Cairo", "ar");
    await registerViaApi(page);
    await page.goto("/notifications");
    await hydrated(page);
    await page.getByRole("button", { name: "الاشتراك في التقويم" }).click();
    await expect.poll(() => page.locator('a[href^="webcal:"]').count()).toBe(1);
    await expectAccessible(page);
    await page.context().close();
  });

  it("the dashboard in Arabic: the checklist, then the list", async () => {
    const page = await newPage(browser, viewport, "Africa/Cairo", "ar");
    await registerViaApi(page, undefined, { confirmed: true });
    await addPharmacy(page);
    await page.goto("/");
    await hydrated(page);
    expect(await page.locator("[data-step]").count()).toBe(4);
    await expectAccessible(page);
    const medication = await addMedication(page);
    await page.goto("/");
    await hydrated(page);
    await expectAccessible(page);
    await page.goto(`/medications/${medication.id}`);
    await hydrated(page);
    await expectAccessible(page);
    await page.context().close();
  });
});

describe("at 375 px", () => {
  it("the sign-up toast sits below the header, not over it", async () => {
    const page = await newPage(browser, MOBILE);
    await page.goto("/auth?tab=register");
    await hydrated(page);
    const username = `toast_${Date.now().toString(36)}`;
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Email", { exact: true }).fill(`${username}@example.com`);
    await page.getByLabel("Full Name").fill("Grace Hopper");
    await page.getByLabel("Password", { exact: true }).fill("a long password");
    await page.getByLabel("Confirm Password").fill("a long password");
    await page.getByRole("checkbox", { name: /stores my health data/ }).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    const toast = page.locator("[data-sonner-toast]");
    await expect.poll(() => toast.count()).toBe(1);
    await settled(page);
    const header = await box(page.locator("header").first());
    const shown = await box(toast);
    expect(shown.top, `toast at ${shown.top}, header ends at ${header.bottom}`).toBeGreaterThanOrEqual(header.bottom);
    await expectAccessible(page);
    await page.context().close();
  });

  it.each([
    ["en", "ltr"],
    ["ar", "rtl"],
  ])("the checklist's 'Done' words line up at the end of their rows (%s)", async (locale, dir) => {
    const page = await newPage(browser, MOBILE, undefined, locale);
    await registerViaApi(page, undefined, { confirmed: true });
    await addPharmacy(page);
    await page.goto("/");
    await hydrated(page);
    const done = page.locator('[data-step][data-done="true"] span:not(.sr-only)');
    expect(await done.count()).toBe(2);
    const boxes = await Promise.all([0, 1].map((i) => box(done.nth(i))));
    const ends = boxes.map((b) => (dir === "rtl" ? b.left : b.right));
    expect(Math.abs(ends[0]! - ends[1]!), `ends at ${ends.join(" and ")}`).toBeLessThanOrEqual(1);
    // Each 'Done' stays clear of its step's words.
    for (const i of [0, 1]) {
      const step = page.locator('[data-step][data-done="true"] a').nth(i);
      const words = await step.evaluate((a) => {
        const range = document.createRange();
        range.selectNodeContents(a);
        const r = range.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      });
      expect(intersect(words, boxes[i]!)).toBe(false);
    }
    await page.context().close();
  });

  it("Arabic's refill button keeps its label on one line, inside the button", async () => {
    const page = await newPage(browser, MOBILE, undefined, "ar");
    await registerViaApi(page);
    await addMedication(page);
    await page.goto("/");
    await hydrated(page);
    const button = page.getByRole("button", { name: /^إعادة صرف/ }).first();
    const label = button.locator("span");
    expect(await label.textContent()).toBe("إعادة صرف");
    const lineHeight = await label.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    const [outer, inner] = [await box(button), await box(label)];
    expect(inner.bottom - inner.top, "one line").toBeLessThan(lineHeight * 1.5);
    expect(inner.left).toBeGreaterThanOrEqual(outer.left);
    expect(inner.right).toBeLessThanOrEqual(outer.right);
    await page.context().close();
  });

  it("the chart's 'Today' in Arabic stays clear of the axis value", async () => {
    const page = await newPage(browser, MOBILE, undefined, "ar");
    await registerViaApi(page);
    const medication = await addMedication(page);
    await page.goto(`/medications/${medication.id}`);
    await hydrated(page);
    const chart = page.locator('svg[data-testid="supply-chart"]').first();
    expect(await chart.isVisible()).toBe(true);
    // Added today: the 'Today' line is the y-axis itself, where the top value (60) is written.
    const today = await box(chart.locator("text", { hasText: "اليوم" }));
    const top = await box(chart.locator("text", { hasText: /^60$/ }));
    expect(intersect(today, top), `اليوم ${JSON.stringify(today)}, 60 ${JSON.stringify(top)}`).toBe(false);
    await page.context().close();
  });

  it("the calendar link has a one-tap webcal: link beside 'Copy link'", async () => {
    const page = await newPage(browser, MOBILE);
    await registerViaApi(page);
    await page.goto("/notifications");
    await hydrated(page);
    await page.getByRole("button", { name: "Subscribe in your calendar" }).click();
    const url = page.getByLabel("Your calendar link");
    await expect.poll(() => url.count()).toBe(1);
    const feed = await url.inputValue();
    const open = page.getByRole("link", { name: "Open in calendar app" });
    expect(await open.getAttribute("href")).toBe(feed.replace(/^https?:/, "webcal:"));
    expect(await open.getAttribute("href")).toMatch(/^webcal:\/\/[^/]+\/calendar\/[a-z0-9]+\.ics$/);
    const [copy, tap] = [await box(page.getByRole("button", { name: "Copy link" })), await box(open)];
    expect(Math.abs(copy.top - tap.top), "on the same row").toBeLessThanOrEqual(1);
    expectNoErrors(page);
    await page.context().close();
  });
});
