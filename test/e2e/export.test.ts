import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
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

// The list taken elsewhere, in a real Chromium: the printed list (print media, PDF page count,
// without JavaScript), the dashboard's CSV import dialog, and settings' calendar link.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function addMedications(page: Page, count: number) {
  const pharmacy = await page.request.post("/api/pharmacies", { data: { name: "Corner Drugs", phoneNumber: "2125550100" } });
  const pharmacyId = (await pharmacy.json()).id;
  for (let i = 1; i <= count; i++) {
    const res = await page.request.post("/api/medications", {
      data: {
        name: `Medication ${String(i).padStart(2, "0")}`,
        pharmacyId,
        pillsPerDay: 1 + (i % 3) * 0.5,
        pillsRemaining: 10 * i,
        pillsPerRefill: 30,
        lastRefillDate: i % 2 ? "2026-01-05" : "",
      },
    });
    expect(res.status()).toBe(201);
  }
}

/** Pages of a PDF Chromium printed (each page is one `/Type /Page` object). */
const pdfPages = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;

describe("printable list", () => {
  it("prints 25 medications on one A4 or Letter page, without the app's chrome, and passes axe", async () => {
    const page = await newPage(browser, DESKTOP);
    await registerViaApi(page);
    await addMedications(page, 25);
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("link", { name: "Print list" }).click();
    await page.waitForURL("**/medications/print");
    await hydrated(page);

    expect(await page.getByRole("heading", { level: 1, name: "Medication list" }).count()).toBe(1);
    expect(await page.getByRole("row").count()).toBe(26);
    expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(true);
    await expectAccessible(page);
    await page.setViewportSize(MOBILE);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await page.setViewportSize(DESKTOP);

    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
    expect(await page.getByRole("link", { name: "Back to Dashboard" }).isVisible()).toBe(false);
    expect(await page.getByText(/^Printed on /).isVisible()).toBe(true);
    expect(await page.getByRole("row", { name: /Medication 25/ }).isVisible()).toBe(true);
    // UPDATE_SCREENSHOTS=1 refreshes the committed picture; otherwise a run leaves the tree as it was.
    if (process.env.UPDATE_SCREENSHOTS) mkdirSync("docs/screenshots", { recursive: true });
    const shot = await page.screenshot({
      fullPage: true,
      path: process.env.UPDATE_SCREENSHOTS ? "docs/screenshots/print-list.png" : undefined,
    });
    expect(shot.length).toBeGreaterThan(10_000);

    // The page's own @page margins (12 mm) apply.
    for (const format of ["A4", "Letter"]) expect(pdfPages(await page.pdf({ format })), format).toBe(1);
    expectNoErrors(page);
  });

  it("works without JavaScript: the list is all there and the page says how to print", async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, viewport: DESKTOP });
    const page = await context.newPage();
    await registerViaApi(page);
    await addMedications(page, 2);
    await page.goto("/medications/print");
    expect(await page.getByRole("row").count()).toBe(3);
    // Playwright turns scripts off by emulation, under which Chromium still does not display
    // <noscript>: check what a browser without JavaScript would show.
    expect(await page.locator("noscript").textContent()).toContain("Use your browser's Print command");
    expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
    await context.close();
  });
});

describe("CSV import dialog", () => {
  it("previews a file with its problems, refuses it, then imports a good one", async () => {
    const page = await newPage(browser, DESKTOP);
    await registerViaApi(page);
    await page.goto("/");
    await hydrated(page);
    const open = page.getByRole("button", { name: "Import from CSV" });
    await open.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Import from CSV" });
    await expect.poll(() => dialog.count()).toBe(1);

    const bad = "name,pills_per_day,pills_remaining,pills_per_refill,pharmacy\nMetformin,1,30,30,Corner\nAspirin,0.2,30,30,Corner\n";
    await dialog.getByLabel("CSV file").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
    await expect.poll(() => dialog.getByText("Row 3: Must take at least 0.25 pills per day").count()).toBe(1);
    expect(await dialog.getByRole("button", { name: "Import" }).isDisabled()).toBe(true);
    expect(await dialog.getByRole("region", { name: "Preview" }).getByRole("row").count()).toBe(3);
    await expectAccessible(page);

    const good =
      "Name,Pharmacy,Pills_Per_Day,Pills_Remaining,Pills_Per_Refill,Pharmacy_Phone\nMetformin,Corner,1,30,30,2125550100\nCrème Aspirine,Corner,0.5,20,30,2125550100\n";
    await dialog.getByLabel("CSV file").setInputFiles({ name: "good.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
    await expect.poll(() => dialog.getByText("2 medications ready to import.").count()).toBe(1);
    await dialog.getByRole("button", { name: "Import" }).click();
    await page.waitForLoadState("load");
    await hydrated(page);
    await expect.poll(() => page.getByText("Crème Aspirine").first().count()).toBe(1);
    await expect.poll(() => page.getByText("Import complete").count()).toBe(1);
    expectNoErrors(page);
  });
});

describe("calendar link in settings", () => {
  it("subscribes, resets (the old link stops working) and turns off", async () => {
    const page = await newPage(browser, DESKTOP);
    await registerViaApi(page);
    await page.goto("/notifications");
    await hydrated(page);
    expect(await page.getByRole("heading", { name: "Calendar" }).count()).toBe(1);
    await page.getByRole("button", { name: "Subscribe in your calendar" }).click();
    const link = page.getByLabel("Your calendar link");
    await expect.poll(() => link.count()).toBe(1);
    const first = await link.inputValue();
    expect(first).toMatch(/\/calendar\/[a-z0-9]+\.ics$/);
    expect((await page.request.get(new URL(first).pathname)).status()).toBe(200);
    expect(await page.getByRole("button", { name: "Copy link" }).count()).toBe(1);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Reset link" }).click();
    await expect.poll(() => link.inputValue()).not.toBe(first);
    const second = await link.inputValue();
    expect((await page.request.get(new URL(first).pathname)).status()).toBe(404);
    expect((await page.request.get(new URL(second).pathname)).status()).toBe(200);

    await page.reload();
    await hydrated(page);
    expect(await page.getByText("Your calendar feed is on.").count()).toBe(1);
    await page.getByRole("button", { name: "Turn off" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Subscribe in your calendar" }).count()).toBe(1);
    expect((await page.request.get(new URL(second).pathname)).status()).toBe(404);
    expectNoErrors(page);
  });
});
