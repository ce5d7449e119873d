import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, expectAccessible, expectNoErrors, hydrated, launch, MOBILE, newPage, registerViaApi } from "./browser";

// Packages: Ahmed had to turn "5 pens of 300 units" into 1,500 by hand. The medication form takes
// the package (items × each) and says what a box holds; the refill dialog proposes '1 box = 5 pens
// = 1,500 units' and refills by the box; one without a package may count one in the dialog.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const insulin = async (page: Page) =>
  ((await (await page.request.get("/api/medications")).json()) as Array<Record<string, unknown>>).find(
    (m) => m.name === "Insulin glargine",
  )!;

describe("refilling insulin by the box (finding: 5 pens × 300 units counted by hand)", () => {
  it("the form keeps 5 × 300 units; the refill dialog proposes 1 box = 5 pens = 1,500 units and the count rises by 1,500", async () => {
    const page = await newPage(browser, MOBILE);
    await page.goto("/");
    await registerViaApi(page);
    const pharmacy = await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "" } });
    expect(pharmacy.status()).toBe(201);

    await page.goto("/add-medication");
    await hydrated(page);
    await field(page, "Medication Name").fill("Insulin glargine");
    await page.getByRole("combobox", { name: "Pharmacy" }).selectOption(String((await pharmacy.json()).id));
    await page.getByRole("combobox", { name: "Unit" }).selectOption({ label: "Units (insulin)" });
    await page.locator('[name="dose"]').fill("20");
    await field(page, "Units Remaining").fill("300");
    await field(page, "Pens per package").pressSequentially("5");
    await field(page, "Units in each").pressSequentially("300");
    await expect.poll(() => page.getByText("1 box = 5 pens = 1,500 units", { exact: true }).count()).toBe(1);
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await expectAccessible(page);
    }
    await page.getByRole("button", { name: "Save Medication" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(await insulin(page)).toMatchObject({ packageItems: 5, packageAmount: 300, pillsRemaining: 300 });

    await hydrated(page);
    await page.getByRole("button", { name: "Refill Insulin glargine" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Medication Refill" });
    await expect.poll(() => dialog.getByText("1 box = 5 pens = 1,500 units", { exact: true }).count()).toBe(1);
    const amount = dialog.getByLabel("Units in this refill (adjust if different from standard)");
    await dialog.getByLabel("Boxes to add").pressSequentially("1");
    expect(await amount.inputValue()).toBe("1500");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Confirm Refill" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await insulin(page)).toMatchObject({ pillsRemaining: 1800 });
    await expect.poll(() => page.getByText("1,800 units").filter({ visible: true }).count()).toBe(1);
    expectNoErrors(page);
    await page.context().close();
  });

  it("a medication without a package counts one in the dialog: 5 × 300 fills 1,500", async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto("/");
    await registerViaApi(page);
    const pharmacy = await (await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "" } })).json();
    const created = await page.request.post("/api/medications", {
      data: {
        name: "Insulin glargine",
        pharmacyId: pharmacy.id,
        unit: "unit",
        schedule: { type: "daily", dose: 20 },
        pillsRemaining: 300,
        pillsPerRefill: 300,
        lastRefillDate: null,
      },
    });
    expect(created.status()).toBe(201);
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Refill Insulin glargine" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Medication Refill" });
    const amount = dialog.getByLabel("Units in this refill (adjust if different from standard)");
    await expect.poll(() => amount.inputValue()).toBe("300");
    const counted = dialog.getByRole("group", { name: "Or count a package" });
    await counted.getByLabel("Pens per package").pressSequentially("5");
    await counted.getByLabel("Units in each").pressSequentially("300");
    expect(await amount.inputValue()).toBe("1500");
    await dialog.getByRole("button", { name: "Confirm Refill" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await insulin(page)).toMatchObject({ pillsRemaining: 1800 });
    expectNoErrors(page);
    await page.context().close();
  });
});
