import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "../../src/domain/countdown";
import { addDays } from "../../src/domain/time";
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

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const settings = (timezone: string) => ({ notificationDays: 7, emailConsent: true, timezone, notificationHour: 9 });

/**
 * A medication with some history: added in Pago Pago (UTC−11), the user then moves to Kiritimati
 * (UTC+14), a day or two ahead, so a refill can be back-dated to the day it was added.
 */
async function seed(page: Page) {
  await registerViaApi(page);
  expect((await page.request.patch("/api/notifications/settings", { data: settings("Pacific/Pago_Pago") })).status()).toBe(200);
  const pharmacy = await (
    await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "(212) 555-0199" } })
  ).json();
  const addedOn = todayIn("Pacific/Pago_Pago");
  const created = await page.request.post("/api/medications", {
    data: {
      name: "Lisinopril",
      pharmacyId: pharmacy.id,
      pillsPerDay: 2,
      pillsRemaining: 8,
      pillsPerRefill: 30,
      lastRefillDate: null,
      refillsLeft: 2,
      prescriptionExpiresOn: addDays(addedOn, 12),
    },
  });
  expect(created.status()).toBe(201);
  const medication = await created.json();
  expect((await page.request.patch("/api/notifications/settings", { data: settings("Pacific/Kiritimati") })).status()).toBe(200);
  const refill = await page.request.post("/api/medications/refill", {
    data: { medicationId: medication.id, pillsToAdd: 30, refilledOn: addedOn },
  });
  expect(refill.status()).toBe(200);
  return { medication, addedOn, today: todayIn("Pacific/Kiritimati") };
}

/** The browser logs the 400 the test provoked on purpose; that is not a page error. */
function forgiveBadRequest(page: Page) {
  const problems = (page as Page & { problems: string[] }).problems;
  problems.splice(0, problems.length, ...problems.filter((p) => !/Failed to load resource.*400/.test(p)));
}

const toast = (page: Page) => page.locator("[data-sonner-toast]");

describe.each([
  ["1280", DESKTOP],
  ["375", MOBILE],
])("medication page at %s px", (width, viewport) => {
  it("opens from the dashboard, shows the chart, its table and the history, passes axe; screenshot of the chart", async () => {
    const page = await newPage(browser, viewport);
    const { medication, addedOn, today } = await seed(page);
    await page.goto("/");
    await hydrated(page);
    expect(await page.getByText("Prescription expires", { exact: false }).count()).toBeGreaterThan(0);
    await page.getByRole("link", { name: "Lisinopril", exact: true }).click();
    await page.waitForURL(`**/medications/${medication.id}`);
    await hydrated(page);
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Lisinopril" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "+1 212 555 0199" }).getAttribute("href")).toBe("tel:+12125550199");
    const chart = page.getByRole("img", { name: /^Supply over time/ });
    expect(await chart.count()).toBe(1);
    const history = page.getByRole("region", { name: "History" });
    expect(await history.getByRole("listitem").allTextContents()).toEqual([
      expect.stringContaining("Refilled +30 tablets"),
      expect.stringContaining("Added with 8 tablets"),
    ]);
    expect(await page.getByRole("note").textContent()).toMatch(/^Prescription expires /);

    // The table alternative opens by keyboard.
    await page.getByText("Show the chart as a table").focus();
    await page.keyboard.press("Enter");
    expect(await page.getByRole("table").getByRole("row").count()).toBeGreaterThan(3);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // The card's full width, with the first event's, today's and the run-out's dates under the x-axis.
    const card = page.getByRole("region", { name: "Supply" });
    const inner = await card.evaluate(
      (el) => el.clientWidth - parseFloat(getComputedStyle(el).paddingLeft) - parseFloat(getComputedStyle(el).paddingRight),
    );
    const box = await chart.boundingBox();
    expect(Math.abs(box!.width - inner)).toBeLessThanOrEqual(1);
    const { runsOutOn } = await (await page.request.get(`/api/medications/${medication.id}`)).json();
    const axisDate = (date: string) =>
      new Intl.DateTimeFormat(
        "en",
        addedOn.slice(0, 4) === runsOutOn.slice(0, 4)
          ? { month: "short", day: "numeric", timeZone: "UTC" }
          : { dateStyle: "medium", timeZone: "UTC" },
      ).format(new Date(`${date}T00:00:00Z`));
    expect((await chart.locator('[data-axis="x"] text').allTextContents()).sort()).toEqual(
      [addedOn, today, runsOutOn].map(axisDate).sort(),
    );
    mkdirSync("docs/screenshots", { recursive: true });
    await page.getByRole("region", { name: "Supply" }).screenshot({ path: `docs/screenshots/supply-chart-${width}.png` });
    expectNoErrors(page);
  });

  it("refill by keyboard with a 'Picked up on' date, then undo the newest refill from the history", async () => {
    const page = await newPage(browser, viewport);
    const { medication, addedOn, today } = await seed(page);
    await page.goto(`/medications/${medication.id}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Refill", exact: true }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Confirm Medication Refill" });
    await expect.poll(() => dialog.count()).toBe(1);
    const date = dialog.getByLabel("Picked up on");
    expect([await date.inputValue(), await date.getAttribute("max")]).toEqual([today, today]);
    await expectAccessible(page);
    await dialog.getByLabel("Tablets in this refill (adjust if different from standard)").fill("10");
    // A day before the medication was added: the server's reason shows at the field.
    await date.fill(addDays(addedOn, -1));
    await dialog.getByRole("button", { name: "Confirm Refill" }).focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => dialog.getByRole("alert").textContent())
      .toMatch(/^Picked up on cannot be before .*, when this medication was added$/);
    forgiveBadRequest(page);
    await date.fill(today);
    await dialog.getByRole("button", { name: "Confirm Refill" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => toast(page).textContent()).toContain("Medication refilled");
    await hydrated(page);
    const history = page.getByRole("region", { name: "History" });
    await expect.poll(() => history.getByRole("listitem").first().textContent()).toContain("Refilled +10 tablets");
    const undo = history.getByRole("button", { name: /^Undo the refill of / });
    expect(await undo.count()).toBe(1);
    await undo.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => toast(page).textContent()).toContain("Refill undone");
    await hydrated(page);
    await expect.poll(() => history.getByRole("listitem").first().textContent()).toContain("Refill undone");
    expect(await history.getByRole("button", { name: /^Undo/ }).count()).toBe(0);
    await expectAccessible(page);
    expectNoErrors(page);
  });
});

describe("the dashboard's refill toast", () => {
  it("offers Undo for 10 seconds; the success toast passes axe's contrast check", async () => {
    const page = await newPage(browser, DESKTOP);
    const { medication } = await seed(page);
    const before = await (await page.request.get(`/api/medications/${medication.id}`)).json();
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Refill Lisinopril" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Medication Refill" });
    await dialog.getByRole("button", { name: "Confirm Refill" }).click();
    const undo = toast(page).getByRole("button", { name: "Undo" });
    await expect.poll(() => undo.count()).toBe(1);
    // expectAccessible waits for the toast's fade-in to end: axe measures the colours as shown.
    await expectAccessible(page);
    expect((await (await page.request.get(`/api/medications/${medication.id}`)).json()).pillsRemaining).toBe(before.pillsRemaining + 30);
    await undo.click();
    await expect.poll(() => toast(page).textContent()).toContain("Refill undone");
    await expect
      .poll(async () => (await (await page.request.get(`/api/medications/${medication.id}`)).json()).pillsRemaining)
      .toBe(before.pillsRemaining);
    await expectAccessible(page);
    expectNoErrors(page);
  });
});

describe.each([
  ["1280", DESKTOP],
  ["375", MOBILE],
])("the medication form's 'Prescription (optional)' group at %s px", (_, viewport) => {
  it("saves refills left and the expiry, shows a refused value at its field, and edits them back to untracked", async () => {
    const page = await newPage(browser, viewport);
    await registerViaApi(page);
    const pharmacy = await (
      await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "2125551234" } })
    ).json();
    await page.goto("/add-medication");
    await hydrated(page);
    const group = page.getByRole("group", { name: "Prescription (optional)" });
    expect(await group.count()).toBe(1);
    await page.getByLabel("Medication Name", { exact: true }).fill("Atenolol");
    await page.getByRole("combobox", { name: "Pharmacy" }).selectOption({ value: String(pharmacy.id) });
    await page.getByLabel("Pills Remaining", { exact: true }).fill("3");
    await group.getByLabel("Refills left").fill("-1");
    await page.getByRole("button", { name: "Save Medication" }).click();
    await expect.poll(() => group.getByRole("alert").textContent()).toBe("Refills left must be a whole number of 0 or more");
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await group.getByLabel("Refills left").fill("0");
    await group.getByLabel("Prescription expires on").fill("2030-01-31");
    await page.getByRole("button", { name: "Save Medication" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await hydrated(page);
    // No refills left and 3 days of pills: the row says so, and the filter finds it.
    await expect.poll(() => page.getByText("Ask your doctor for a new prescription").count()).toBe(1);
    await page.getByRole("combobox", { name: "Filter by status" }).selectOption({ label: "Needs a new prescription" });
    await expect.poll(() => page.getByRole("rowheader").allTextContents()).toEqual([expect.stringContaining("Atenolol")]);

    const [medication] = await (await page.request.get("/api/medications")).json();
    expect(medication).toMatchObject({ refillsLeft: 0, prescriptionExpiresOn: "2030-01-31" });
    await page.goto(`/edit-medication/${medication.id}`);
    await hydrated(page);
    expect(await page.getByLabel("Refills left").inputValue()).toBe("0");
    await page.getByLabel("Refills left").fill("");
    await page.getByLabel("Prescription expires on").fill("");
    await page.getByRole("button", { name: "Update Medication" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(await (await page.request.get(`/api/medications/${medication.id}`)).json()).toMatchObject({
      refillsLeft: null,
      prescriptionExpiresOn: null,
    });
    expectNoErrors(page);
  });
});
