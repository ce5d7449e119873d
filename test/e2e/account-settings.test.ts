import { readFile } from "node:fs/promises";
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

// /profile's Security and Your data sections, in a real browser at both widths, by keyboard.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const text = (page: Page, value: string) => page.getByText(value, { exact: false }).count();

/** The same account signed in on another device (its own cookie jar); answers that device's API. */
async function otherDevice(username: string, password: string) {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  });
  const res = await context.request.post("/api/login", { data: { username, password } });
  expect(res.status()).toBe(200);
  return { signedIn: async () => (await context.request.get("/api/user")).status() === 200, close: () => context.close() };
}

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("account settings (%s)", (_, viewport) => {
  it("Security: lists the devices and changes the password by keyboard, signing the others out", async () => {
    const page = await newPage(browser, viewport);
    const account = await registerViaApi(page);
    const laptop = await otherDevice(account.username, account.password);
    expect((await page.request.post("/api/calendar-feed")).status()).toBe(201);
    await page.goto("/profile");
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 2, name: "Security" }).count()).toBe(1);
    expect(await text(page, "Calendar feed made")).toBe(1);
    expect(await page.getByRole("heading", { level: 2, name: "Your data" }).count()).toBe(1);
    const devices = page.getByRole("region", { name: "Signed-in devices" }).getByRole("listitem");
    expect(await devices.count()).toBe(2);
    expect(await text(page, "This device")).toBe(1);
    expect(await text(page, "Firefox on Linux")).toBe(1);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // By keyboard: a wrong current password is refused beside its field.
    await page.getByLabel("Current Password").focus();
    await page.keyboard.type("not my password");
    await page.keyboard.press("Tab");
    await page.keyboard.type("a brand new secret");
    await page.keyboard.press("Tab");
    await page.keyboard.type("a brand new secret");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".field-error", { hasText: "Current password is incorrect" }).count()).toBe(1);
    expect(await page.getByLabel("Current Password").getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page);

    // The password in use, typed as the new one: refused beside the new password's field.
    const newPassword = page.getByLabel("New Password", { exact: true });
    await page.getByLabel("Current Password").fill(account.password);
    await newPassword.fill(account.password);
    await page.getByLabel("Confirm New Password").fill(account.password);
    await newPassword.press("Enter");
    await expect.poll(() => page.locator(".field-error", { hasText: "Choose a password you have not used here" }).count()).toBe(1);
    expect(await newPassword.getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page);
    await newPassword.fill("a brand new secret");
    await page.getByLabel("Confirm New Password").fill("a brand new secret");

    await page.getByLabel("Current Password").fill(account.password);
    await page.getByLabel("Current Password").press("Enter");
    await expect.poll(() => text(page, "Password changed")).toBe(1);
    await expect.poll(() => devices.count()).toBe(1);
    // The new password turned the calendar feed off too.
    expect(await text(page, "Calendar feed made")).toBe(0);
    expect(await (await page.request.get("/api/calendar-feed")).json()).toEqual({ enabled: false });
    expect(await page.getByLabel("Current Password").inputValue()).toBe("");
    expect(await laptop.signedIn()).toBe(false);
    expect((await page.request.get("/api/user")).status()).toBe(200);
    const login = await page.request.post("/api/login", { data: { username: account.username, password: "a brand new secret" } });
    expect(login.status()).toBe(200);
    expectNoErrors(page);
    await laptop.close();
    await page.context().close();
  });

  it("Security: 'Sign out everywhere else' by keyboard ends the other devices' sessions", async () => {
    const page = await newPage(browser, viewport);
    const account = await registerViaApi(page);
    const laptop = await otherDevice(account.username, account.password);
    const tablet = await otherDevice(account.username, account.password);
    await page.goto("/profile");
    await hydrated(page);
    const devices = page.getByRole("region", { name: "Signed-in devices" }).getByRole("listitem");
    expect(await devices.count()).toBe(3);
    const button = page.getByRole("button", { name: "Sign out everywhere else" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => text(page, "Signed out everywhere else")).toBe(1);
    await expect.poll(() => text(page, "2 other sessions ended.")).toBe(1);
    await expect.poll(() => devices.count()).toBe(1);
    expect(await button.isDisabled()).toBe(true);
    expect(await laptop.signedIn()).toBe(false);
    expect(await tablet.signedIn()).toBe(false);
    expect((await page.request.get("/api/user")).status()).toBe(200);
    await expectAccessible(page); // after the toast's fade-in: axe measures its colours as shown
    expectNoErrors(page);
    await Promise.all([laptop.close(), tablet.close()]);
    await page.context().close();
  });

  it("Security: each other device has its own 'Sign out'; one signed out by keyboard, the rest stay", async () => {
    const page = await newPage(browser, viewport);
    const account = await registerViaApi(page);
    const laptop = await otherDevice(account.username, account.password);
    const tablet = await otherDevice(account.username, account.password);
    // This browser signs in again: its earlier session ends, so it is still listed once.
    expect((await page.request.post("/api/login", { data: { username: account.username, password: account.password } })).status()).toBe(
      200,
    );
    await page.goto("/profile");
    await hydrated(page);
    const list = page.getByRole("region", { name: "Signed-in devices" });
    expect(await list.getByRole("listitem").count()).toBe(3);
    expect(await list.getByRole("listitem").filter({ hasText: "This device" }).count()).toBe(1);
    // Each with when it was last seen.
    expect(
      await list
        .getByRole("listitem")
        .filter({ hasText: /Last seen/i })
        .count(),
    ).toBe(3);
    // Named with the device and when it was last seen; this device has none (the menu's Log out is for it).
    const buttons = list.getByRole("button", { name: /^Sign out Firefox on Linux, last seen / });
    expect(await buttons.count()).toBe(2);
    expect(await list.getByRole("listitem").filter({ hasText: "This device" }).getByRole("button").count()).toBe(0);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    await buttons.first().focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => text(page, "Firefox on Linux is no longer signed in.")).toBe(1);
    await expect.poll(() => list.getByRole("listitem").count()).toBe(2);
    // Its button went with it: focus is on the list's heading.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("devices-heading");
    expect([await laptop.signedIn(), await tablet.signedIn()].sort()).toEqual([false, true]);
    expect((await page.request.get("/api/user")).status()).toBe(200);
    await page.reload();
    await hydrated(page);
    expect(await list.getByRole("listitem").count()).toBe(2);
    await expectAccessible(page);
    expectNoErrors(page);
    await Promise.all([laptop.close(), tablet.close()]);
    await page.context().close();
  });

  it("Your data: 'Export my data' downloads one dated JSON file with the user's records", async () => {
    const page = await newPage(browser, viewport);
    const account = await registerViaApi(page);
    await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "2125550100" } });
    await page.goto("/profile");
    await hydrated(page);
    const link = page.getByRole("link", { name: "Export my data" });
    await link.focus();
    const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(download.suggestedFilename()).toMatch(/^refill-tracker-export-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await readFile((await download.path())!, "utf8"));
    expect(file.profile).toMatchObject({ username: account.username, fullName: account.fullName });
    expect(file.pharmacies).toEqual([expect.objectContaining({ name: "Corner Pharmacy" })]);
    expect(JSON.stringify(file)).not.toMatch(/hash|token/i);
    expectNoErrors(page);
    await page.context().close();
  });

  it("Your data: deleting the account asks for the password in a dialog, then lands on /auth with the toast", async () => {
    const page = await newPage(browser, viewport);
    const account = await registerViaApi(page);
    await page.goto("/profile");
    await hydrated(page);
    await page.getByRole("button", { name: "Delete my account" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // Focus moved into the dialog, onto its password field.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("currentPassword");
    await expectAccessible(page);

    // Escape closes it and nothing happens.
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Delete my account" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.isVisible()).toBe(true);

    await page.keyboard.type("not my password");
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.locator(".field-error", { hasText: "Current password is incorrect" }).count()).toBe(1);
    expect((await page.request.get("/api/user")).status()).toBe(200);

    await dialog.getByLabel("Current Password").fill(account.password);
    await dialog.getByLabel("Current Password").press("Enter");
    await page.waitForURL((url) => url.pathname === "/auth");
    await hydrated(page);
    await expect.poll(() => text(page, "Your account has been deleted")).toBe(1);
    expect((await page.request.get("/api/user")).status()).toBe(401);
    const login = await page.request.post("/api/login", { data: { username: account.username, password: account.password } });
    expect(login.status()).toBe(401);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    expectNoErrors(page);
    await page.context().close();
  });
});
