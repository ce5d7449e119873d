import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, DESKTOP, expectAccessible, frames, hydrated, launch, MOBILE, newPage, registerViaApi, SLOW, uniqueName } from "./browser";

// The app installs (Chromium's own check), opens offline to the last list it saw with a
// banner and the server's actions disabled, and a sign-out leaves nothing readable offline.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const DAY = 24 * 60 * 60 * 1000;
const BANNER = /^You are offline\. Showing your list as of .*\d.*\.$/;

/** A user with one pharmacy and two medications (30 and 12 pills, one a day). */
async function seed(page: Page) {
  const account = await registerViaApi(page);
  const pharmacy = await (
    await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "2125551234" } })
  ).json();
  const ids: number[] = [];
  for (const [name, pillsRemaining] of [
    ["Metformin", 30],
    ["Lisinopril", 12],
  ] as const) {
    const res = await page.request.post("/api/medications", {
      data: { name, pharmacyId: pharmacy.id, pillsPerDay: 1, pillsRemaining, pillsPerRefill: 30 },
    });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  return { ...account, metforminId: ids[0]! };
}

/** Opens `path`, waits for the service worker to control the page and to have kept it. */
async function openAndKeep(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(() => page.evaluate(async (p) => !!(await caches.match(location.origin + p)), path)).toBe(true);
}

describe("installable", () => {
  it("serves the manifest, the icons and the service worker with the right types and caching", async () => {
    const manifest = await fetch(`${baseUrl()}/manifest.en.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("content-type")).toBe("application/manifest+json");
    const icons = ((await manifest.json()) as { icons: Array<{ src: string }> }).icons;
    for (const src of [...icons.map((i) => i.src), "/icons/apple-touch-icon.png"]) {
      const icon = await fetch(`${baseUrl()}${src}`);
      expect([src, icon.status, icon.headers.get("content-type")]).toEqual([src, 200, "image/png"]);
    }
    const sw = await fetch(`${baseUrl()}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get("content-type")).toMatch(/^(text|application)\/javascript/);
    expect(sw.headers.get("cache-control")).toBe("no-cache");
    expect(await sw.text()).toMatch(/refill-tracker-/);
  });

  it("passes Chromium's installability check (persistent profile)", async () => {
    const profile = mkdtempSync(join(tmpdir(), "refill-install-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
      baseURL: baseUrl(),
      viewport: DESKTOP,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await registerViaApi(page);
      await page.goto("/");
      await hydrated(page);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      expect(installabilityErrors).toEqual([]);
      const { url, errors, data } = await cdp.send("Page.getAppManifest");
      expect(url).toBe(`${baseUrl()}/manifest.en.webmanifest`);
      expect(errors).toEqual([]);
      expect(JSON.parse(data!).name).toBe("Refill Tracker");
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

describe("offline read", () => {
  it("reloads offline to the kept list with the banner, the counts counted down to today, the actions disabled", async () => {
    const page = await newPage(browser, DESKTOP);
    const { metforminId } = await seed(page);
    await openAndKeep(page, "/");
    // The day the kept list was counted to (its props' asOf: the server's today in the user's zone).
    const asOf = await page.evaluate(
      () =>
        Array.from(document.querySelectorAll("script[type='application/json']"), (s) => JSON.parse(s.textContent!)).find(
          (props) => props.asOf,
        )!.asOf as string,
    );
    await openAndKeep(page, "/pharmacies");
    await openAndKeep(page, `/medications/${metforminId}`);
    // The islands read /api/* while online: none of it, and no redirect target, was kept.
    const kept = await page.evaluate(async () =>
      (
        await Promise.all(
          (await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)),
        )
      ).flat(),
    );
    expect(kept.filter((path) => !path.startsWith("/build/")).sort()).toEqual(["/", `/medications/${metforminId}`, "/pharmacies"]);

    // Two days later (noon in the browser's zone, the user's), without a connection: the kept copy,
    // counted down 2 pills each.
    await page.clock.setFixedTime(await page.evaluate(([day, ms]) => new Date(`${day}T12:00:00`).getTime() + ms, [asOf, 2 * DAY] as const));
    await page.context().setOffline(true);
    await page.goto("/");
    await hydrated(page);
    const banner = page.locator("#offline");
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect((await banner.innerText()).trim()).toMatch(BANNER);
    expect(await page.getByRole("rowheader").allTextContents()).toEqual(["Lisinopril", "Metformin"]);
    await expect
      .poll(() =>
        page
          .getByRole("row", { name: /Metformin/ })
          .getByText("28 tablets")
          .count(),
      )
      .toBe(1);
    expect(
      await page
        .getByRole("row", { name: /Lisinopril/ })
        .getByText("10 tablets")
        .count(),
    ).toBe(1);

    // What needs the server is disabled and says why; a click starts nothing.
    const refill = page.getByRole("button", { name: "Refill Metformin" });
    expect(await refill.getAttribute("aria-disabled")).toBe("true");
    expect(await refill.getAttribute("aria-describedby")).toBe("offline");
    await refill.click({ force: true });
    await frames(page);
    expect(await page.getByRole("dialog").count()).toBe(0);
    const add = page.getByRole("link", { name: "Add Medication" });
    expect(await add.getAttribute("aria-disabled")).toBe("true");
    await add.click({ force: true });
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.getByRole("link", { name: "Edit Metformin" }).getAttribute("aria-disabled")).toBe("true");
    // Reading still works: search.
    await page.getByPlaceholder("Search medications...").fill("Met");
    await expect.poll(() => page.getByRole("rowheader").allTextContents()).toEqual(["Metformin"]);
    await page.getByPlaceholder("Search medications...").fill("");
    // No script error, no hydration mismatch (the countdown runs after hydration), no toast.
    expect((page as Page & { problems: string[] }).problems.filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p))).toEqual([]);
    expect(await page.locator("[data-sonner-toast]").count()).toBe(0);

    await expectAccessible(page);
    await page.setViewportSize(MOBILE);
    await expectAccessible(page);

    // So were the medication's page, counted down the same way, and the pharmacies page.
    await page.goto(`/medications/${metforminId}`);
    await hydrated(page);
    await expect.poll(() => banner.isVisible()).toBe(true);
    await expect
      .poll(() =>
        page
          .locator("dd")
          .filter({ hasText: /^28 tablets$/ })
          .count(),
      )
      .toBe(1);
    expect(await page.getByRole("link", { name: "Edit" }).getAttribute("aria-disabled")).toBe("true");
    expect(await page.getByRole("button", { name: "Refill" }).getAttribute("aria-disabled")).toBe("true");
    expect((page as Page & { problems: string[] }).problems.filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p))).toEqual([]);
    await page.goto("/pharmacies");
    expect(await page.getByText("Corner Pharmacy").count()).toBeGreaterThan(0);
    await expect.poll(() => banner.isVisible()).toBe(true);

    // Back online: fresh pages, no banner, actions enabled.
    await page.context().setOffline(false);
    await page.clock.setFixedTime(Date.now());
    // Network first: a server slower than the worker's 3 s (a loaded CI machine) still gets the kept
    // copy once, so ask again until the fresh page is there.
    await expect
      .poll(async () => {
        await page.goto("/");
        await hydrated(page);
        return banner.isVisible();
      }, SLOW)
      .toBe(false);
    expect(await page.getByRole("button", { name: "Refill Metformin" }).getAttribute("aria-disabled")).toBeNull();
    await page.context().close();
  });

  it("a server slower than the worker's timeout gets the kept copy with the banner first, the live page once fast again", {
    timeout: 120_000,
  }, async () => {
    const page = await newPage(browser, DESKTOP);
    await seed(page);
    await openAndKeep(page, "/");
    // The worker's own fetch of the dashboard (Playwright routes a service worker's requests in
    // Chromium) is held until the test lets it go, after the kept copy was shown: no fixed sleep,
    // and the server cannot have answered first.
    let slow = true;
    let answer!: () => void;
    const serverAnswers = new Promise<void>((resolve) => (answer = resolve));
    const held: Array<{ fromWorker: boolean }> = [];
    await page.context().route(
      (url) => url.pathname === "/",
      async (route) => {
        if (!slow) return route.continue();
        held.push({ fromWorker: route.request().serviceWorker() !== null });
        await serverAnswers;
        await route.continue().catch(() => undefined);
      },
    );
    const banner = page.locator("#offline");
    const started = Date.now();
    await page.reload({ waitUntil: "commit" });
    await banner.waitFor({ state: "visible", ...SLOW });
    const shown = Date.now();
    // Held exactly once, and it was the worker's request (the page's own goes to the worker).
    expect(held).toEqual([{ fromWorker: true }]);
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-from-cache"))).toBe(true);
    expect((await banner.innerText()).trim()).toMatch(BANNER);
    expect(await page.getByRole("rowheader").allTextContents()).toEqual(["Lisinopril", "Metformin"]);
    // Not before the worker's 3 s timeout (its network-first contract), and the server has not answered yet.
    expect(shown - started).toBeGreaterThanOrEqual(2_900);
    answer();

    // A fast server again: the live page, no banner, the actions enabled (asked again if a loaded
    // machine still took over 3 s once).
    slow = false;
    await expect
      .poll(async () => {
        await page.reload();
        await hydrated(page);
        return banner.isVisible();
      }, SLOW)
      .toBe(false);
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-from-cache"))).toBe(false);
    expect(await page.getByRole("button", { name: "Refill Metformin" }).getAttribute("aria-disabled")).toBeNull();
    await page.context().close();
  });

  it("a connection lost while the page is open disables the actions and says 'You are offline'", async () => {
    const page = await newPage(browser, DESKTOP);
    await seed(page);
    await openAndKeep(page, "/");
    await page.context().setOffline(true);
    const banner = page.locator("#offline");
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect((await banner.innerText()).trim()).toBe("You are offline");
    expect(await page.getByRole("button", { name: "Delete Metformin" }).getAttribute("aria-disabled")).toBe("true");
    await page.getByRole("button", { name: "Delete Metformin" }).click({ force: true });
    await frames(page);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.context().setOffline(false);
    await expect.poll(() => banner.isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Delete Metformin" }).getAttribute("aria-disabled")).toBeNull();
    // A page may also ask the worker to drop everything it kept.
    await page.evaluate(() => navigator.serviceWorker.controller!.postMessage("clear"));
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).length)).toBe(0);
    await page.context().close();
  });

  it("sign-out clears it: offline afterwards, no medication or pharmacy name is shown", async () => {
    // The product's promise, not the browser's bookkeeping: once Logout has answered, nothing the
    // account saw can be read offline. Whether Chromium has also unregistered the service worker
    // yet (Clear-Site-Data "storage", checked in test/pwa.test.ts) is its own internal timing; the
    // worker dropped what it kept before it handed the page the answer.
    const page = await newPage(browser, MOBILE);
    const { metforminId } = await seed(page);
    const pages = ["/", "/pharmacies", `/medications/${metforminId}`];
    for (const path of pages) await openAndKeep(page, path);
    await page.goto("/");
    await hydrated(page);
    const logout = page.waitForResponse((res) => res.url().endsWith("/api/logout"));
    await page.locator("#account-menu-button").click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    expect((await logout).ok()).toBe(true);
    await page.waitForURL("**/auth");
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).length)).toBe(0);

    await page.context().setOffline(true);
    for (const path of pages) {
      // Nothing kept: the browser's own offline error page (with or without a worker still there).
      const error = await page.goto(path).then(
        () => "",
        (err: Error) => err.message,
      );
      expect(error, path).toMatch(/ERR_INTERNET_DISCONNECTED/);
      await page.waitForLoadState();
      await expect.poll(() => page.content().catch(() => "(navigating)")).toMatch(/^<!DOCTYPE html>/i);
      const shown = await page.content();
      expect([path, /Metformin|Lisinopril|Corner Pharmacy/.test(shown)]).toEqual([path, false]);
    }
    await page.context().close();
  });

  it("signing in over a session that ended elsewhere first drops what the earlier account left", async () => {
    const page = await newPage(browser, DESKTOP);
    await seed(page);
    await openAndKeep(page, "/pharmacies");
    // The session ends on the server side (expiry, 'sign out everywhere'): no sign-out ran here.
    await page.context().clearCookies();
    await page.goto("/auth");
    expect(await page.evaluate(async () => !!(await caches.match(location.origin + "/pharmacies")))).toBe(true);
    // Someone else signs up in this browser (through the page, so through the worker).
    const username = uniqueName("next");
    const status = await page.evaluate(async (name) => {
      const body = {
        username: name,
        password: "correct horse battery",
        email: `${name}@example.com`,
        fullName: "Next Person",
        emailConsent: true,
        timezone: "UTC",
      };
      return (await fetch("/api/register", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }))
        .status;
    }, username);
    expect(status).toBe(201);
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).length)).toBe(0);
    await page.context().close();
  });

  it("a signed-out visit online reaches /auth, even after a kept dashboard", async () => {
    const page = await newPage(browser, DESKTOP);
    await seed(page);
    await openAndKeep(page, "/");
    // The session ends elsewhere (another device's 'sign out everywhere'): the cookie is gone.
    await page.context().clearCookies();
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/auth");
    await expect.poll(() => page.evaluate(async () => !!(await caches.match(location.origin + "/")))).toBe(false);
    await page.context().close();
  });
});
