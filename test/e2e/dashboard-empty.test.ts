import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, expectAccessible, expectNoErrors, expectNoHorizontalScroll, hydrated, launch, MOBILE, newPage, registerViaApi } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** A signed-in user with one pharmacy and three medications: one refill needed, one running low, one well stocked. */
async function seed(page: Page) {
  await registerViaApi(page);
  const pharmacy = await (await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "2125551234" } })).json();
  for (const [name, pillsRemaining] of [["Metformin", 3], ["Lisinopril", 12], ["Atorvastatin", 90]] as const) {
    const res = await page.request.post("/api/medications", { data: { name, pharmacyId: pharmacy.id, pillsPerDay: 1, pillsRemaining, pillsPerRefill: 30 } });
    expect(res.status()).toBe(201);
  }
}

// Runs out first: 3, 12 and 90 days.
const ALL = ["Metformin", "Lisinopril", "Atorvastatin"];
const ADD_FIRST = "No medications found. Add your first medication to start tracking.";
const shownNames = (page: Page) => page.getByRole("rowheader").allTextContents();
const textCount = (page: Page, text: string) => page.getByText(text, { exact: true }).count();
const clearButton = (page: Page) => page.getByRole("button", { name: "Clear search" });

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("dashboard: a search or filter that matches nothing (%s)", (_, viewport) => {
  it("names the search, offers 'Clear search', which clears the search and the filter", async () => {
    const page = await newPage(browser, viewport);
    await seed(page);
    await page.goto("/");
    await hydrated(page);
    const search = page.getByPlaceholder("Search medications...");
    const filter = page.getByRole("combobox", { name: "Filter by status" });
    expect(await clearButton(page).count()).toBe(0);

    // Search and filter together: the sentence names the search text (isolated: it is the user's).
    await filter.selectOption({ label: "Well Stocked" });
    await search.fill("  Met ");
    await expect.poll(() => textCount(page, 'No medications match "Met"')).toBe(1);
    expect(await page.locator("bdi").filter({ hasText: /^Met$/ }).count()).toBe(1);
    expect(await textCount(page, ADD_FIRST)).toBe(0);
    expect(await textCount(page, "0 medication(s) found")).toBe(1);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    await clearButton(page).click();
    await expect.poll(() => shownNames(page)).toEqual(ALL);
    expect(await search.inputValue()).toBe("");
    expect(await filter.inputValue()).toBe("all");
    expect(await clearButton(page).count()).toBe(0);
    // The button went away with the message: the focus goes to the search box, not to the page's top.
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);

    // A long right-to-left search without spaces wraps and keeps its own direction.
    const query = "دواء".repeat(30);
    await search.fill(query);
    await expect.poll(() => clearButton(page).count()).toBe(1);
    expect(await page.locator("bdi").filter({ hasText: query }).count()).toBe(1);
    await expectNoHorizontalScroll(page);
    await clearButton(page).click();
    await expect.poll(() => shownNames(page)).toEqual(ALL);
    expectNoErrors(page);
    await page.context().close();
  });

  it("a filter alone that matches nothing says so, with the same 'Clear search'", async () => {
    const page = await newPage(browser, viewport);
    await seed(page);
    await page.goto("/");
    await hydrated(page);
    const filter = page.getByRole("combobox", { name: "Filter by status" });

    await filter.selectOption({ label: "Needs a new prescription" });
    await expect.poll(() => textCount(page, "No medications match this filter.")).toBe(1);
    expect(await textCount(page, ADD_FIRST)).toBe(0);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    await clearButton(page).click();
    await expect.poll(() => shownNames(page)).toEqual(ALL);
    expect(await filter.inputValue()).toBe("all");
    expectNoErrors(page);
    await page.context().close();
  });

  it("with no medications at all, invites the first one (no 'Clear search')", async () => {
    const page = await newPage(browser, viewport);
    await registerViaApi(page);
    await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "2125551234" } });
    await page.goto("/");
    await hydrated(page);
    await expect.poll(() => textCount(page, ADD_FIRST)).toBe(1);
    await page.getByPlaceholder("Search medications...").fill("anything");
    await expect.poll(() => textCount(page, ADD_FIRST)).toBe(1);
    expect(await clearButton(page).count()).toBe(0);
    await expectAccessible(page);
    expectNoErrors(page);
    await page.context().close();
  });
});
