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

// Regimens through the form: a weekly methotrexate and an as-needed inhaler, entered as a patient
// would, then the days left and the schedule as the dashboard and the medication page show them.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function startForm(page: Page, name: string) {
  await page.goto("/add-medication");
  await hydrated(page);
  await field(page, "Medication Name").fill(name);
  await page.getByRole("combobox", { name: "Pharmacy" }).selectOption({ label: "Corner Pharmacy" });
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save Medication" }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("regimens through the medication form (%s)", (_, viewport) => {
  it("a weekly methotrexate and an as-needed inhaler", async () => {
    const page = await newPage(browser, viewport);
    await registerViaApi(page);
    expect((await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "2125551234" } })).status()).toBe(
      201,
    );

    // Methotrexate: 6 tablets every 7 days from today, 24 on hand. Doses on days 0, 7, 14 and 21
    // take 6 each (24 → 0); day 28's dose cannot be covered: it runs out in 28 days.
    await startForm(page, "Methotrexate");
    const howOften = page.getByRole("combobox", { name: "How often" });
    expect(await howOften.inputValue()).toBe("daily");
    expect(await page.getByLabel("Expected use per week").count()).toBe(0);
    await howOften.selectOption({ label: "Every few days" });
    await field(page, "Tablets each time").fill("6");
    await field(page, "Every how many days").fill("7");
    const today = await field(page, "Starting on").inputValue();
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await field(page, "Pills Remaining").fill("24");
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await save(page);

    // The weekday choice shows its fieldset; an empty one is refused at it.
    await startForm(page, "Alendronate");
    await page.getByRole("combobox", { name: "How often" }).selectOption({ label: "On certain days" });
    expect(await page.getByRole("group", { name: "Days of the week" }).count()).toBe(1);
    await field(page, "Pills Remaining").fill("4");
    await page.getByRole("button", { name: "Save Medication" }).click();
    await expect.poll(() => page.getByText("Days: choose at least one day of the week").count()).toBe(1);
    await expectAccessible(page);

    // Salbutamol: 200 puffs, about 6 a week: floor(7 × 200 / 6) = 233 days.
    await startForm(page, "Salbutamol");
    await page.getByRole("combobox", { name: "How often" }).selectOption({ label: "As needed" });
    expect(await page.locator('input[name="dose"]').count()).toBe(0);
    await page.getByRole("combobox", { name: "Unit" }).selectOption({ label: "Puffs" });
    await field(page, "Expected use per week").fill("6");
    expect(await field(page, "Pills Remaining").count()).toBe(0);
    await field(page, "Puffs Remaining").fill("200");
    await expectAccessible(page);
    await save(page);

    const saved = (await (await page.request.get("/api/medications")).json()) as Array<Record<string, unknown>>;
    const byName = Object.fromEntries(saved.map((med) => [med.name, med]));
    expect(byName.Methotrexate).toMatchObject({
      unit: "tablet",
      schedule: { type: "interval", dose: 6, everyDays: 7, startsOn: today },
      daysLeft: 28,
    });
    expect(byName.Salbutamol).toMatchObject({ unit: "puff", schedule: { type: "asNeeded", perWeek: 6 }, daysLeft: 233 });
    expect(byName.Alendronate).toBeUndefined();

    // Read again: the 'added' toast, still fading in, is no contrast finding of this screen.
    await page.goto("/");
    await hydrated(page);
    const row = (name: string) => page.getByRole("row").filter({ hasText: name });
    await expect.poll(() => row("Methotrexate").getByText("28 days left").count()).toBe(1);
    await expect.poll(() => row("Salbutamol").getByText("233 days left").count()).toBe(1);
    // The Dose column in words, the count in the medication's unit.
    expect(
      await row("Methotrexate")
        .getByText(/^6 tablets every 7 days, next on \w+, \w+ \d+$/)
        .count(),
    ).toBe(1);
    expect(await row("Salbutamol").getByText("As needed, about 6 puffs a week", { exact: true }).count()).toBe(1);
    expect(await row("Salbutamol").getByText("200 puffs", { exact: true }).count()).toBe(1);
    await expectAccessible(page);

    await page.goto(`/medications/${byName.Methotrexate!.id}`);
    expect(await page.getByText("6 tablets every 7 days").count()).toBe(1);
    await expectAccessible(page);
    // A change from next week, on the edit form's 'From': the page lists it with its date.
    await page.goto(`/edit-medication/${byName.Methotrexate!.id}`);
    await hydrated(page);
    expect(await field(page, "From").inputValue()).toBe(today);
    const nextWeek = new Date(Date.parse(`${today}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    await page.getByRole("combobox", { name: "How often" }).selectOption({ label: "Every day" });
    await field(page, "Tablets each day").fill("1");
    await field(page, "From").fill(nextWeek);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Update Medication" }).click();
    // Methotrexate every day: the weekly-drug warning asks first.
    await page.getByRole("button", { name: "Confirm and save" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto(`/medications/${byName.Methotrexate!.id}`);
    const nextWeekText = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(
      Date.parse(`${nextWeek}T00:00:00Z`),
    );
    expect(await page.getByText("6 tablets every 7 days").count()).toBe(1);
    expect(await page.getByText(`From ${nextWeekText}: 1 tablet daily`).count()).toBe(1);
    await page.goto(`/medications/${byName.Salbutamol!.id}`);
    expect(await page.getByText("As needed, about 6 puffs a week").count()).toBe(1);
    await expectAccessible(page);
    expectNoErrors(page);
    await page.context().close();
  });
});
