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

// The dashboard's view: 'Runs out first' by default, the 'Sort by' select below 768 px, search,
// filter, sort and page kept in the URL, search by pharmacy, and one status rule for the cards and
// the badges at the user's notification days.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

type NewMedication = { name: string; pillsRemaining: number; pillsPerDay?: number; pharmacy?: number };

/** A signed-in user with two pharmacies and the given medications (pharmacy: index into the two). */
async function seed(page: Page, medications: NewMedication[]) {
  await registerViaApi(page);
  const pharmacies: Array<{ id: number }> = [];
  for (const name of ["Corner Pharmacy", "Harbour Drugs"])
    pharmacies.push(await (await page.request.post("/api/pharmacies", { data: { name, phoneNumber: "2125551234" } })).json());
  for (let i = 0; i < medications.length; i += 10) {
    await Promise.all(
      medications.slice(i, i + 10).map(async ({ pharmacy = 0, ...m }) => {
        const res = await page.request.post("/api/medications", {
          data: { pillsPerDay: 1, pillsPerRefill: 30, ...m, pharmacyId: pharmacies[pharmacy].id },
        });
        expect(res.status()).toBe(201);
      }),
    );
  }
}

const shownNames = (page: Page) => page.getByRole("rowheader").allTextContents();
const summary = (page: Page, title: string) =>
  page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title }) })
    .textContent();
const search = (page: Page) => page.getByPlaceholder("Search medications...");
const filter = (page: Page) => page.getByRole("combobox", { name: "Filter by status" });
const sortBy = (page: Page) => page.getByRole("combobox", { name: "Sort by" });
const query = (page: Page) => new URL(page.url()).search;
const showing = (page: Page, text: string) => expect.poll(() => page.getByText(text, { exact: true }).count()).toBe(1);

// 10, 3, 25, 3 and 40 days: Runs out first is Bisoprolol and Zinc (3 days, by name), Metformin, Lisinopril, atorvastatin.
const FIVE: NewMedication[] = [
  { name: "Metformin", pillsRemaining: 20, pillsPerDay: 2 },
  { name: "Zinc", pillsRemaining: 3 },
  { name: "Lisinopril", pillsRemaining: 25, pharmacy: 1 },
  { name: "Bisoprolol", pillsRemaining: 3.5 },
  { name: "atorvastatin", pillsRemaining: 40, pharmacy: 1 },
];

describe("dashboard order", () => {
  it("is 'Runs out first' by default: days left ascending, then name (1280 px)", async () => {
    const page = await newPage(browser, DESKTOP);
    await seed(page, FIVE);
    await page.goto("/");
    await hydrated(page);
    expect(await shownNames(page)).toEqual(["Bisoprolol", "Zinc", "Metformin", "Lisinopril", "atorvastatin"]);
    expect(await page.getByRole("columnheader", { name: "Remaining" }).getAttribute("aria-sort")).toBe("ascending");
    expect(query(page)).toBe(""); // the default view writes nothing in the URL
    await expectAccessible(page);
    expectNoErrors(page);
    await page.context().close();
  });

  it("below 768 px, a 'Sort by' select offers the same orders as the column headers (375 px)", async () => {
    const page = await newPage(browser, MOBILE);
    await seed(page, FIVE);
    await page.goto("/");
    await hydrated(page);
    expect(await page.getByRole("columnheader", { name: "Remaining" }).isVisible()).toBe(false);
    const select = sortBy(page);
    expect(await select.isVisible()).toBe(true);
    expect(await select.evaluate((el) => el.tagName)).toBe("SELECT");
    expect(await select.locator("option:checked").textContent()).toBe("Runs out first");
    expect(await select.locator("option").allTextContents()).toEqual([
      "Runs out first",
      "Runs out last",
      "Medication, ascending",
      "Medication, descending",
      "Pharmacy, ascending",
      "Pharmacy, descending",
      "Dose, ascending",
      "Dose, descending",
      "Last Refill, ascending",
      "Last Refill, descending",
      "Status, ascending",
      "Status, descending",
    ]);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    await select.selectOption({ label: "Medication, ascending" });
    await expect.poll(() => shownNames(page)).toEqual(["atorvastatin", "Bisoprolol", "Lisinopril", "Metformin", "Zinc"]);
    expect(query(page)).toBe("?sort=name");
    await select.selectOption({ label: "Runs out last" });
    await expect.poll(() => shownNames(page)).toEqual(["atorvastatin", "Lisinopril", "Metformin", "Bisoprolol", "Zinc"]);
    expect(query(page)).toBe("?sort=daysLeft-desc");
    await select.selectOption({ label: "Pharmacy, descending" });
    await expect.poll(() => shownNames(page)).toEqual(["atorvastatin", "Lisinopril", "Bisoprolol", "Metformin", "Zinc"]);
    // Back undoes one step; the select follows.
    await page.goBack();
    await expect.poll(() => shownNames(page)).toEqual(["atorvastatin", "Lisinopril", "Metformin", "Bisoprolol", "Zinc"]);
    expect(await select.inputValue()).toBe("daysLeft-desc");
    expectNoErrors(page);
    await page.context().close();
  });
});

describe("dashboard view in the URL", () => {
  it("search matches the pharmacy's name too", async () => {
    const page = await newPage(browser, DESKTOP);
    await seed(page, FIVE);
    await page.goto("/");
    await hydrated(page);
    await search(page).fill("harbour");
    await expect.poll(() => shownNames(page)).toEqual(["Lisinopril", "atorvastatin"]);
    expect(await summary(page, "Well Stocked")).toContain("2 Medications"); // the cards follow the search
    expect(query(page)).toBe("?q=harbour");
    await search(page).fill("ZIN");
    await expect.poll(() => shownNames(page)).toEqual(["Zinc"]);

    // A page that sends the user here with a notice: shown once, dropped from the URL, the view kept.
    await page.goto("/?notice=medication-load-error&q=harbour");
    await hydrated(page);
    await expect.poll(() => page.getByText("Error loading medication data").count()).toBe(1);
    await expect.poll(() => query(page)).toBe("?q=harbour");
    expect(await shownNames(page)).toEqual(["Lisinopril", "atorvastatin"]);
    expectNoErrors(page);
    await page.context().close();
  });

  it("keeps search, filter, sort and page across a reload, Back, and a shared link (first paint included)", async () => {
    const page = await newPage(browser, DESKTOP);
    // 45 medications: 30 at the Corner (25 well stocked), 15 at the Harbour.
    await seed(
      page,
      Array.from({ length: 45 }, (_, i) => ({ name: `Med ${i + 1}`, pillsRemaining: i % 6 === 0 ? 3 : 50 + i, pharmacy: i < 30 ? 0 : 1 })),
    );
    await page.goto("/");
    await hydrated(page);
    await search(page).fill("corner");
    await filter(page).selectOption({ label: "Well Stocked" });
    await page.getByRole("columnheader", { name: "Medication" }).getByRole("button").click();
    await page.getByRole("columnheader", { name: "Medication" }).getByRole("button").click(); // descending
    await page.getByRole("button", { name: "Page 2" }).click();
    await showing(page, "Showing 21 to 25 of 25 results");
    const expected = ["Med 6", "Med 5", "Med 4", "Med 3", "Med 2"];
    expect(await shownNames(page)).toEqual(expected);
    expect(query(page)).toBe("?q=corner&status=well-stocked&sort=name-desc&page=2");

    const sameView = async (target: Page) => {
      await showing(target, "Showing 21 to 25 of 25 results");
      await expect.poll(() => shownNames(target)).toEqual(expected);
      expect(await search(target).inputValue()).toBe("corner");
      expect(await filter(target).inputValue()).toBe("well-stocked");
      expect(await target.getByRole("columnheader", { name: "Medication" }).getAttribute("aria-sort")).toBe("descending");
      expect(await target.getByRole("button", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    };

    await page.reload();
    await hydrated(page);
    await sameView(page);

    // Away to a medication's page and Back.
    await page.getByRole("link", { name: "Med 6", exact: true }).click();
    await page.waitForURL(/\/medications\/\d+$/);
    await page.goBack();
    await hydrated(page);
    await sameView(page);

    // Back through the steps: page 1, then the other sort, then the filter.
    await page.goBack();
    await showing(page, "Showing 1 to 20 of 25 results");
    expect(query(page)).toBe("?q=corner&status=well-stocked&sort=name-desc");
    await page.goBack();
    await expect.poll(() => query(page)).toBe("?q=corner&status=well-stocked&sort=name");
    await expect.poll(async () => (await shownNames(page)).slice(0, 2)).toEqual(["Med 2", "Med 3"]);
    await page.goBack();
    await page.goBack();
    await expect.poll(() => query(page)).toBe("?q=corner");
    await showing(page, "Showing 1 to 20 of 30 results");
    expect(await filter(page).inputValue()).toBe("all");

    // A shared link: the server's render already shows the view, before any JavaScript.
    const noJs = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false, baseURL: baseUrl() });
    await noJs.addCookies(await page.context().cookies());
    const shared = await noJs.newPage();
    await shared.goto("/?q=corner&status=well-stocked&sort=name-desc&page=2");
    await sameView(shared);
    await noJs.close();
    expectNoErrors(page);
    await page.context().close();
  });
});

describe("one threshold rule at notification days 14", () => {
  // 3, 10, 14, 15, 20, 22, 23 and 40 days: with 14, Refill Needed ≤ 14, Running Low 15–22, Well Stocked above.
  const DAYS = [3, 10, 14, 15, 20, 22, 23, 40];

  it.each([
    ["375 px", MOBILE],
    ["1280 px", DESKTOP],
  ])("the cards, the badges and the filter agree (%s)", async (_, viewport) => {
    const page = await newPage(browser, viewport);
    await seed(
      page,
      DAYS.map((days) => ({ name: `Day ${days}`, pillsRemaining: days })),
    );
    const settings = { notificationDays: 14, emailConsent: true, timezone: "UTC", notificationHour: 9 };
    expect((await page.request.patch("/api/notifications/settings", { data: settings })).status()).toBe(200);
    await page.goto("/");
    await hydrated(page);

    const badges = (label: string) =>
      page
        .locator(".status-badge")
        .filter({ hasText: new RegExp(`^${label}$`) })
        .count();
    expect(await summary(page, "Need Refill Soon")).toContain("3 Medications");
    expect(await summary(page, "Running Low")).toContain("3 Medications");
    expect(await summary(page, "Well Stocked")).toContain("2 Medications");
    expect([await badges("Refill Needed"), await badges("Running Low"), await badges("Well Stocked")]).toEqual([3, 3, 2]);
    await filter(page).selectOption({ label: "Running Low" });
    await expect.poll(() => shownNames(page)).toEqual(["Day 15", "Day 20", "Day 22"]);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // The settings screen's info box names the same numbers.
    await page.goto("/notifications");
    await hydrated(page);
    const about = page.getByRole("note", { name: "About the daily email" });
    expect(await about.textContent()).toContain("within 14 days of running out");
    expect(await about.textContent()).toContain("will need a refill within 22 days");
    expect(await about.textContent()).toContain("Refill Needed with 14 days left or fewer, Running Low with up to 22 days left");
    const slider = page.getByLabel("Days Before Running Out to Notify");
    await slider.focus();
    for (let i = 0; i < 7; i++) await page.keyboard.press("ArrowLeft"); // 14 → 7
    await expect.poll(() => about.textContent()).toContain("Refill Needed with 7 days left or fewer, Running Low with up to 15 days left");
    expectNoErrors(page);
    await page.context().close();
  });
});
