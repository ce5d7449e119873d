import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatRefillDate } from "../../src/domain/dashboard";
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

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

type NewMedication = {
  name: string;
  pillsPerDay?: number;
  pillsRemaining?: number;
  pillsPerRefill?: number;
  lastRefillDate?: string | null;
};

/** A signed-in user with one pharmacy and the given medications, made through the API. */
async function seed(page: Page, medications: NewMedication[]) {
  await registerViaApi(page);
  const pharmacy = await (
    await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "2125551234" } })
  ).json();
  const created: Array<{ id: number; name: string }> = [];
  for (let i = 0; i < medications.length; i += 10) {
    const batch = medications.slice(i, i + 10).map(async (m) => {
      const res = await page.request.post("/api/medications", {
        data: { pillsPerDay: 1, pillsRemaining: 30, pillsPerRefill: 30, lastRefillDate: null, ...m, pharmacyId: pharmacy.id },
      });
      expect(res.status()).toBe(201);
      return res.json();
    });
    created.push(...(await Promise.all(batch)));
  }
  return { pharmacy, medications: created };
}

const THREE = [
  { name: "Metformin", pillsPerDay: 2, pillsRemaining: 10, pillsPerRefill: 60, lastRefillDate: "2025-01-05" }, // 5 days: refill needed
  { name: "Lisinopril", pillsPerDay: 1, pillsRemaining: 12 }, // 12 days: running low
  { name: "atorvastatin", pillsPerDay: 1, pillsRemaining: 90, lastRefillDate: "2024-12-31" }, // well stocked
];

const isDesktop = (page: Page) => page.viewportSize()!.width >= 768;
/** The names in the list as shown: each row's header (a table row, or a card below 768 px). */
const shownNames = (page: Page) => page.getByRole("rowheader").allTextContents();
const summary = (page: Page, title: string) =>
  page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title }) })
    .textContent();
/** The browser logs the answer to a request the test made fail on purpose; that is not a page error. */
function forgiveNotFound(page: Page) {
  const problems = (page as Page & { problems: string[] }).problems;
  problems.splice(0, problems.length, ...problems.filter((p) => !/Failed to load resource.*404/.test(p)));
}
const textCount = (page: Page, text: string) => page.getByText(text, { exact: true }).count();

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("dashboard (%s)", (_, viewport) => {
  it("shows the user's medications with cards, search, status filter and the spec's texts", async () => {
    const page = await newPage(browser, viewport);
    await seed(page, THREE);
    await page.goto("/");
    await hydrated(page);

    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Medication Dashboard" }).count()).toBe(1);
    // On a phone it is in the closed 'More' menu (test/e2e/dashboard-more.test.ts).
    expect(await page.getByRole("link", { name: "Manage Pharmacies", includeHidden: true }).getAttribute("href")).toBe("/pharmacies");
    expect(await page.getByRole("link", { name: "Add Medication" }).getAttribute("href")).toBe("/add-medication");
    expect(await summary(page, "Need Refill Soon")).toContain("1 Medication");
    expect(await summary(page, "Running Low")).toContain("1 Medication");
    expect(await summary(page, "Well Stocked")).toContain("1 Medication");
    expect(await textCount(page, "3 medication(s) found")).toBe(1);
    expect(await shownNames(page)).toEqual(["Metformin", "Lisinopril", "atorvastatin"]); // runs out first
    for (const text of ["Jan 5, 2025", "Dec 31, 2024", "Not available", "5 days left", "Refill Needed", "Running Low", "Well Stocked"]) {
      expect(await page.getByText(text).filter({ visible: true }).count(), text).toBeGreaterThan(0);
    }
    expect(await page.getByText("Showing 1 to 3 of 3 results").count()).toBe(1);
    expect(await page.getByRole("navigation", { name: "Pagination" }).count()).toBe(0);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // Search: case-insensitive substring; the summary cards follow it.
    await page.getByPlaceholder("Search medications...").fill("MET");
    await expect.poll(() => shownNames(page)).toEqual(["Metformin"]);
    expect(await textCount(page, "1 medication(s) found")).toBe(1);
    expect(await summary(page, "Need Refill Soon")).toContain("1 Medication");
    expect(await summary(page, "Running Low")).toContain("0 Medications");
    expect(await summary(page, "Well Stocked")).toContain("0 Medications");
    // A search that matches nothing: test/e2e/dashboard-empty.test.ts.
    await page.getByPlaceholder("Search medications...").fill("");

    // Status filter: a native select with the spec's options.
    const filter = page.getByRole("combobox", { name: "Filter by status" });
    expect(await filter.locator("option").allTextContents()).toEqual([
      "All Medications",
      "Refill Needed",
      "Running Low",
      "Well Stocked",
      "Paused",
      "Needs a new prescription",
    ]);
    await filter.selectOption({ label: "Running Low" });
    await expect.poll(() => shownNames(page)).toEqual(["Lisinopril"]);
    expect(await textCount(page, "1 medication(s) found")).toBe(1);
    expect(await summary(page, "Well Stocked")).toContain("1 Medication"); // cards follow the search only
    expectNoErrors(page);
    await page.context().close();
  });

  it("paginates 20 a page, condenses the page list on narrow screens, and resets to page 1 on a filter change", async () => {
    const page = await newPage(browser, viewport);
    // 85 medications: 5 pages. Names sort numerically (Med 2 before Med 10).
    await seed(
      page,
      Array.from({ length: 85 }, (_, i) => ({ name: `Med ${i + 1}`, pillsRemaining: i < 5 ? 3 : 100 })),
    );
    await page.goto("/");
    await hydrated(page);

    expect(await page.getByText("Showing 1 to 20 of 85 results").count()).toBe(1);
    expect((await shownNames(page)).slice(0, 3)).toEqual(["Med 1", "Med 2", "Med 3"]);
    const pageButtons = () =>
      page
        .getByRole("navigation", { name: "Pagination" })
        .getByRole("button", { name: /^Page \d+$/ })
        .allTextContents();
    expect(await pageButtons()).toEqual(isDesktop(page) ? ["1", "2", "3", "4", "5"] : ["1", "2", "5"]);
    expect(await page.getByRole("button", { name: "Previous page" }).isDisabled()).toBe(true);

    await page.getByRole("button", { name: "Next page" }).click();
    await expect.poll(() => page.getByText("Showing 21 to 40 of 85 results").count()).toBe(1);
    await page.getByRole("button", { name: "Next page" }).click();
    await expect.poll(() => page.getByText("Showing 41 to 60 of 85 results").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Page 3" }).getAttribute("aria-current")).toBe("page");
    expect(await pageButtons()).toEqual(["1", "2", "3", "4", "5"]);
    if (!isDesktop(page)) {
      await page.getByRole("button", { name: "Page 5" }).click();
      await expect.poll(() => pageButtons()).toEqual(["1", "4", "5"]);
      expect(await page.locator("nav[aria-label=Pagination] li[aria-hidden=true]").filter({ visible: true }).count()).toBe(1);
    } else {
      await page.getByRole("button", { name: "Page 5" }).click();
    }
    await expect.poll(() => page.getByText("Showing 81 to 85 of 85 results").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Next page" }).isDisabled()).toBe(true);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    await page.getByRole("combobox", { name: "Filter by status" }).selectOption({ label: "Refill Needed" });
    await expect.poll(() => page.getByText("Showing 1 to 5 of 5 results").count()).toBe(1);
    expect(await page.getByRole("navigation", { name: "Pagination" }).count()).toBe(0);
    await page.getByRole("combobox", { name: "Filter by status" }).selectOption({ label: "All Medications" });
    await expect.poll(() => page.getByText("Showing 1 to 20 of 85 results").count()).toBe(1);
    expectNoErrors(page);
    await page.context().close();
  });

  it("refills through the dialog with the keyboard, and shows the result", async () => {
    const page = await newPage(browser, viewport);
    await seed(page, THREE);
    await page.goto("/");
    await hydrated(page);

    const refillButton = page.getByRole("button", { name: "Refill Metformin" });
    await refillButton.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Confirm Medication Refill" });
    await expect.poll(() => dialog.count()).toBe(1);
    const dialogText = (await dialog.textContent()) ?? "";
    expect(dialogText).toContain("Metformin");
    expect(dialogText).toContain("Corner Pharmacy");
    expect(dialogText).toContain("60 tablets");
    expect(dialogText).toContain("Today's date will be recorded as the last refill date.");
    // Another pick-up day: the sentence names that day instead (and is today's again on the next opening).
    await dialog.getByLabel("Picked up on").fill("2025-01-03");
    await expect.poll(() => dialog.textContent()).toMatch(/^(?!.*Today's date).*Jan 3, 2025 will be recorded as the pick-up date\./s);
    const pills = dialog.getByLabel("Tablets in this refill (adjust if different from standard)");
    expect(await pills.inputValue()).toBe("60");
    expect(await pills.getAttribute("min")).toBe("1");
    await expectAccessible(page);

    // Focus starts in the dialog and Tab keeps it there (the page behind is inert).
    const focusInDialog = () => page.evaluate(() => document.activeElement?.closest("dialog") != null);
    expect(await focusInDialog()).toBe(true);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      expect(await focusInDialog()).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await refillButton.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await dialog.textContent()).toContain("Today's date will be recorded as the last refill date.");
    await pills.fill("0");
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.getByText("Pills to add must be at least 1").count()).toBe(1);
    await pills.fill("15");
    // Hold the request to see the pending state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/medications/refill", async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole("button", { name: "Confirm Refill" }).click();
    await expect.poll(() => dialog.getByRole("button", { name: "Refilling..." }).isDisabled()).toBe(true);
    expect(await dialog.getByRole("button", { name: "Cancel" }).isDisabled()).toBe(true);
    release();
    await expect.poll(() => page.getByText("\u2068Metformin\u2069 has been refilled successfully.").count()).toBe(1);
    expect(await page.getByText("Medication refilled").count()).toBe(1);
    await expect.poll(() => dialog.count()).toBe(0);
    // 10 + 15 = 25 tablets at 2 a day: 12 days, running low. The last refill is the day the server
    // recorded it on (its today in the user's zone), read from its answer, not the test's clock.
    await expect.poll(() => page.getByText("25 tablets").filter({ visible: true }).count()).toBe(1);
    const refilled = (await (await page.request.get("/api/medications")).json()).find((m: { name: string }) => m.name === "Metformin");
    expect(await page.getByText(formatRefillDate(refilled.lastRefillDate)).filter({ visible: true }).count()).toBe(1);
    expect(await summary(page, "Running Low")).toContain("2 Medications");

    // A medication removed elsewhere: the refill is refused in the dialog, which stays open with what
    // was typed while the list behind it is refreshed.
    const { id } = (await (await page.request.get("/api/medications")).json()).find((m: { name: string }) => m.name === "Lisinopril");
    await page.request.delete(`/api/medications/${id}`);
    await page.getByRole("button", { name: "Refill Lisinopril" }).click();
    await pills.fill("7");
    await page.getByRole("button", { name: "Confirm Refill" }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent()).toBe("Medication not found");
    expect(await pills.inputValue()).toBe("7");
    await expect.poll(() => page.locator("main").getByRole("button", { name: "Refill Lisinopril", includeHidden: true }).count()).toBe(0); // the list was refreshed
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    forgiveNotFound(page);
    expectNoErrors(page);
    await page.context().close();
  });

  it("deletes after confirmation, and reports a failed delete", async () => {
    const page = await newPage(browser, viewport);
    const { medications } = await seed(page, THREE);
    await page.goto("/");
    await hydrated(page);

    await page.getByRole("button", { name: "Delete Metformin" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Metformin?" });
    await expect.poll(() => dialog.getByRole("heading").locator("bdi").textContent()).toBe("Metformin");
    expect(await dialog.getByText("Are you sure you want to delete this medication? This action cannot be undone.").count()).toBe(1);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await shownNames(page)).toContain("Metformin");

    await page.getByRole("button", { name: "Delete Metformin" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => page.getByText("The medication has been successfully deleted.").count()).toBe(1);
    expect(await page.getByText("Medication deleted").count()).toBe(1);
    await expect.poll(() => shownNames(page)).toEqual(["Lisinopril", "atorvastatin"]);
    expect(await textCount(page, "2 medication(s) found")).toBe(1);

    const lisinopril = medications.find((m) => m.name === "Lisinopril")!;
    await page.request.delete(`/api/medications/${lisinopril.id}`);
    await page.getByRole("button", { name: "Delete Lisinopril" }).click();
    const refused = page.getByRole("dialog", { name: "Delete Lisinopril?" });
    await refused.getByRole("button", { name: "Delete" }).click();
    // Refused in the dialog, which stays open (the list behind it is refreshed) until cancelled.
    await expect.poll(() => refused.getByRole("alert").textContent()).toBe("Failed to delete medication: Medication not found");
    await expect
      .poll(() => page.locator("main").getByRole("rowheader", { includeHidden: true }).allTextContents())
      .toEqual(["atorvastatin"]);
    await expectAccessible(page);
    await refused.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => refused.count()).toBe(0);
    // Another opening starts without the refusal.
    await page.getByRole("button", { name: "Delete atorvastatin" }).click();
    await expect.poll(() => page.getByRole("dialog", { name: "Delete atorvastatin?" }).count()).toBe(1);
    expect(await page.getByRole("dialog", { name: "Delete atorvastatin?" }).getByRole("alert").count()).toBe(0);
    forgiveNotFound(page);
    expectNoErrors(page);
    await page.context().close();
  });
});

describe("dashboard on the desktop table", () => {
  it("sorts by each column: first click ascending, second descending", async () => {
    const page = await newPage(browser, DESKTOP);
    await seed(page, THREE);
    await page.goto("/");
    await hydrated(page);

    const header = (name: string) => page.getByRole("columnheader", { name });
    // 'Runs out first' is the Remaining column ascending; the 'Sort by' select is for narrow screens only.
    expect(await header("Remaining").getAttribute("aria-sort")).toBe("ascending");
    expect(await header("Medication").getAttribute("aria-sort")).toBe("none");
    expect(await page.getByRole("combobox", { name: "Sort by" }).isVisible()).toBe(false);
    expect(await page.getByRole("columnheader").allTextContents()).toEqual([
      "Medication",
      "Pharmacy",
      "Dose",
      "Remaining",
      "Last Refill",
      "Status",
      "Actions",
    ]);
    expect(await shownNames(page)).toEqual(["Metformin", "Lisinopril", "atorvastatin"]);

    await header("Remaining").getByRole("button").click();
    await expect.poll(() => shownNames(page)).toEqual(["atorvastatin", "Lisinopril", "Metformin"]);
    expect(await header("Remaining").getAttribute("aria-sort")).toBe("descending");
    await header("Medication").getByRole("button").click();
    await expect.poll(() => shownNames(page)).toEqual(["atorvastatin", "Lisinopril", "Metformin"]);
    expect(await header("Medication").getAttribute("aria-sort")).toBe("ascending");
    expect(await header("Remaining").getAttribute("aria-sort")).toBe("none");

    await header("Last Refill").getByRole("button").click(); // a missing date is the earliest
    await expect.poll(() => shownNames(page)).toEqual(["Lisinopril", "atorvastatin", "Metformin"]);
    await header("Status").getByRole("button").click(); // refill needed first
    await expect.poll(() => shownNames(page)).toEqual(["Metformin", "Lisinopril", "atorvastatin"]);
    await header("Dose").getByRole("button").click();
    await header("Dose").getByRole("button").click();
    await expect.poll(() => shownNames(page)).toEqual(["Metformin", "atorvastatin", "Lisinopril"]);
    await header("Medication").getByRole("button").click();
    await header("Medication").getByRole("button").click();
    await expect.poll(() => shownNames(page)).toEqual(["Metformin", "Lisinopril", "atorvastatin"]);
    expectNoErrors(page);
    await page.context().close();
  });

  it("renders the list on the server (no JavaScript) and refreshes it when the window regains focus", async () => {
    const page = await newPage(browser, DESKTOP);
    await seed(page, THREE);
    const noJs = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false, baseURL: baseUrl() });
    await noJs.addCookies(await page.context().cookies());
    const staticPage = await noJs.newPage();
    await staticPage.goto("/");
    expect(await staticPage.getByRole("rowheader").allTextContents()).toEqual(["Metformin", "Lisinopril", "atorvastatin"]);
    expect(await staticPage.getByText("3 medication(s) found").count()).toBe(1);
    await noJs.close();

    await page.goto("/");
    await hydrated(page);
    const pharmacy = (await (await page.request.get("/api/pharmacies")).json())[0];
    await page.request.post("/api/medications", {
      data: { name: "Zoloft", pharmacyId: pharmacy.id, pillsPerDay: 1, pillsRemaining: 3, pillsPerRefill: 30 },
    });
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect.poll(() => shownNames(page)).toEqual(["Zoloft", "Metformin", "Lisinopril", "atorvastatin"]);
    expect(await summary(page, "Need Refill Soon")).toContain("2 Medications");
    expectNoErrors(page);
    await page.context().close();
  });
});
