import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, expectAccessible, expectNoErrors, hydrated, launch, MOBILE, newPage, uniqueName } from "./browser";

// Li Wei prints his mother's list for her doctor: it names her by name and date of birth (entered
// in the profile), the medication column starts where the others do, and Chinese dates and amounts
// stay whole ("2026年12月12日", "200 喷"), even where the table is squeezed to its narrowest.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function signedInChinese(page: Page) {
  const username = uniqueName();
  const res = await page.request.post("/api/register", {
    headers: { "Accept-Language": "zh-CN" },
    data: {
      username,
      password: "correct horse battery",
      email: `${username}@example.com`,
      fullName: "王芳",
      emailConsent: true,
      healthDataConsent: true,
      locale: "zh",
      timezone: "Asia/Shanghai",
    },
  });
  expect(res.status()).toBe(201);
  const pharmacy = await (await page.request.post("/api/pharmacies", { data: { name: "同仁堂药店", phoneNumber: "" } })).json();
  const medication = await page.request.post("/api/medications", {
    data: {
      name: "沙丁胺醇吸入气雾剂",
      pharmacyId: pharmacy.id,
      unit: "puff",
      pillsPerDay: 2,
      pillsRemaining: 200,
      pillsPerRefill: 200,
      lastRefillDate: "2026-11-12",
      refillsLeft: 2,
      prescriptionExpiresOn: "2027-12-12",
    },
  });
  expect(medication.status(), await medication.text()).toBe(201);
}

/** How many lines each element's text takes (distinct tops of its text's boxes). */
const linesOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return { text: element.textContent, lines: new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size };
    }),
  );

describe("the printed list in Chinese", () => {
  it("shows the date of birth saved in the profile; dates and amounts are never broken inside; the medication column is aligned", async () => {
    const page = await newPage(browser, MOBILE, "Asia/Shanghai", "zh-CN");
    await page.goto("/");
    await signedInChinese(page);

    await page.goto("/profile");
    await hydrated(page);
    await page.locator('input[name="birthdate"]').fill("1950-03-09");
    const saved = page.waitForResponse((res) => res.url().endsWith("/api/profile") && res.request().method() === "PATCH");
    await page.locator('form button[type="submit"]').first().click();
    expect((await saved).status()).toBe(200);
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await expectAccessible(page);
    }

    await page.setViewportSize(MOBILE);
    await page.goto("/medications/print");
    const birth = page.locator("dd", { hasText: "1950年3月9日" });
    expect(await birth.count()).toBe(1);

    // Squeezed to 375 px the table takes each column's narrowest width: Chinese text would break
    // between any two characters, so a date or an amount would stand one character a line.
    const row = "main tbody tr";
    const whole = [
      ...(await linesOf(page, "main dd")),
      ...(await linesOf(page, `${row} td:nth-of-type(2)`)), // remaining: 200 喷
      ...(await linesOf(page, `${row} td:nth-of-type(3) > span`)), // runs out
      ...(await linesOf(page, `${row} td:nth-of-type(4)`)), // last refill
      ...(await linesOf(page, `${row} td:nth-of-type(6)`)), // prescription expires
    ];
    expect(whole.map((cell) => cell.text)).toEqual(expect.arrayContaining(["1950年3月9日", "200 喷", "2026年11月12日", "2027年12月12日"]));
    // The medication's name (a row header) and its column heading start where every other cell does.
    const aligns = await page.evaluate(() => {
      const align = (selector: string) => getComputedStyle(document.querySelector(selector)!).textAlign;
      return { name: align("main tbody th"), heading: align("main thead th"), cell: align("main tbody td") };
    });
    expect({ broken: whole.filter((cell) => cell.lines !== 1), aligns }).toEqual({
      broken: [],
      aligns: { name: "start", heading: "start", cell: "start" },
    });

    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await expectAccessible(page);
    }
    expectNoErrors(page);
  });
});
