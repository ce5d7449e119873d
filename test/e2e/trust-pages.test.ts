import { mkdirSync } from "node:fs";
import type { Browser } from "playwright-core";
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

// The footer's privacy, terms and support pages in a real Chromium, reached by their footer links,
// on a phone and a desktop, signed out and signed in.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const PAGES = [
  { link: "Privacy Policy", path: "/privacy" },
  { link: "Terms of Service", path: "/terms" },
  { link: "Support", path: "/support" },
];

describe("trust pages", () => {
  for (const [size, viewport] of [
    ["375 px", MOBILE],
    ["1280 px", DESKTOP],
  ] as const) {
    it(`${size}: each footer link opens its page, which passes axe and does not scroll sideways`, async () => {
      const page = await newPage(browser, viewport);
      for (const signedIn of [false, true]) {
        if (signedIn) await registerViaApi(page);
        for (const { link, path } of PAGES) {
          await page.goto(signedIn ? "/" : "/auth");
          await hydrated(page);
          await page.getByRole("contentinfo").getByRole("link", { name: link, exact: true }).click();
          await page.waitForURL(`**${path}`);
          expect(await page.getByRole("heading", { level: 1, name: link }).count(), path).toBe(1);
          await expectNoHorizontalScroll(page);
          await expectAccessible(page);
        }
      }
      expectNoErrors(page);
    });
  }

  it("the privacy page links to the Your data section, and a phone shows it whole", async () => {
    const page = await newPage(browser, MOBILE);
    await page.goto("/privacy");
    expect(await page.getByText("Postmark", { exact: false }).count()).toBeGreaterThan(0);
    // UPDATE_SCREENSHOTS=1 refreshes the committed picture; otherwise a run leaves the tree as it was.
    if (process.env.UPDATE_SCREENSHOTS) mkdirSync("docs/screenshots", { recursive: true });
    const shot = await page.screenshot({
      fullPage: true,
      path: process.env.UPDATE_SCREENSHOTS ? "docs/screenshots/privacy-phone.png" : undefined,
    });
    expect(shot.length).toBeGreaterThan(10_000);

    await registerViaApi(page);
    await page.getByRole("link", { name: "Go to Your data" }).click();
    await page.waitForURL("**/profile#your-data-heading");
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 2, name: "Your data" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Export my data" }).isVisible()).toBe(true);
    expectNoErrors(page);
  });

  it("signed out, 'Go to Your data' asks to sign in first, then lands on the Your data section", async () => {
    const setup = await newPage(browser, DESKTOP);
    const account = await registerViaApi(setup);
    await setup.context().close();

    const page = await newPage(browser, MOBILE);
    await page.goto("/privacy");
    await page.getByRole("link", { name: "Go to Your data" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    expect(new URL(page.url()).searchParams.get("next")).toBe("/profile");
    await hydrated(page);
    await page.getByLabel("Username").fill(account.username);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign In" }).last().click();
    await page.waitForURL("**/profile#your-data-heading");
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 2, name: "Your data" }).isVisible()).toBe(true);
    await expectAccessible(page);
    expectNoErrors(page);
    await page.context().close();
  });

  // The sharing section (roles, activity, invitations, deletion), in English and right to left.
  for (const [size, viewport] of [
    ["375 px", MOBILE],
    ["1280 px", DESKTOP],
  ] as const) {
    it(`${size}: the privacy page's sharing section reads whole, passes axe, and the keyboard passes it to 'Go to Your data'`, async () => {
      for (const locale of ["en", "ar"]) {
        const page = await newPage(browser, viewport, undefined, locale);
        await page.goto("/privacy");
        const section = page.locator("section[aria-labelledby='sharing-heading']");
        expect(await section.getByRole("heading", { level: 2 }).count(), locale).toBe(1);
        expect(await section.getByRole("listitem").count(), locale).toBe(4);
        if (locale === "en") {
          expect(await section.getByRole("heading", { name: "Sharing with family and caregivers" }).isVisible()).toBe(true);
          expect(await section.getByText("passes to the manager who has been a member longest").isVisible()).toBe(true);
        }
        await expectNoHorizontalScroll(page);
        await expectAccessible(page);
        // Tab from the top reaches the link after the section (nothing in it traps or skips focus).
        const target = page.locator(`main a[href="/profile#your-data-heading"]`);
        let reached = false;
        for (let i = 0; i < 60 && !reached; i++) {
          await page.keyboard.press("Tab");
          reached = await target.evaluate((link) => link === document.activeElement);
        }
        expect(reached, locale).toBe(true);
        expect(await target.isVisible()).toBe(true);
        await page.keyboard.press("Enter");
        await page.waitForURL((url) => url.pathname === "/auth");
        expectNoErrors(page);
        await page.context().close();
      }
    });
  }
});
