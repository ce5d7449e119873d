import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, expectAccessible, expectNoErrors, frames, hydrated, launch, MOBILE, newPage, registerViaApi } from "./browser";

// The app by keyboard alone: the skip link, the account menu, and the Undo of a refill's toast.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());

/** Presses Tab until `target` has the focus (fails after 40 presses). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** A new account with Metformin (10 pills, 2 a day) on its dashboard, hydrated: its Refill button, the toast's Undo and the medication. */
async function dashboardWithMetformin(page: Page) {
  await registerViaApi(page);
  const pharmacy = await (
    await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "2125551234" } })
  ).json();
  const medication = await (
    await page.request.post("/api/medications", {
      data: { name: "Metformin", pharmacyId: pharmacy.id, pillsPerDay: 2, pillsRemaining: 10, pillsPerRefill: 60, lastRefillDate: null },
    })
  ).json();
  await page.goto("/");
  await hydrated(page);
  return {
    medication: medication as { id: number },
    refill: page.getByRole("button", { name: "Refill Metformin" }),
    undo: page.locator("[data-sonner-toast]").getByRole("button", { name: "Undo" }),
  };
}

/** From the focused Refill button: Enter, then Tab to 'Confirm Refill' once the dialog (loaded on first use) is open, and Enter. */
async function refillAndConfirm(page: Page) {
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Confirm Medication Refill" });
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest("dialog[open]") != null)).toBe(true);
  await tabTo(page, dialog.getByRole("button", { name: "Confirm Refill" }));
  await page.keyboard.press("Enter");
}

/** Hidden until the first Tab; then shown, and Enter moves focus into the page's <main>. */
async function skipToMain(page: Page, path: string, text = "Skip to main content") {
  await page.goto(path);
  await hydrated(page);
  const skip = page.getByRole("link", { name: text });
  expect((await skip.boundingBox())?.width, path).toBeLessThanOrEqual(1);
  await page.keyboard.press("Tab");
  expect(await isFocused(skip), path).toBe(true);
  const box = (await skip.boundingBox())!;
  expect(box.width, path).toBeGreaterThan(50);
  expect(box.y, path).toBeGreaterThanOrEqual(0);
  await expectAccessible(page);
  await page.keyboard.press("Enter");
  await expect.poll(() => page.evaluate(() => document.activeElement?.id), { message: path }).toBe("main");
  expect(new URL(page.url()).hash).toBe("#main");
  return box;
}

describe.each([
  ["375", MOBILE],
  ["1280", DESKTOP],
])("keyboard at %s px", (_, viewport) => {
  it("the first Tab of every kind of page shows 'Skip to main content'; Enter lands in the page's main, and Tab goes on from there", async () => {
    const page = await newPage(browser, viewport);
    for (const path of ["/auth", "/forgot-password", "/privacy", "/terms", "/support", "/no-such-page"]) {
      await skipToMain(page, path);
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.closest("main")?.id), path).toBe("main");
    }
    await registerViaApi(page);
    const pharmacy = await (
      await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "2125551234" } })
    ).json();
    const medication = await (
      await page.request.post("/api/medications", {
        data: { name: "Metformin", pharmacyId: pharmacy.id, pillsPerDay: 1, pillsRemaining: 30, pillsPerRefill: 30 },
      })
    ).json();
    const signedIn = [
      "/",
      "/profile",
      "/notifications",
      "/pharmacies",
      "/add-medication",
      `/edit-medication/${medication.id}`,
      `/medications/${medication.id}`,
      "/medications/print",
    ];
    for (const path of signedIn) await skipToMain(page, path);
    // The browser logs the 404 of /no-such-page itself: not a page error.
    const problems = (page as Page & { problems: string[] }).problems;
    expect(problems.filter((p) => !/Failed to load resource.*404/.test(p))).toEqual([]);
  });

  it("the account menu opens on its first item, moves with the arrows, and gives focus back to its button", async () => {
    const page = await newPage(browser, viewport);
    const { fullName } = await registerViaApi(page);
    await page.goto("/");
    await hydrated(page);
    const button = page.getByRole("button", { name: fullName });
    const menu = page.getByRole("menu", { name: fullName });
    expect(await button.getAttribute("aria-haspopup")).toBe("menu");

    await tabTo(page, button);
    await page.keyboard.press("Enter");
    await expect.poll(() => menu.isVisible()).toBe(true);
    await expect.poll(() => focusedText(page)).toBe("Dashboard");
    expect(await menu.getByRole("menuitem").allTextContents()).toEqual(["Dashboard", "Profile", "People", "Pharmacies", "Logout"]);
    await expectAccessible(page);
    for (const [key, expected] of [
      ["ArrowDown", "Profile"],
      ["End", "Logout"],
      ["ArrowDown", "Dashboard"],
      ["ArrowUp", "Logout"],
      ["Home", "Dashboard"],
    ]) {
      await page.keyboard.press(key!);
      expect(await focusedText(page), key).toBe(expected);
    }
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await isFocused(button)).toBe(true);

    // Up opens on the last item; Tab closes the menu and goes on to the next control.
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => focusedText(page)).toBe("Logout");
    await page.keyboard.press("Tab");
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement !== document.body && !document.activeElement?.closest("#account-menu"))).toBe(
      true,
    );

    // Space opens it too; a click outside closes it and focus goes back to the button.
    await button.focus();
    await page.keyboard.press(" ");
    await expect.poll(() => focusedText(page)).toBe("Dashboard");
    await page.mouse.click(4, viewport.height - 200);
    await expect.poll(() => menu.isVisible()).toBe(false);
    await expect.poll(() => isFocused(button)).toBe(true);

    // Choosing an item closes the menu and goes there.
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => focusedText(page)).toBe("Dashboard");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/profile");
    expectNoErrors(page);
  });

  it("after a refill, focus moves to the toast's Undo; Enter undoes it and focus goes back to the row's Refill", async () => {
    const page = await newPage(browser, viewport);
    const { medication, refill, undo } = await dashboardWithMetformin(page);
    const pills = async () => (await (await page.request.get(`/api/medications/${medication.id}`)).json()).pillsRemaining;
    const refillByKeyboard = async () => {
      await refillAndConfirm(page);
      await expect.poll(() => isFocused(undo)).toBe(true);
    };

    await tabTo(page, refill);
    await refillByKeyboard();
    expect(await pills()).toBe(70);
    await expectAccessible(page); // after the toast's fade-in: axe measures the colours as shown
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByText("Refill undone").count()).toBe(1);
    await expect.poll(() => isFocused(refill)).toBe(true);
    await expect.poll(pills).toBe(10);

    // Closing the toast (its close button, Shift+Tab away) also gives focus back, and the refill stays.
    await refillByKeyboard();
    await page.keyboard.press("Shift+Tab");
    expect(
      await page.evaluate(
        () => document.activeElement?.closest("[data-sonner-toast]") && document.activeElement.getAttribute("aria-label"),
      ),
    ).toBe("Close");
    await page.keyboard.press("Enter");
    await expect.poll(() => isFocused(refill)).toBe(true);
    expect(await pills()).toBe(70);
    expectNoErrors(page);
  });

  it("after a refill by mouse, focus stays on the row's Refill: the Undo is offered, not focused", async () => {
    const page = await newPage(browser, viewport);
    const { refill, undo } = await dashboardWithMetformin(page);
    await refill.click();
    const dialog = page.getByRole("dialog", { name: "Confirm Medication Refill" });
    await dialog.getByRole("button", { name: "Confirm Refill" }).click();
    await expect.poll(() => undo.count()).toBe(1);
    // Longer than the keyboard's search for the button (120 frames): it never comes.
    await frames(page, 130);
    expect(await isFocused(undo)).toBe(false);
    expect(await isFocused(refill)).toBe(true);
    // Still reachable by Tab; Enter undoes, and focus goes back to where it came from, not to the page.
    await tabTo(page, undo);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByText("Refill undone").count()).toBe(1);
    expect(
      await page.evaluate(() => document.activeElement !== document.body && !document.activeElement?.closest("[data-sonner-toast]")),
    ).toBe(true);
    expectNoErrors(page);
  });
});

describe("keyboard, once", () => {
  it("the Undo stays while focus is in its toast; once focus leaves, it times out (10 s) and focus is on the row's Refill", async () => {
    const page = await newPage(browser, DESKTOP);
    // The page's clock runs as usual but the test jumps it forward: the toast's seconds pass
    // without waiting for them.
    await page.clock.install();
    const { refill, undo } = await dashboardWithMetformin(page);
    await tabTo(page, refill);
    await refillAndConfirm(page);
    await expect.poll(() => isFocused(undo)).toBe(true);
    await frames(page); // the toast has taken its 'while focused' duration
    // Past its 10 seconds, still there and still focused: the patient may be reading it.
    await page.clock.fastForward(12_000);
    await frames(page);
    expect(await undo.count()).toBe(1);
    expect(await isFocused(undo)).toBe(true);
    // Focus leaves the toast: its 10 seconds run again, and it goes.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("[data-sonner-toast]") == null)).toBe(true);
    await frames(page);
    await page.clock.fastForward(3_000);
    await frames(page);
    expect(await undo.count()).toBe(1);
    await page.clock.fastForward(8_000);
    await expect.poll(() => undo.count()).toBe(0);
    expect(await isFocused(refill)).toBe(true);
    expectNoErrors(page);
  });

  it("the skip link is in the page's language and sits at the start corner of a right-to-left page", async () => {
    const page = await newPage(browser, DESKTOP, undefined, "ar");
    const box = await skipToMain(page, "/auth", "انتقل إلى المحتوى الرئيسي");
    expect(box.x + box.width).toBeGreaterThan(DESKTOP.width - 40);
    expectNoErrors(page);
  });
});
