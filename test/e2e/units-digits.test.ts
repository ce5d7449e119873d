import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  expectAccessible,
  expectNoErrors,
  expectNoHorizontalScroll,
  hydrated,
  launch,
  MOBILE,
  newPage,
  uniqueName,
} from "./browser";

// Labels follow the unit: with puffs or insulin units chosen the form read 'Pills Remaining' and
// refused in pills. Numbers in the patient's digits: ٢ and ٦٠ typed into a number field were
// dropped by the browser's number input and the error showed Latin digits; '1,5' read as nothing.
// Typed key by key, as a patient types, at 375 and 1280 px, axe-clean.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const byName = (page: Page, name: string) => page.locator(`[name="${name}"]`);

/** A signed-in account in `locale` (as the sign-up form saves the browser's), with one pharmacy. */
async function signedIn(page: Page, locale: string) {
  const username = uniqueName();
  // The saved locale is the browser's when it is in the request's language.
  const res = await page.request.post("/api/register", {
    headers: { "Accept-Language": locale },
    data: {
      username,
      password: "correct horse battery",
      email: `${username}@example.com`,
      fullName: `Pat ${username}`,
      emailConsent: true,
      healthDataConsent: true,
      locale,
      timezone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
    },
  });
  expect(res.status()).toBe(201);
  const pharmacy = await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "" } });
  expect(pharmacy.status()).toBe(201);
  return (await pharmacy.json()) as { id: number };
}

/** Clears a field and types `text` key by key. */
async function type(page: Page, name: string, text: string) {
  await byName(page, name).fill("");
  await byName(page, name).pressSequentially(text);
}

/** The form's own submit button (the footer's language buttons submit too). */
const save = (page: Page) => page.locator('form[aria-busy] button[type="submit"]').click();

async function checkLayout(page: Page) {
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
  }
}

describe("the medication form names the amount in the chosen unit", () => {
  it("tablets, then puffs, then insulin units: every amount label and its error follow", async () => {
    const page = await newPage(browser, MOBILE);
    await page.goto("/");
    const pharmacy = await signedIn(page, "en");
    await page.goto("/add-medication");
    await hydrated(page);
    for (const label of ["Pills Remaining", "Pills Per Refill", "Tablets each day"])
      expect(await field(page, label).count(), label).toBe(1);

    const unit = page.getByRole("combobox", { name: "Unit" });
    await unit.selectOption({ label: "Puffs" });
    for (const label of ["Puffs Remaining", "Puffs Per Refill", "Puffs each day"]) expect(await field(page, label).count(), label).toBe(1);
    expect(await page.getByText("Pills Remaining", { exact: true }).count()).toBe(0);
    await page.getByRole("combobox", { name: "How often" }).selectOption({ label: "Once a week" });
    expect(await field(page, "Puffs each time").count()).toBe(1);

    await field(page, "Medication Name").fill("Salbutamol");
    await page.getByRole("combobox", { name: "Pharmacy" }).selectOption(String(pharmacy.id));
    await field(page, "Puffs Remaining").fill("-1");
    await field(page, "Puffs Per Refill").fill("0");
    await page.getByRole("button", { name: "Save Medication" }).click();
    await expect.poll(() => page.getByText("Cannot have negative puffs", { exact: true }).count()).toBe(1);
    expect(await page.getByText("Must have at least 1 puff per refill", { exact: true }).count()).toBe(1);
    expect(await field(page, "Puffs Remaining").getAttribute("aria-invalid")).toBe("true");
    await checkLayout(page);

    await unit.selectOption({ label: "Units (insulin)" });
    expect(await field(page, "Units Remaining").count()).toBe(1);
    expect(await field(page, "Units Per Refill").count()).toBe(1);
    expect(await (await page.request.get("/api/medications")).json()).toEqual([]);
    expectNoErrors(page);
  });
});

describe("number fields take the patient's own digits and decimal mark", () => {
  it("Arabic (Egypt): ٢ and ٦٠ typed are saved as 2 and 60; the limits are said in Arabic-Indic digits", async () => {
    const page = await newPage(browser, MOBILE, undefined, "ar-EG");
    await page.goto("/");
    const pharmacy = await signedIn(page, "ar-EG");
    await page.goto("/add-medication");
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ar-EG");
    // The starting values in the page's digits.
    expect(await byName(page, "dose").inputValue()).toBe("١");
    expect(await byName(page, "pillsPerRefill").inputValue()).toBe("٣٠");

    await byName(page, "name").fill("ميتفورمين");
    await page.locator('select[name="pharmacyId"]').selectOption(String(pharmacy.id));
    await type(page, "dose", "٠");
    await type(page, "pillsRemaining", "٦٠");
    await save(page);
    const doseError = page.getByText("يجب أن تكون الجرعة ٠٫٢٥ على الأقل، بخطوات ٠٫٢٥، حتى ١٬٠٠٠", { exact: true });
    await expect.poll(() => doseError.count()).toBe(1);
    expect(await byName(page, "pillsRemaining").inputValue()).toBe("٦٠");
    await checkLayout(page);

    await type(page, "dose", "٢");
    await save(page);
    await page.waitForURL((url) => url.pathname === "/");
    const [saved] = (await (await page.request.get("/api/medications")).json()) as Array<Record<string, unknown>>;
    expect(saved).toMatchObject({ name: "ميتفورمين", pillsRemaining: 60, pillsPerRefill: 30, schedule: { type: "daily", dose: 2 } });
    expectNoErrors(page);
  });

  it("Spanish: 1,5 is one and a half, and the edit form shows it back as 1,5", async () => {
    // Spain writes a decimal comma (Mexico a point: there the edit form shows 1.5, and 1,5 is still read).
    const page = await newPage(browser, DESKTOP, undefined, "es-ES");
    await page.goto("/");
    const pharmacy = await signedIn(page, "es-ES");
    await page.goto("/add-medication");
    await hydrated(page);
    await byName(page, "name").fill("Ácido fólico");
    await page.locator('select[name="pharmacyId"]').selectOption(String(pharmacy.id));
    await type(page, "dose", "1,5");
    await type(page, "pillsRemaining", "45,5");
    await save(page);
    await page.waitForURL((url) => url.pathname === "/");
    const [saved] = (await (await page.request.get("/api/medications")).json()) as Array<{ id: number } & Record<string, unknown>>;
    expect(saved).toMatchObject({ pillsRemaining: 45.5, schedule: { type: "daily", dose: 1.5 } });

    await page.goto(`/edit-medication/${saved!.id}`);
    await hydrated(page);
    expect(await field(page, "Pastillas al día").inputValue()).toBe("1,5");
    expect(await byName(page, "pillsRemaining").inputValue()).toBe("45,5");
    await checkLayout(page);
    expectNoErrors(page);
  });
});
