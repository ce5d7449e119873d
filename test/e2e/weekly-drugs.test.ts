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
  registerViaApi,
} from "./browser";

// Weekly drugs through the form (issue 33, point 1): 'Once a week' on today's weekday, and
// methotrexate saved every day stops at a warning that must be confirmed — by keyboard alone,
// axe clean at 375 and 1280 px. The Dose field says what it counts (point 2).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
const weekdayOf = (date: string) => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7];
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const WARNING = "Methotrexate is usually taken once a week. Taking it daily can be dangerous. Check with your doctor or pharmacist.";

async function startForm(page: Page, name: string) {
  await page.goto("/add-medication");
  await hydrated(page);
  await field(page, "Medication Name").fill(name);
  await page.getByRole("combobox", { name: "Pharmacy" }).selectOption({ label: "Corner Pharmacy" });
}

describe("weekly drugs in the medication form", () => {
  it("Once a week defaults to today's weekday; methotrexate every day asks for a confirmation, given by keyboard", async () => {
    const page = await newPage(browser, DESKTOP);
    await registerViaApi(page);
    expect((await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "2125551234" } })).status()).toBe(
      201,
    );

    // 'Once a week': one day, today's by default (the interval's start shows the user's today).
    await startForm(page, "Alendronate 70 mg");
    const howOften = page.getByRole("combobox", { name: "How often" });
    await howOften.selectOption({ label: "Every few days" });
    const today = await field(page, "Starting on").inputValue();
    await howOften.selectOption({ label: "Once a week" });
    const day = page.getByRole("combobox", { name: "Day of the week" });
    expect(await day.inputValue()).toBe(weekdayOf(today));
    // The dose says what it counts, in the unit chosen.
    expect(await page.getByText("Tablets each time", { exact: true }).count()).toBe(1);
    await page.getByRole("combobox", { name: "Unit" }).selectOption({ label: "Capsules" });
    expect(await page.getByText("Capsules each time", { exact: true }).count()).toBe(1);
    await page.getByRole("combobox", { name: "Unit" }).selectOption({ label: "Tablets" });
    await day.selectOption({ label: "Sunday" });
    await field(page, "Pills Remaining").fill("4");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save Medication" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await hydrated(page);
    const row = (name: string) => page.getByRole("row").filter({ hasText: name });
    await expect.poll(() => row("Alendronate").getByText("1 tablet every Sunday", { exact: true }).count()).toBe(1);

    // Methotrexate 6 tablets every day: the warning, no toast, nothing saved.
    await startForm(page, "Methotrexate 2.5mg");
    expect(await page.getByText("Tablets each day", { exact: true }).count()).toBe(1);
    await field(page, "Tablets each day").fill("6");
    await field(page, "Pills Remaining").fill("24");
    await page.getByRole("button", { name: "Save Medication" }).click();
    const alert = page.getByRole("alert").filter({ hasText: WARNING });
    await expect.poll(() => alert.count()).toBe(1);
    expect(await alert.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(page.url()).toMatch(/\/add-medication$/);
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
    }
    // Changing a field withdraws the question; saving asks it again.
    await field(page, "Pills Remaining").fill("25");
    expect(await alert.count()).toBe(0);
    await page.getByRole("button", { name: "Save Medication" }).click();
    await expect.poll(() => alert.count()).toBe(1);
    // The warning takes focus once it is drawn; Tab only after that, as a keyboard user would.
    await expect.poll(() => alert.evaluate((el) => el === document.activeElement)).toBe(true);
    // Keyboard only: the confirm button is the next Tab from the warning; Enter saves.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Confirm and save");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/");

    const saved = (await (await page.request.get("/api/medications")).json()) as Array<Record<string, unknown>>;
    expect(saved.map(({ name, schedule }) => ({ name, schedule }))).toEqual([
      { name: "Alendronate 70 mg", schedule: { type: "weekdays", dose: 1, days: ["sun"], times: [] } },
      { name: "Methotrexate 2.5mg", schedule: { type: "daily", dose: 6, times: [] } },
    ]);
    expectNoErrors(page);
  });

  it("a CSV row of methotrexate every day is imported only once the patient ticks that it was checked", async () => {
    const page = await newPage(browser, DESKTOP);
    await registerViaApi(page);
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Import from CSV" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Import from CSV" });
    const file =
      "name,pills_per_day,pills_remaining,pills_per_refill,pharmacy,unit,schedule\nMethotrexate 2.5mg,6,24,24,Corner,tablet,daily 6\n";
    await dialog.getByLabel("CSV file").setInputFiles({ name: "list.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await expect.poll(() => dialog.getByText(WARNING, { exact: false }).count()).toBe(1);
    const importButton = dialog.getByRole("button", { name: "Import", exact: true });
    expect(await importButton.isDisabled()).toBe(true);
    await dialog.getByRole("checkbox", { name: "I checked these with my prescription: import them as they are" }).check();
    await expectAccessible(page);
    await importButton.click();
    await page.waitForURL((url) => url.pathname === "/");
    const saved = (await (await page.request.get("/api/medications")).json()) as Array<Record<string, unknown>>;
    expect(saved.map(({ name, schedule }) => ({ name, schedule }))).toEqual([
      { name: "Methotrexate 2.5mg", schedule: { type: "daily", dose: 6, times: [] } },
    ]);
    expectNoErrors(page);
  });
});
