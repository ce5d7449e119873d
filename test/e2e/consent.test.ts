import type { Browser, Locator, Page } from "playwright-core";
import { createClient } from "@libsql/client";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
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
  uniqueName,
} from "./browser";

// Accounts: sign-up asks for consent to store health data (a real checkbox, unticked, required),
// and sign-in offers "Keep me signed in on this device" (unticked in a browser tab, ticked in the
// installed app). Both by keyboard, checked with axe at 375 and 1280 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const DAY_SECONDS = 24 * 3600;
const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** Presses Tab until `target` has the focus (fails after 40 presses). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** How many days from now the session cookie lasts. */
async function cookieDays(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === "session");
  return cookie ? Math.round((cookie.expires - Date.now() / 1000) / DAY_SECONDS) : null;
}

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("consent and 'Keep me signed in' (%s)", (_, viewport) => {
  it("sign-up: the consent box starts unticked, is required at the box, and is ticked by keyboard", async () => {
    const page = await newPage(browser, viewport);
    await page.goto("/auth?tab=register");
    await hydrated(page);
    const form = page.locator("form");
    const consent = form.getByRole("checkbox", { name: /stores my health data/ });
    expect(await consent.isChecked()).toBe(false);
    const username = uniqueName("consent");
    await form.getByLabel("Username").fill(username);
    await form.getByLabel("Email", { exact: true }).fill(`${username}@example.com`);
    await form.getByLabel("Full Name").fill("María López");
    await form.getByLabel("Password", { exact: true }).fill("a long password");
    await form.getByLabel("Confirm Password").fill("a long password");
    // The privacy page it refers to is one Tab past the box, in the hint.
    expect(await form.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy");

    const submit = form.getByRole("button", { name: "Create Account" });
    await tabTo(page, submit);
    await page.keyboard.press("Enter");
    const message = "Please tick this box: Refill Tracker cannot keep your medications without your consent.";
    await expect.poll(() => form.locator(".field-error").textContent()).toBe(message);
    expect(await consent.getAttribute("aria-invalid")).toBe("true");
    expect(await consent.evaluate((el) => document.getElementById(el.getAttribute("aria-describedby")!.split(" ")[0]!)?.textContent)).toBe(
      message,
    );
    expect(new URL(page.url()).pathname).toBe("/auth");
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    await page.keyboard.down("Shift");
    await tabTo(page, consent);
    await page.keyboard.up("Shift");
    await page.keyboard.press("Space");
    expect(await consent.isChecked()).toBe(true);
    await tabTo(page, submit);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/");
    expectNoErrors(page);
    await page.context().close();
  });

  it("sign-in: 'Keep me signed in' starts unticked, is ticked by keyboard, and the sign-in then lasts 90 days", async () => {
    const setup = await newPage(browser, viewport);
    const username = uniqueName("kept");
    await registerViaApi(setup, username);
    await setup.context().close();

    const page = await newPage(browser, viewport);
    await page.goto("/auth");
    await hydrated(page);
    const form = page.locator("form");
    const keep = form.getByRole("checkbox", { name: "Keep me signed in on this device" });
    expect(await keep.isChecked()).toBe(false);
    expect(await keep.evaluate((el) => document.getElementById(el.getAttribute("aria-describedby")!)?.textContent)).toBe(
      "Stays signed in for 30 days without a visit, 90 days at most. Leave it off on a shared or public device.",
    );
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await form.getByLabel("Username").fill(username);
    await form.getByLabel("Password", { exact: true }).fill("correct horse battery");
    await tabTo(page, keep);
    await page.keyboard.press("Space");
    expect(await keep.isChecked()).toBe(true);
    await tabTo(page, form.getByRole("button", { name: "Sign In" }));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/");
    expect(await cookieDays(page)).toBe(90);
    expectNoErrors(page);
    await page.context().close();
  });
});

describe("the installed app", () => {
  it("starts with 'Keep me signed in' ticked, and a sign-in without touching it lasts 90 days; a browser tab's lasts 30", async () => {
    const setup = await newPage(browser, MOBILE);
    const username = uniqueName("installed");
    await registerViaApi(setup, username);
    await setup.context().close();

    const signIn = async (page: Page) => {
      await page.goto("/auth");
      await hydrated(page);
      await page.getByLabel("Username").fill(username);
      await page.getByLabel("Password", { exact: true }).fill("correct horse battery");
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/");
    };

    const installed = await newPage(browser, MOBILE);
    // As the installed app's window reports itself (display-mode: standalone).
    await installed.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query.includes("display-mode: standalone")
          ? ({ ...original(query), matches: true, media: query } as MediaQueryList)
          : original(query);
    });
    await installed.goto("/auth");
    await hydrated(installed);
    await expect.poll(() => installed.getByRole("checkbox", { name: "Keep me signed in on this device" }).isChecked()).toBe(true);
    await signIn(installed);
    expect(await cookieDays(installed)).toBe(90);
    expectNoErrors(installed);
    await installed.context().close();

    const tab = await newPage(browser, MOBILE);
    await signIn(tab);
    expect(await cookieDays(tab)).toBe(30);
    await tab.context().close();
  });
});

/** Makes `username` an account from before sign-up asked for consent, in the dev server's own database. */
async function forgetConsent(username: string) {
  const dir = join(inject("persistDir"), "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  const db = createClient({ url: `file:${join(dir, file!)}` });
  try {
    const { rowsAffected } = await db.execute({
      sql: "UPDATE users SET health_data_consent_at = NULL, health_data_consent_version = NULL WHERE username = ?",
      args: [username],
    });
    expect(rowsAffected).toBe(1);
  } finally {
    db.close();
  }
}

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("the consent screen for an account from before sign-up asked (%s)", (_, viewport) => {
  it("asks once, passes axe, is ticked by keyboard and then goes where the patient was going", async () => {
    const page = await newPage(browser, viewport);
    const { username } = await registerViaApi(page, uniqueName("asked"));
    await forgetConsent(username);

    await page.goto("/pharmacies");
    await page.waitForURL((url) => url.pathname === "/consent");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Your consent to store your health data");
    const consent = page.getByRole("checkbox", { name: /stores my health data/ });
    expect(await consent.isChecked()).toBe(false);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    await tabTo(page, consent);
    await page.keyboard.press("Space");
    await tabTo(page, page.getByRole("button", { name: "Agree and continue" }));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/pharmacies");
    // Asked once: the next page opens without the screen.
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/");
    expectNoErrors(page);
    await page.context().close();
  });
});
