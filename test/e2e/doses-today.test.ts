import type { Browser, Locator, Page } from "playwright-core";
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

// The dashboard's Today section against the doses API: Take all, Taken, Skip, Undo, Log a use,
// the counts on the list moving at once, Previous day, keyboard only, axe at 375 and 1280 px, and a
// tap made offline kept on the device ('Waiting to send'), sent when back, erased by signing out.
//
// The patient (UTC): Metformin 1 tablet at 08:00 and 20:00 (60 on hand), Lisinopril 1 tablet at
// 08:00 (30), Salbutamol as needed, about 6 puffs a week (200; a new as-needed one counts by log).
// What is logged as taken comes off the count as soon as it is logged; an undo puts it back.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const KEPT = "refill-tracker:dose-taps";

async function seed(page: Page) {
  await registerViaApi(page);
  const pharmacy = await (
    await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "2125551234" } })
  ).json();
  const add = async (data: Record<string, unknown>) => {
    const res = await page.request.post("/api/medications", { data: { pharmacyId: pharmacy.id, pillsPerRefill: 30, ...data } });
    expect(res.status(), await res.text()).toBe(201);
  };
  const at = (...times: string[]) => times.map((time) => ({ at: time, dose: 1 }));
  await add({ name: "Metformin", pillsRemaining: 60, schedule: { type: "daily", times: at("08:00", "20:00") } });
  await add({ name: "Lisinopril", pillsRemaining: 30, schedule: { type: "daily", times: at("08:00") } });
  await add({ name: "Salbutamol", unit: "puff", pillsRemaining: 200, schedule: { type: "asNeeded", perWeek: 6 } });
  await page.goto("/");
  await hydrated(page);
}

const today = (page: Page) => page.getByRole("region", { name: /^(Today|Yesterday|.*\d.*)$/ });
/** The dashboard list's row of a medication (its Remaining column says the count). */
const listRow = (page: Page, name: string) =>
  page.locator('section[aria-labelledby="medications-heading"]').getByRole("row").filter({ hasText: name });
const remaining = (page: Page, name: string, text: string) => listRow(page, name).getByText(text, { exact: true }).count();
/** A dose's line in the Today section (the 08:00 one first for Metformin). */
const line = (section: Locator, name: string, nth = 0) => section.getByRole("listitem").filter({ hasText: name }).nth(nth);
const button = (scope: Locator, name: RegExp) => scope.getByRole("button", { name });

/** Presses a button with the keyboard alone: Tab until it has the focus, then Enter. */
async function press(page: Page, target: Locator) {
  await target.waitFor();
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
  }
  throw new Error("the button was not reachable with Tab");
}

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("the Today section (%s)", (_, viewport) => {
  it("Take all, Skip, Undo and Log a use with the keyboard; the list's counts follow at once", async () => {
    const page = await newPage(browser, viewport, "UTC", "en-US");
    await seed(page);
    const section = today(page);
    expect(await section.getByRole("heading", { name: "Today", level: 2 }).count()).toBe(1);
    // The day's doses are read after hydration.
    await expect.poll(() => section.getByRole("heading", { name: /^8:00\sAM$/ }).count()).toBe(1);
    expect(await section.getByRole("heading", { name: /^8:00\sPM$/ }).count()).toBe(1);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // Take all at 08:00: Metformin 60 → 59, Lisinopril 30 → 29, on the list without a reload.
    await press(page, button(section, /^Take all at 8:00\sAM$/));
    await expect
      .poll(() =>
        line(section, "Lisinopril")
          .getByText(/^Taken at /)
          .count(),
      )
      .toBe(1);
    await expect.poll(() => remaining(page, "Metformin", "59 tablets")).toBe(1);
    await expect.poll(() => remaining(page, "Lisinopril", "29 tablets")).toBe(1);

    // Skip the evening Metformin: skipped costs nothing (59 stays).
    await press(page, button(line(section, "Metformin", 1), /^Skip .*Metformin/));
    await expect.poll(() => line(section, "Metformin", 1).getByText("Skipped", { exact: true }).count()).toBe(1);
    expect(await remaining(page, "Metformin", "59 tablets")).toBe(1);

    // Undo the morning Metformin: the count returns to 60 and Taken is offered again.
    await press(page, button(line(section, "Metformin"), /^Undo .*Metformin/));
    await expect.poll(() => remaining(page, "Metformin", "60 tablets")).toBe(1);
    await expect.poll(() => button(line(section, "Metformin"), /^Mark .*Metformin.* taken$/).count()).toBe(1);
    await press(page, button(line(section, "Metformin"), /^Mark .*Metformin.* taken$/));
    await expect.poll(() => remaining(page, "Metformin", "59 tablets")).toBe(1);

    // Two puffs of Salbutamol: 200 → 198, listed with the time taken; its Undo puts them back.
    const amount = section.getByRole("spinbutton", { name: /Amount of .*Salbutamol/ });
    await amount.fill("2");
    await press(page, button(section, /^Log a use of .*Salbutamol/));
    await expect.poll(() => remaining(page, "Salbutamol", "198 puffs")).toBe(1);
    const use = section.getByRole("listitem").filter({ hasText: "Salbutamol" }).filter({ hasText: "Taken at" });
    await expect.poll(() => use.getByText("2 puffs", { exact: true }).count()).toBe(1);
    await press(page, button(use, /^Undo .*Salbutamol/));
    await expect.poll(() => remaining(page, "Salbutamol", "200 puffs")).toBe(1);
    await expectAccessible(page);

    // Yesterday: the medications were added today, so there is nothing to log there; Next day returns.
    await press(page, section.getByRole("button", { name: "Previous day" }));
    await expect.poll(() => section.getByRole("heading", { name: "Yesterday", level: 2 }).count()).toBe(1);
    await expect.poll(() => section.getByText("Nothing to take this day.").count()).toBe(1);
    await press(page, section.getByRole("button", { name: "Next day" }));
    await expect
      .poll(() =>
        line(section, "Metformin")
          .getByText(/^Taken at /)
          .count(),
      )
      .toBe(1);
    await expectAccessible(page);
    expectNoErrors(page);
    await page.context().close();
  });
});

describe("the Today section offline", () => {
  it("Offline taps: kept on the device and shown as waiting, sent once back online, erased by signing out", async () => {
    const page = await newPage(browser, MOBILE, "UTC", "en-US");
    await seed(page);
    const section = today(page);

    await page.context().setOffline(true);
    await button(line(section, "Lisinopril"), /^Mark .*Lisinopril.* taken$/).click();
    await expect.poll(() => line(section, "Lisinopril").getByText("Waiting to send", { exact: true }).count()).toBe(1);
    expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]").length, KEPT)).toBe(1);
    await expectAccessible(page);

    // Back online: the tap is sent once (its clientId), the count moves 30 → 29.
    await page.context().setOffline(false);
    await expect
      .poll(() =>
        line(section, "Lisinopril")
          .getByText(/^Taken at /)
          .count(),
      )
      .toBe(1);
    await expect.poll(() => remaining(page, "Lisinopril", "29 tablets")).toBe(1);
    expect(await page.evaluate((key) => localStorage.getItem(key), KEPT)).toBe("[]");
    const doses = await (await page.request.get("/api/doses")).json();
    expect(doses.days[0].doses.filter((d: { status: string }) => d.status === "taken")).toHaveLength(1);

    // A tap that cannot be sent yet, then Logout: nothing of it stays on the device.
    await page.route("**/api/doses", (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
    await button(line(section, "Metformin"), /^Mark .*Metformin.* taken$/).click();
    await expect.poll(() => line(section, "Metformin").getByText("Waiting to send", { exact: true }).count()).toBe(1);
    const logout = page.waitForResponse((res) => res.url().endsWith("/api/logout"));
    await page.locator("#account-menu-button").click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    expect((await logout).ok()).toBe(true);
    await page.waitForURL("**/auth");
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), KEPT)).toBeNull();
    // No expectNoErrors here: the browser logs each request refused offline as a console error.
    await page.context().close();
  });
});
