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

// The profile form (the Security section below it has its own current-password field).
const profileForm = (page: Page) => page.locator("form").filter({ has: page.getByLabel("Email for Notifications") });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const text = (page: Page, value: string) => page.getByText(value, { exact: false }).count();
const currentUser = async (page: Page) => (await page.request.get("/api/user")).json();

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("profile and notification settings (%s)", (_, viewport) => {
  it("profile: validates with the spec's messages, saves with a toast, stays on the page and updates the header", async () => {
    const page = await newPage(browser, viewport);
    const account = await registerViaApi(page);
    await page.goto("/profile");
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1, name: "Profile" }).count()).toBe(1);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    const fullName = page.getByLabel("Full Name");
    const email = page.getByLabel("Email for Notifications");
    expect(await fullName.inputValue()).toBe(account.fullName);
    expect(await email.inputValue()).toBe(`${account.username}@example.com`);
    expect(await page.getByRole("link", { name: "Cancel" }).getAttribute("href")).toBe("/");

    await fullName.fill(" ");
    await email.fill("not-an-address");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect.poll(() => text(page, "Full name is required")).toBe(1);
    await expect.poll(() => text(page, "Invalid email address")).toBe(1);
    expect(await fullName.getAttribute("aria-invalid")).toBe("true");

    // The same mailbox in other letters: saved at once, nothing to confirm.
    await fullName.fill("Katherine Johnson");
    await email.fill(`${account.username.toUpperCase()}@EXAMPLE.COM`);
    expect(await profileForm(page).getByLabel("Current password").count()).toBe(0);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect.poll(() => text(page, "Your profile has been updated successfully.")).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/profile");
    expect(await fullName.inputValue()).toBe("Katherine Johnson");
    await expect.poll(() => page.getByRole("button", { name: "Katherine Johnson" }).count()).toBe(1);
    await expectAccessible(page); // after the toast's fade-in: axe measures it as shown
    expect(await currentUser(page)).toMatchObject({
      fullName: "Katherine Johnson",
      email: `${account.username.toUpperCase()}@EXAMPLE.COM`,
      pendingEmail: null,
    });
    expectNoErrors(page);
    await page.context().close();
  });

  it("profile: the test e-mail reports its counts, and failures say why", async () => {
    const page = await newPage(browser, viewport);
    const account = await registerViaApi(page, undefined, { confirmed: true });
    await page.goto("/profile");
    await hydrated(page);
    await page.getByRole("button", { name: "Test Email Notifications" }).click();
    await expect.poll(() => text(page, "Test Email Sent")).toBe(1);
    // Where it went (the address isolated as user text), what it found, and nothing about server logs.
    await expect
      .poll(() =>
        text(
          page,
          `We sent it to \u2068${account.username}@example.com\u2069. Found 0 medications needing a refill now and 0 medications upcoming.`,
        ),
      )
      .toBe(1);
    expect(await text(page, "server logs")).toBe(0);
    const mails = (await (await page.request.get("/dev/emails")).json()) as Array<{ to: string; subject: string }>;
    expect(mails.filter((m) => m.to === `${account.username}@example.com` && m.subject.startsWith("Test")).map((m) => m.subject)).toEqual([
      "Test: your medication refill reminder",
    ]);

    await page.route("**/api/test-email-notification", (route) =>
      route.fulfill({
        status: 502,
        contentType: "application/json",
        body: JSON.stringify({ message: "The test e-mail could not be sent just now. Please try again in a few minutes." }),
      }),
    );
    await page.getByRole("button", { name: "Test Email Notifications" }).click();
    await expect.poll(() => text(page, "Test Email Failed")).toBe(1);
    // In the toast, and in the form's own alert (the form stays as it was).
    await expect
      .poll(() => page.locator("[data-sonner-toast]").getByText("The test e-mail could not be sent just now.", { exact: false }).count())
      .toBe(1);
    expect(await page.locator("form").getByRole("alert").textContent()).toBe(
      "The test e-mail could not be sent just now. Please try again in a few minutes.",
    );
    await page.context().close();
  });

  it("notifications: the bell opens them; preselects the browser's zone, saves every setting and stays with a toast", async () => {
    const page = await newPage(browser, viewport, "Asia/Kolkata");
    await registerViaApi(page);
    await page.goto("/");
    await hydrated(page);
    // The bell is a link straight to the settings, not a button with a menu of one link.
    expect(await page.getByRole("button", { name: "Notifications" }).count()).toBe(0);
    await page.getByRole("link", { name: "Notifications", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/notifications");
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1, name: "Configure Notifications" }).count()).toBe(1);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    const zone = page.getByLabel("Timezone");
    await expect.poll(() => zone.inputValue()).toBe("Asia/Kolkata");
    expect(await zone.locator("option:checked").textContent()).toMatch(/^Kolkata \(\d{1,2}:\d{2} [AP]M\)$/);
    expect(await text(page, "India Standard Time (GMT+05:30)")).toBe(1);
    expect(await text(page, "Timezone used for pill count updates and notifications.")).toBe(1);

    const slider = page.getByRole("slider", { name: "Days Before Running Out to Notify" });
    expect(await slider.getAttribute("min")).toBe("1");
    expect(await slider.getAttribute("max")).toBe("30");
    await slider.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => text(page, "You'll receive an email when any medication is 10 days or less from running out.")).toBe(1);
    await expect.poll(() => page.locator("output").textContent()).toBe("10 days");
    expect(await page.getByRole("note").textContent()).toContain("One daily email is sent if any of your medications needs refilling.");

    const hour = page.getByLabel("Notification Time");
    const hourLabels = await hour.locator("option").allTextContents();
    expect(hourLabels).toHaveLength(24);
    expect([hourLabels[0], hourLabels[1], hourLabels[12], hourLabels[23]]).toEqual(["12:00 AM", "1:00 AM", "12:00 PM", "11:00 PM"]);
    await hour.selectOption({ label: "7:00 PM" });

    const consent = page.getByRole("checkbox", { name: "I agree to receive email notifications about my medication refills" });
    expect(await consent.isChecked()).toBe(true);
    await consent.uncheck();
    expect(await page.getByRole("link", { name: "Cancel" }).getAttribute("href")).toBe("/");

    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect.poll(() => text(page, "Your notification preferences have been saved.")).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/notifications");
    expect([await slider.inputValue(), await hour.inputValue(), await consent.isChecked()]).toEqual(["10", "19", false]);
    await expectAccessible(page);
    expect(await currentUser(page)).toMatchObject({
      notificationDays: 10,
      timezone: "Asia/Kolkata",
      notificationHour: 19,
      emailConsent: false,
    });
    expectNoErrors(page);
    await page.context().close();
  });

  it("notifications: a saved zone wins over the browser's, and a failed save says why", async () => {
    const page = await newPage(browser, viewport, "America/Argentina/Buenos_Aires");
    await registerViaApi(page);
    await page.goto("/notifications");
    await hydrated(page);
    const zone = page.getByLabel("Timezone");
    await expect.poll(() => zone.inputValue()).toBe("America/Argentina/Buenos_Aires");
    await zone.selectOption("Europe/Berlin");
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect.poll(() => text(page, "Your notification preferences have been saved.")).toBe(1);

    await page.goto("/notifications");
    await hydrated(page);
    expect(await zone.inputValue()).toBe("Europe/Berlin");

    await page.route("**/api/notifications/settings", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ message: "Service temporarily unavailable. Please try again." }),
      }),
    );
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect.poll(() => text(page, "Update failed")).toBe(1);
    // In the toast, and in the form's own alert, the chosen zone kept.
    await expect
      .poll(() => page.locator("[data-sonner-toast]").getByText("Service temporarily unavailable. Please try again.").count())
      .toBe(1);
    expect(await page.locator("form").getByRole("alert").textContent()).toBe("Service temporarily unavailable. Please try again.");
    expect(await zone.inputValue()).toBe("Europe/Berlin");
    expect(new URL(page.url()).pathname).toBe("/notifications");
    await page.context().close();
  });
});
