import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  confirmationPath,
  DESKTOP,
  devEmailsTo,
  expectAccessible,
  expectNoErrors,
  expectNoHorizontalScroll,
  hydrated,
  launch,
  MOBILE,
  newPage,
  registerViaApi,
} from "./browser";

// The profile form (the Security section below it has its own current-password field).
const profileForm = (page: Page) => page.locator("form").filter({ has: page.getByLabel("Email for Notifications") });

// Confirming an address, and moving to a new one, in a real browser: by mouse and by keyboard.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const BANNER = "Confirm your email address to get refill reminders by email.";
const count = (page: Page, value: string) => page.getByText(value, { exact: false }).count();
const currentUser = async (page: Page) => (await page.request.get("/api/user")).json();
const confirmations = async (page: Page, to: string) =>
  (await devEmailsTo(page, to)).filter((m) => m.subject === "Confirm your Refill Tracker email address");

/** Tabs until `name` has the focus (at most `max` presses), then answers whether it got there. */
async function tabTo(page: Page, name: string, max = 30) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? "");
    if (focused === name) return true;
  }
  return false;
}

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("e-mail confirmation (%s)", (_, viewport) => {
  it("the signed-in layout's banner, 'Resend email' by keyboard, the link confirms, the banner goes", async () => {
    const page = await newPage(browser, viewport);
    const { username } = await registerViaApi(page);
    const email = `${username}@example.com`;
    await page.goto("/");
    await hydrated(page);
    const banner = page.getByRole("region", { name: "Email confirmation" });
    expect(await banner.getByText(BANNER).count()).toBe(1);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    expect(await tabTo(page, "Resend email")).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => count(page, `We sent a new confirmation link to \u2068${email}\u2069.`)).toBe(1);
    expect(await confirmations(page, email)).toHaveLength(2);

    await page.goto(await confirmationPath(page, email));
    expect(await page.getByRole("heading", { name: "Email confirmed" }).count()).toBe(1);
    await expectAccessible(page);
    expect(await tabTo(page, "Go to dashboard")).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/");
    await hydrated(page);
    expect(await count(page, BANNER)).toBe(0);
    expect(await currentUser(page)).toMatchObject({ emailConfirmed: true });
    expectNoErrors(page);
    await page.context().close();
  });

  it("a used or unknown link says so clearly and offers a new one", async () => {
    const page = await newPage(browser, viewport);
    const { username } = await registerViaApi(page);
    const email = `${username}@example.com`;
    const first = await confirmationPath(page, email);
    await page.goto(`/confirm-email?token=${"z".repeat(52)}`);
    await hydrated(page);
    expect(await page.getByRole("heading", { name: "Confirmation link not valid" }).count()).toBe(1);
    expect(await count(page, "This confirmation link has already been used or was replaced by a newer one.")).toBe(1);
    await expectAccessible(page);
    expect(await tabTo(page, "Resend email")).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => count(page, "We sent a new confirmation link")).toBe(1);
    // The first link was replaced by the new one.
    await page.goto(first);
    expect(await count(page, "Email confirmed")).toBe(0);

    // Signed out, the page sends the reader to sign in first.
    await page.context().clearCookies();
    await page.goto(first);
    expect(await page.getByRole("link", { name: "Sign in to send a new link" }).getAttribute("href")).toBe("/auth");
    expectNoErrors(page);
    await page.context().close();
  });
});

describe("changing the e-mail address (desktop)", () => {
  it("asks for the current password, keeps the old address until the new one is confirmed", async () => {
    const page = await newPage(browser, DESKTOP);
    const account = await registerViaApi(page, undefined, { confirmed: true });
    const oldAddress = `${account.username}@example.com`;
    const newAddress = `new.${account.username}@example.net`;
    await page.goto("/profile");
    await hydrated(page);
    expect(await profileForm(page).getByLabel("Current password").count()).toBe(0);

    await page.getByLabel("Email for Notifications").fill(newAddress);
    const password = profileForm(page).getByLabel("Current password");
    await expect.poll(() => password.count()).toBe(1);
    await expectAccessible(page);
    await password.fill("not my password");
    await password.press("Enter");
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Current password is incorrect" }).count()).toBe(1);
    expect(await password.getAttribute("aria-invalid")).toBe("true");
    expect(await currentUser(page)).toMatchObject({ email: oldAddress, pendingEmail: null });

    await password.fill(account.password);
    await password.press("Enter");
    await expect.poll(() => count(page, `Open the link we sent to \u2068${newAddress}\u2069 to confirm it.`)).toBe(1);
    expect(await currentUser(page)).toMatchObject({ email: oldAddress, pendingEmail: newAddress });
    // Still on /profile: the field shows the address in use, the new one waits below it.
    expect(new URL(page.url()).pathname).toBe("/profile");
    expect(await page.getByLabel("Email for Notifications").inputValue()).toBe(oldAddress);
    expect(await password.count()).toBe(0);
    await expect.poll(() => count(page, `Waiting for confirmation of ${newAddress}.`)).toBe(1);
    const [notice] = (await devEmailsTo(page, oldAddress)).filter((m) => m.subject === "Your Refill Tracker e-mail is being changed");
    expect(notice!.text).toContain(
      "Your Refill Tracker e-mail is being changed to \u2068n•••@example.net\u2069. If this wasn't you, reset your password.",
    );

    await page.goto("/profile");
    await hydrated(page);
    expect(await count(page, `Waiting for confirmation of ${newAddress}.`)).toBe(1);
    await expectAccessible(page);

    await page.goto(await confirmationPath(page, newAddress));
    expect(await page.getByRole("heading", { name: "Email confirmed" }).count()).toBe(1);
    expect(await currentUser(page)).toMatchObject({ email: newAddress, pendingEmail: null, emailConfirmed: true });
    expectNoErrors(page);
    await page.context().close();
  });
});
