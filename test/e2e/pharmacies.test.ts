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

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const cardNames = (page: Page) => page.getByRole("main").getByRole("listitem").getByRole("heading").allTextContents();
const count = (page: Page, text: string) => page.getByText(text, { exact: true }).count();
/**
 * Closes the toasts before an axe run: sonner's rich-colour success toast (the Toasts island, not
 * this screen) has 4.3:1 text contrast and would hide this screen's own findings.
 */
async function dismissToasts(page: Page) {
  const toasts = page.locator("[data-sonner-toast]");
  // One is visible at a time: close the front one until none is left.
  for (let left = await toasts.count(); left > 0; left = await toasts.count()) {
    await page.locator("[data-sonner-toast][data-visible=true] [data-close-button]").first().click();
    // Gone once its exit animation ends; then the next one is in front.
    await expect.poll(() => toasts.count()).toBeLessThan(left);
  }
}
const focusInDialog = (page: Page) => page.evaluate(() => document.activeElement?.closest("dialog[open]") != null);

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("my pharmacies (%s)", (_, viewport) => {
  it("starts empty, adds a pharmacy with a phone as people write it, edits it, and works by keyboard", async () => {
    const page = await newPage(browser, viewport);
    await registerViaApi(page);
    await page.goto("/pharmacies");
    await hydrated(page);

    expect(await page.getByRole("heading", { level: 1, name: "My Pharmacies" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/");
    expect(await page.getByRole("heading", { name: "No Pharmacies Yet" }).count()).toBe(1);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    const addFirst = page.getByRole("button", { name: "Add Your First Pharmacy" });
    await addFirst.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add Pharmacy" });
    await expect.poll(() => dialog.count()).toBe(1);
    const name = dialog.getByLabel("Pharmacy Name");
    const phone = dialog.getByLabel("Phone Number");
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await phone.getAttribute("type")).toBe("tel");
    expect(await phone.getAttribute("inputmode")).toBe("tel");
    expect(await phone.getAttribute("placeholder")).toBe("+1 212 555 0123");
    expect(await phone.getAttribute("maxlength")).toBe("30");
    await expectAccessible(page);

    // Escape closes and focus goes back to the button that opened it.
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await addFirst.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.count()).toBe(1);

    await page.keyboard.press("Enter"); // submit with nothing filled in
    await expect.poll(() => dialog.getByText("Pharmacy name is required").count()).toBe(1);
    await name.fill("Corner Pharmacy");
    await page.keyboard.press("Tab");
    expect(await phone.evaluate((el) => el === document.activeElement)).toBe(true);
    // '+', digits, spaces, '-', '.', '(' and ')' are taken; letters are refused as they are typed.
    await page.keyboard.type("+1 (555) abc-123.x4567");
    expect(await phone.inputValue()).toBe("+1 (555) -123.4567");
    // Pasted text keeps those characters only, up to 30.
    await phone.fill("");
    await phone.evaluate((input) => {
      const data = new DataTransfer();
      data.setData("text/plain", "Tel: +44 20\t7183 8750");
      input.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    expect(await phone.inputValue()).toBe("+44 20 7183 8750");
    await phone.fill("");
    await page.keyboard.type("1".repeat(35));
    expect(await phone.inputValue()).toBe("1".repeat(30));

    // A number that is not one (555 is no US area code) is refused by the server, in words, at the
    // phone field (its code names it), the dialog open and what was typed kept.
    await phone.fill("(555) 123-4567");
    await dialog.getByRole("button", { name: "Save Pharmacy" }).click();
    const phoneError = dialog.locator(".field-error", { hasText: "Enter a valid phone number" });
    await expect.poll(() => phoneError.count()).toBe(1);
    expect(await phone.getAttribute("aria-invalid")).toBe("true");
    expect(await phone.getAttribute("aria-describedby")).toContain(await phoneError.getAttribute("id"));
    expect([await name.inputValue(), await phone.inputValue()]).toEqual(["Corner Pharmacy", "(555) 123-4567"]);
    expect(await dialog.isVisible()).toBe(true);
    await expectAccessible(page);
    await phone.fill("(212) 555-1234");

    // Tab stays inside the dialog.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      expect(await focusInDialog(page)).toBe(true);
    }
    await dialog.getByRole("button", { name: "Save Pharmacy" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => count(page, "Success")).toBe(1);
    await expect.poll(() => cardNames(page)).toEqual(["Corner Pharmacy"]);
    // Shown formatted and dialled as E.164, both worked out by the server.
    expect(await page.getByRole("link", { name: "+1 212 555 1234" }).getAttribute("href")).toBe("tel:+12125551234");

    await page.getByRole("button", { name: "Edit Corner Pharmacy" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Pharmacy" });
    await expect.poll(() => edit.count()).toBe(1);
    expect(await edit.getByLabel("Pharmacy Name").inputValue()).toBe("Corner Pharmacy");
    expect(await edit.getByLabel("Phone Number").inputValue()).toBe("+1 212 555 1234");
    await edit.getByLabel("Pharmacy Name").fill("Corner Pharmacy & Co");
    // Escape while the save runs (held until the test lets it go) loses nothing. The dialog refuses
    // the first Escape, but Chromium closes a modal on a repeated one whatever the page does, so the
    // contract is the end state: the change saved, the dialog closed, focus back on its button.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/pharmacies/*", async (route) => {
      if (route.request().method() === "PATCH") await held;
      await route.continue();
    });
    await edit.getByRole("button", { name: "Save Pharmacy" }).click();
    await expect.poll(() => edit.getByRole("button", { name: "Saving..." }).count()).toBe(1);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    release();
    await expect.poll(() => cardNames(page)).toEqual(["Corner Pharmacy & Co"]);
    await expect.poll(() => edit.count()).toBe(0);
    expect(await page.getByRole("button", { name: "Edit Corner Pharmacy & Co" }).evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    expect(await count(page, "Pharmacy updated successfully.")).toBe(1);
    await dismissToasts(page);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    expectNoErrors(page);
    await page.context().close();
  });

  it("deletes after 'Are you sure?', and refuses a pharmacy that medications use", async () => {
    const page = await newPage(browser, viewport);
    await registerViaApi(page);
    const used = await (await page.request.post("/api/pharmacies", { data: { name: "Busy Pharmacy", phoneNumber: "2125550000" } })).json();
    await page.request.post("/api/pharmacies", { data: { name: "Idle Pharmacy", phoneNumber: "2125551111" } });
    const med = await page.request.post("/api/medications", {
      data: { name: "Metformin", pharmacyId: used.id, pillsPerDay: 1, pillsRemaining: 30, pillsPerRefill: 30 },
    });
    expect(med.status()).toBe(201);
    await page.goto("/pharmacies");
    await hydrated(page);
    expect(await cardNames(page)).toEqual(["Busy Pharmacy", "Idle Pharmacy"]);

    await page.getByRole("button", { name: "Delete Busy Pharmacy" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await expect.poll(() => dialog.count()).toBe(1);
    const text = (await dialog.textContent()) ?? "";
    expect(text).toContain("permanently delete");
    expect(text).toContain("A pharmacy that is associated with any medications cannot be deleted.");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Delete" }).click();
    // Refused: the dialog stays open and says why, until the patient cancels.
    await expect
      .poll(() => dialog.getByRole("alert").textContent())
      .toContain("This pharmacy cannot be deleted because medications use it.");
    expect(await dialog.isVisible()).toBe(true);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await cardNames(page)).toEqual(["Busy Pharmacy", "Idle Pharmacy"]);

    await page.getByRole("button", { name: "Delete Idle Pharmacy" }).click();
    // Another opening starts without the last refusal.
    expect(await dialog.getByRole("alert").count()).toBe(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole("button", { name: "Delete Idle Pharmacy" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => cardNames(page)).toEqual(["Busy Pharmacy"]);
    await expect.poll(() => count(page, "Pharmacy deleted successfully.")).toBe(1);
    expectNoErrors(page);
    await page.context().close();
  });
});
