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

// On a phone the dashboard's secondary actions ('Print list', 'Export CSV', 'Import from CSV',
// 'Manage Pharmacies') are behind one 'More' button (a native popover), so the first medication
// shows without scrolling past them; from 640 px up they stay in the header row.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** An account past its first run (no checklist, no banner) with three medications. */
async function seed(page: Page) {
  await registerViaApi(page, undefined, { confirmed: true });
  const settings = await page.request.patch("/api/notifications/settings", {
    data: { notificationDays: 7, emailConsent: true, timezone: "UTC", notificationHour: 9 },
  });
  expect(settings.status()).toBe(200);
  const pharmacy = await (
    await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "2125551234" } })
  ).json();
  for (const name of ["Atorvastatin", "Lisinopril", "Metformin"]) {
    const res = await page.request.post("/api/medications", {
      data: { name, pharmacyId: pharmacy.id, pillsPerDay: 1, pillsRemaining: 30, pillsPerRefill: 30 },
    });
    expect(res.status()).toBe(201);
  }
}

const SECONDARY: Array<["link" | "button", string]> = [
  ["link", "Print list"],
  ["link", "Export CSV"],
  ["button", "Import from CSV"],
  ["link", "Manage Pharmacies"],
];
const isFocused = (page: Page, role: "link" | "button", name: string) =>
  page.getByRole(role, { name }).evaluate((el) => el === document.activeElement);

describe("dashboard actions on a phone (375 px)", () => {
  it("'More' holds the secondary actions; the first medication is in view without scrolling", async () => {
    const page = await newPage(browser, MOBILE);
    await seed(page);
    await page.goto("/");
    await hydrated(page);
    const more = page.getByRole("button", { name: "More" });
    expect(await more.isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Add Medication" }).isVisible()).toBe(true);
    for (const [role, name] of SECONDARY) expect(await page.getByRole(role, { name }).count(), name).toBe(0);

    const first = page.getByRole("rowheader").first();
    expect(await first.textContent()).toBe("Atorvastatin");
    const box = (await first.boundingBox())!;
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(MOBILE.height);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // Opened by click: all four, usable; the page behind is not moved.
    await more.click();
    for (const [role, name] of SECONDARY) await expect.poll(() => page.getByRole(role, { name }).isVisible(), { message: name }).toBe(true);
    expect(await page.getByRole("link", { name: "Manage Pharmacies" }).getAttribute("href")).toBe("/pharmacies");
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await page.getByRole("button", { name: "Import from CSV" }).click();
    const dialog = page.getByRole("dialog", { name: "Import from CSV" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Escape closed the dialog only; focus went back to its button, still in the open menu.
    expect(await isFocused(page, "button", "Import from CSV")).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("link", { name: "Print list" }).count()).toBe(0);
    expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
    expectNoErrors(page);
    await page.context().close();
  });

  it("works by keyboard: Enter opens, Tab walks the actions, Escape closes with focus back on 'More'", async () => {
    const page = await newPage(browser, MOBILE);
    await seed(page);
    await page.goto("/");
    await hydrated(page);
    const more = page.getByRole("button", { name: "More" });
    await more.focus();
    expect(await more.getAttribute("aria-expanded")).toBeNull(); // exposed by the browser, not the markup
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("link", { name: "Print list" }).isVisible()).toBe(true);
    for (const [role, name] of SECONDARY) {
      await page.keyboard.press("Tab");
      expect(await isFocused(page, role, name), name).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("link", { name: "Print list" }).count()).toBe(0);
    expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
    // Enter on a link in the menu follows it.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await isFocused(page, "link", "Manage Pharmacies")).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/pharmacies");
    expectNoErrors(page);
    await page.context().close();
  });
});

describe("dashboard actions at 1280 px", () => {
  it("stay in the header row; no 'More'", async () => {
    const page = await newPage(browser, DESKTOP);
    await seed(page);
    await page.goto("/");
    await hydrated(page);
    expect(await page.getByRole("button", { name: "More" }).count()).toBe(0);
    const add = (await page.getByRole("link", { name: "Add Medication" }).boundingBox())!;
    for (const [role, name] of SECONDARY) {
      const box = (await page.getByRole(role, { name }).boundingBox())!;
      expect(box, name).not.toBeNull();
      expect(Math.abs(box.y - add.y), name).toBeLessThan(2);
    }
    await expectAccessible(page);
    expectNoErrors(page);
    await page.context().close();
  });
});
