import { mkdirSync } from "node:fs";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "../../src/domain/countdown";
import { addDays } from "../../src/domain/time";
import { formatDate } from "../../src/shared/format";
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

// A 4xx never closes the form it came from: the refill dialog keeps what was typed and says a refused
// day at its field; the password forms keep theirs. The browser reports UTC, so the account's today is UTC's.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** The browser logs the 400s the test provoked on purpose; they are not page errors. */
function forgiveBadRequests(page: Page) {
  const problems = (page as Page & { problems: string[] }).problems;
  problems.splice(0, problems.length, ...problems.filter((p) => !/Failed to load resource.*40[03]/.test(p)));
}

/** The control is invalid and described by the error under it, which says `text`. */
async function expectFieldError(control: Locator, text: string) {
  const describedBy = (await control.getAttribute("aria-describedby")) ?? "";
  const errorId = describedBy.split(" ").find((id) => id.endsWith("-error"));
  expect(errorId).toBeTruthy();
  expect(await control.getAttribute("aria-invalid")).toBe("true");
  expect(await control.page().locator(`[id="${errorId}"]`).textContent()).toBe(text);
}

describe.each([
  ["1280", DESKTOP],
  ["375", MOBILE],
])("at %s px", (width, viewport) => {
  it("the refill dialog stays open with a refused pick-up day at its field and the values kept; a good day then succeeds", async () => {
    const page = await newPage(browser, viewport, "UTC");
    await registerViaApi(page);
    const today = todayIn("UTC");
    const pharmacy = await (
      await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "2125550199" } })
    ).json();
    // Added today: its first day is today, so yesterday is before it was added.
    const created = await page.request.post("/api/medications", {
      data: {
        name: "Lisinopril 10mg",
        pharmacyId: pharmacy.id,
        pillsPerDay: 1,
        pillsRemaining: 12,
        pillsPerRefill: 30,
        lastRefillDate: null,
      },
    });
    expect(created.status()).toBe(201);
    await page.goto("/");
    await hydrated(page);

    await page.getByRole("button", { name: "Refill Lisinopril 10mg" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Medication Refill" });
    await expect.poll(() => dialog.count()).toBe(1);
    const pills = dialog.getByLabel("Tablets in this refill (adjust if different from standard)");
    const date = dialog.getByLabel("Picked up on");
    await pills.fill("28");

    // Tomorrow (typed past the picker's max): the server refuses it, said at the field.
    await date.fill(addDays(today, 1));
    await dialog.getByRole("button", { name: "Confirm Refill" }).click();
    await expect.poll(() => dialog.locator(".field-error").textContent()).toBe("Picked up on cannot be in the future");
    await expectFieldError(date, "Picked up on cannot be in the future");
    expect(await dialog.isVisible()).toBe(true);
    expect([await pills.inputValue(), await date.inputValue()]).toEqual(["28", addDays(today, 1)]);
    // Only the field says it: no toast repeats it, and no alert below the fields.
    expect(await page.locator("[data-sonner-toast]").count()).toBe(0);
    expect(await dialog.getByRole("alert").count()).toBe(1);

    // Yesterday, before the medication was added.
    await date.fill(addDays(today, -1));
    await dialog.getByRole("button", { name: "Confirm Refill" }).click();
    const tooEarly = `Picked up on cannot be before ${formatDate(today)}, when this medication was added`;
    await expect.poll(() => dialog.locator(".field-error").textContent()).toBe(tooEarly);
    await expectFieldError(date, tooEarly);
    expect([await pills.inputValue(), await date.inputValue()]).toEqual(["28", addDays(today, -1)]);
    expect(await dialog.getByRole("button", { name: "Confirm Refill" }).isEnabled()).toBe(true);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    if (width === "375") {
      // UPDATE_SCREENSHOTS=1 refreshes the committed picture; otherwise a run leaves the tree as it was.
      if (process.env.UPDATE_SCREENSHOTS) mkdirSync("docs/screenshots", { recursive: true });
      const shot = await page.screenshot({ path: process.env.UPDATE_SCREENSHOTS ? "docs/screenshots/refill-field-error.png" : undefined });
      expect(shot.length).toBeGreaterThan(10_000);
    }

    // Today: recorded, the dialog closes and the list shows 12 + 28.
    await date.fill(today);
    await dialog.getByRole("button", { name: "Confirm Refill" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByText("40 tablets").filter({ visible: true }).count()).toBe(1);
    expect(await page.getByText("Medication refilled").count()).toBe(1);

    // The next opening starts afresh: no error, today's date.
    await page.getByRole("button", { name: "Refill Lisinopril 10mg" }).click();
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await dialog.locator(".field-error").count()).toBe(0);
    expect(await date.inputValue()).toBe(today);
    forgiveBadRequests(page);
    expectNoErrors(page);
    await page.context().close();
  });

  it("a wrong current password keeps the password form's and the delete dialog's values", async () => {
    const page = await newPage(browser, viewport);
    await registerViaApi(page);
    await page.goto("/profile");
    await hydrated(page);

    const current = page.getByLabel("Current Password", { exact: true });
    const newPassword = page.getByLabel("New Password", { exact: true });
    const confirm = page.getByLabel("Confirm New Password", { exact: true });
    await current.fill("not my password");
    await newPassword.fill("a brand new secret");
    await confirm.fill("a brand new secret");
    await confirm.press("Enter");
    await expect.poll(() => page.locator(".field-error", { hasText: "Current password is incorrect" }).count()).toBe(1);
    await expectFieldError(current, "Current password is incorrect");
    expect([await current.inputValue(), await newPassword.inputValue(), await confirm.inputValue()]).toEqual([
      "not my password",
      "a brand new secret",
      "a brand new secret",
    ]);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const password = dialog.getByLabel("Current Password");
    await password.fill("still not my password");
    await password.press("Enter");
    await expect.poll(() => dialog.locator(".field-error").textContent()).toBe("Current password is incorrect");
    await expectFieldError(password, "Current password is incorrect");
    expect(await dialog.isVisible()).toBe(true);
    expect(await password.inputValue()).toBe("still not my password");
    // Said once, at the field: no alert below it.
    expect(await dialog.getByRole("alert").count()).toBe(1);
    await expectAccessible(page);
    expect((await page.request.get("/api/user")).status()).toBe(200);

    // Cancel, and the next opening starts without the error.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator(".field-error").count()).toBe(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    forgiveBadRequests(page);
    expectNoErrors(page);
    await page.context().close();
  });

  it("a refused profile or notifications save stays on its page with what was typed and the reason at its field", async () => {
    const page = await newPage(browser, viewport);
    const account = await registerViaApi(page);
    await page.goto("/profile");
    await hydrated(page);
    const form = page.locator("form").filter({ has: page.getByLabel("Email for Notifications") });
    const fullName = form.getByLabel("Full Name");
    const email = form.getByLabel("Email for Notifications");
    await fullName.fill("Katherine Johnson");
    await email.fill("katherine@example.net");
    const password = form.getByLabel("Current password");
    await expect.poll(() => password.count()).toBe(1);
    await password.fill("not my password");
    await form.getByRole("button", { name: "Save Changes" }).click();
    await expect.poll(() => form.locator(".field-error").textContent()).toBe("Current password is incorrect");
    await expectFieldError(password, "Current password is incorrect");
    expect([await fullName.inputValue(), await email.inputValue(), await password.inputValue()]).toEqual([
      "Katherine Johnson",
      "katherine@example.net",
      "not my password",
    ]);
    expect(new URL(page.url()).pathname).toBe("/profile");
    // Said once, at the field.
    expect(await form.getByRole("alert").count()).toBe(1);
    await expectAccessible(page);
    expect(await (await page.request.get("/api/user")).json()).toMatchObject({ fullName: account.fullName, pendingEmail: null });

    await page.goto("/notifications");
    await hydrated(page);
    const zone = page.getByLabel("Timezone");
    const hour = page.getByLabel("Notification Time");
    await zone.selectOption("Europe/Berlin");
    await hour.selectOption({ label: "7:00 PM" });
    // The zone reaches the server as one it does not know (a list out of date): a real 400, at its field.
    await page.route("**/api/notifications/settings", (route) =>
      route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), timezone: "Mars/Olympus_Mons" }) }),
    );
    await page.getByRole("button", { name: "Save Preferences" }).click();
    const zoneError = page.locator("form .field-error");
    await expect.poll(() => zoneError.count()).toBe(1);
    const said = (await zoneError.textContent()) ?? "";
    expect(said).toMatch(/^Unknown timezone .*Mars\/Olympus_Mons.*\. Please choose a timezone from the list\.$/);
    await expectFieldError(zone, said);
    expect([await zone.inputValue(), await hour.inputValue()]).toEqual(["Europe/Berlin", "19"]);
    expect(new URL(page.url()).pathname).toBe("/notifications");
    expect(await page.locator("[data-sonner-toast]").count()).toBe(0);
    await expectAccessible(page);
    forgiveBadRequests(page);
    expectNoErrors(page);
    await page.context().close();
  });

  it("a half-typed date of birth is refused at its field, never saved as a cleared date", async () => {
    const page = await newPage(browser, viewport);
    const { username, fullName } = await registerViaApi(page);
    const profile = { fullName, email: `${username}@example.com`, birthdate: "1950-03-09" };
    expect((await page.request.patch("/api/profile", { data: profile })).status()).toBe(200);
    await page.goto("/profile");
    await hydrated(page);
    const birthdate = page.locator('input[name="birthdate"]');
    expect(await birthdate.inputValue()).toBe("1950-03-09");
    // The month erased, the day and year kept: the field shows "mm/09/1950" and the browser's value is "".
    await birthdate.focus();
    await page.keyboard.press("Backspace");
    expect(await birthdate.evaluate((input: HTMLInputElement) => [input.value, input.validity.badInput])).toEqual(["", true]);
    let patched = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/profile") && request.method() === "PATCH") patched++;
    });
    await page.getByRole("button", { name: "Save Changes" }).click();
    const error = page.locator("form .field-error");
    await expect.poll(() => error.count()).toBe(1);
    const said = (await error.textContent()) ?? "";
    expect(said).toMatch(/^Enter a date of birth from /);
    await expectFieldError(birthdate, said);
    expect(patched).toBe(0);
    expect(await (await page.request.get("/api/user")).json()).toMatchObject({ birthdate: "1950-03-09" });
    await expectAccessible(page);
    expectNoErrors(page);
    await page.context().close();
  });

  it("sign-in and sign-up refusals keep what was typed: wrong credentials in the form's alert, a taken username at its field", async () => {
    const page = await newPage(browser, viewport);
    const taken = await registerViaApi(page);
    await page.context().clearCookies();
    await page.goto("/auth");
    await hydrated(page);
    const form = page.locator("form");
    const username = form.getByLabel("Username");
    const password = form.getByLabel("Password", { exact: true });
    await username.fill(taken.username);
    await password.fill("not my password");
    await form.getByRole("button", { name: "Sign In" }).click();
    await expect.poll(() => form.getByRole("alert").textContent()).toBe("Invalid username or password");
    expect([await username.inputValue(), await password.inputValue()]).toEqual([taken.username, "not my password"]);
    expect(new URL(page.url()).pathname).toBe("/auth");
    await expectAccessible(page);

    await page.getByRole("tab", { name: "Create Account" }).click();
    await username.fill(taken.username);
    await form.getByLabel("Email", { exact: true }).fill("someone.else@example.com");
    await form.getByLabel("Full Name").fill("Someone Else");
    await password.fill("a long password");
    await form.getByLabel("Confirm Password").fill("a long password");
    await form.getByRole("checkbox", { name: /stores my health data/ }).check();
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect.poll(() => form.locator(".field-error").textContent()).toBe("Username already exists");
    await expectFieldError(username, "Username already exists");
    expect([
      await username.inputValue(),
      await form.getByLabel("Email", { exact: true }).inputValue(),
      await password.inputValue(),
    ]).toEqual([taken.username, "someone.else@example.com", "a long password"]);
    expect(await form.getByRole("alert").count()).toBe(1);
    await expectAccessible(page);
    const problems = (page as Page & { problems: string[] }).problems;
    problems.splice(0, problems.length, ...problems.filter((p) => !/Failed to load resource.*40[19]/.test(p)));
    expectNoErrors(page);
    await page.context().close();
  });
});
