import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, expectAccessible, frames, hydrated, launch, MOBILE, newPage, uniqueName } from "./browser";

// Findings: offline, a medication page never opened showed Chromium's "This site can't be reached";
// and a refill tapped offline did nothing, with no word that it was not recorded. Now such a page is
// the app's own offline page, in the language of the pages kept, linking to the kept list; and a tap
// on anything that needs the server says plainly that it needs a connection and nothing was saved.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** An account (saved language `language`, as a sign-up in that language saves it) with two medications. */
async function seed(page: Page, language: string) {
  const username = uniqueName("offline");
  const registered = await page.request.post("/api/register", {
    headers: { "Accept-Language": language },
    data: {
      username,
      password: "correct horse battery",
      email: `${username}@example.com`,
      fullName: "Pat Offline",
      emailConsent: true,
      healthDataConsent: true,
      timezone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
      locale: language,
    },
  });
  expect(registered.status()).toBe(201);
  const pharmacy = await (await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "" } })).json();
  const ids: number[] = [];
  for (const name of ["Metformin", "Lisinopril"]) {
    const res = await page.request.post("/api/medications", {
      data: { name, pharmacyId: pharmacy.id, pillsPerDay: 1, pillsRemaining: 30, pillsPerRefill: 30 },
    });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  return ids;
}

/** Opens the list online and waits until the service worker kept it and the offline page beside it. */
async function keepList(page: Page) {
  await page.goto("/");
  await hydrated(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect
    .poll(() =>
      page.evaluate(
        async () =>
          !!(await caches.match(`${location.origin}/`)) && !!(await caches.match(`${location.origin}/offline`, { ignoreSearch: true })),
      ),
    )
    .toBe(true);
}

describe("offline, a page never opened", () => {
  it("is the app's offline page linking to the kept list; a refill tapped there says it needs a connection", async () => {
    const page = await newPage(browser, DESKTOP);
    const [, lisinoprilId] = await seed(page, "en");
    await keepList(page);
    await page.context().setOffline(true);

    for (const path of [`/medications/${lisinoprilId}`, "/notifications"]) {
      await page.goto(path);
      expect(await page.getByRole("heading", { level: 1 }).innerText(), path).toBe("You are offline");
      expect(await page.getByText("This page is not kept on this device, so it cannot be shown without a connection.").count()).toBe(1);
      // No medication, pharmacy or account data in it.
      expect(await page.content()).not.toMatch(/Metformin|Lisinopril|Corner Pharmacy|Pat Offline/);
    }
    await expectAccessible(page);
    await page.setViewportSize(MOBILE);
    await expectAccessible(page);
    await page.setViewportSize(DESKTOP);

    await page.getByRole("link", { name: "Open your medication list" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await hydrated(page);
    expect((await page.getByRole("rowheader").allTextContents()).sort()).toEqual(["Lisinopril", "Metformin"]);

    // A refill tapped offline: no dialog, and the banner says plainly that nothing was saved.
    const banner = page.locator("#offline");
    const needsConnection = "Refills, changes and settings need a connection: nothing was saved. Try again when you are back online.";
    expect(await page.getByText(needsConnection).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Refill Metformin" }).click({ force: true });
    await frames(page);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => page.getByText(needsConnection).isVisible()).toBe(true);
    expect(await banner.getAttribute("role")).toBe("status");
    await expectAccessible(page);
    await page.setViewportSize(MOBILE);
    await expectAccessible(page);
    await page.context().close();
  });

  it("speaks the language of the pages kept, not the browser's", async () => {
    const page = await newPage(browser, MOBILE);
    const [metforminId] = await seed(page, "es");
    await keepList(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("es");
    await page.context().setOffline(true);
    await page.goto(`/medications/${metforminId}`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("es");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Estás sin conexión");
    expect(await page.getByRole("link", { name: "Abrir tu lista de medicamentos" }).getAttribute("href")).toBe("/");
    await expectAccessible(page);
    await page.context().close();
  });
});
