import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "../../src/domain/countdown";
import { addDays } from "../../src/domain/time";
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

// Pausing and resuming a medication from its page, by keyboard (1280 px) and by pointer (375 px):
// the page shows the pause and the run-out date moves by the paused days, then comes back.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** A date as the English pages write it ('Dec 26, 2026'). */
const shown = (date: string) =>
  new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

/** A medication of 30 tablets, one a day (runs out in 30 days); the user's today. */
async function seed(page: Page) {
  await registerViaApi(page);
  const today = todayIn(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
  const pharmacy = await (await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "" } })).json();
  const created = await page.request.post("/api/medications", {
    data: { name: "Levothyroxine", pharmacyId: pharmacy.id, pillsPerDay: 1, pillsRemaining: 30, pillsPerRefill: 30, lastRefillDate: null },
  });
  expect(created.status()).toBe(201);
  return { medication: await created.json(), today };
}

/** A fact of the page's list as read: the text after its term ('Runs out on' → 'Dec 26, 2026'), lines joined by a space. */
const fact = async (page: Page, term: string) =>
  (await page.locator("dt", { hasText: term }).locator("xpath=following-sibling::dd").innerText()).replace(/\s+/g, " ").trim();
const toast = (page: Page) => page.locator("[data-sonner-toast]");

/** The browser logs the 400 the test provoked on purpose; that is not a page error. */
function forgiveBadRequest(page: Page) {
  const problems = (page as Page & { problems: string[] }).problems;
  problems.splice(0, problems.length, ...problems.filter((p) => !/Failed to load resource.*400/.test(p)));
}

describe.each([
  ["1280", "keyboard", DESKTOP],
  ["375", "pointer", MOBILE],
] as const)("pause and resume at %s px by %s", (_, input, viewport) => {
  /** Presses a button by the chosen input: focus and Enter, or a click. */
  async function press(page: Page, button: ReturnType<Page["getByRole"]>) {
    if (input === "keyboard") {
      await button.focus();
      await page.keyboard.press("Enter");
    } else await button.click();
  }

  it("pauses for five days (run-out date moves), shows a refusal at its field, then resumes", async () => {
    const page = await newPage(browser, viewport);
    const { medication, today } = await seed(page);
    await page.goto(`/medications/${medication.id}`);
    await hydrated(page);
    expect(await fact(page, "Runs out on")).toBe(shown(addDays(today, 30)));
    expect(await page.getByRole("button", { name: "Resume" }).count()).toBe(0);

    await press(page, page.getByRole("button", { name: "Pause", exact: true }));
    const dialog = page.getByRole("dialog", { name: "Pause this medication" });
    await expect.poll(() => dialog.count()).toBe(1);
    const from = dialog.getByLabel("Paused from");
    const until = dialog.getByLabel("Paused until");
    expect([await from.inputValue(), await until.inputValue()]).toEqual([today, ""]);
    await expectAccessible(page);

    // A pause that ended yesterday: the server's reason shows at 'Paused until' and the dialog stays.
    await from.fill(addDays(today, -7));
    await until.fill(addDays(today, -1));
    await press(page, dialog.getByRole("button", { name: "Save pause" }));
    await expect.poll(() => dialog.getByRole("alert").textContent()).toBe("Paused until cannot be before today");
    expect(await until.getAttribute("aria-invalid")).toBe("true");
    expect(await dialog.count()).toBe(1);
    expect([await from.inputValue(), await until.inputValue()]).toEqual([addDays(today, -7), addDays(today, -1)]);
    await expectAccessible(page);
    forgiveBadRequest(page);

    await from.fill(today);
    await until.fill(addDays(today, 4));
    await press(page, dialog.getByRole("button", { name: "Save pause" }));
    await expect.poll(() => toast(page).textContent()).toContain("Pause saved");
    await hydrated(page);
    expect(await fact(page, "Dose")).toBe(`1 tablet daily Paused until ${shown(addDays(today, 4))}`);
    expect(await fact(page, "Runs out on")).toBe(shown(addDays(today, 35)));
    expect(await fact(page, "Days left")).toBe("35 days left");
    expect(await page.getByRole("button", { name: "Change pause" }).count()).toBe(1);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    await press(page, page.getByRole("button", { name: "Resume" }));
    await expect.poll(() => toast(page).textContent()).toContain("Medication resumed");
    await hydrated(page);
    expect(await fact(page, "Dose")).toBe("1 tablet daily");
    expect(await fact(page, "Runs out on")).toBe(shown(addDays(today, 30)));
    expect(await page.getByRole("button", { name: "Pause", exact: true }).count()).toBe(1);
    await expectAccessible(page);
    expectNoErrors(page);
  });

  it("pauses until resumed ('Paused', no run-out date), changes the pause, and Cancel leaves it as it was", async () => {
    const page = await newPage(browser, viewport);
    const { medication, today } = await seed(page);
    await page.goto(`/medications/${medication.id}`);
    await hydrated(page);

    await press(page, page.getByRole("button", { name: "Pause", exact: true }));
    const dialog = page.getByRole("dialog", { name: "Pause this medication" });
    await expect.poll(() => dialog.count()).toBe(1);
    await press(page, dialog.getByRole("button", { name: "Save pause" }));
    await expect.poll(() => toast(page).textContent()).toContain("Pause saved");
    await hydrated(page);
    expect(await fact(page, "Dose")).toBe("1 tablet daily Paused");
    expect(await fact(page, "Runs out on")).toBe("Paused");
    expect(await fact(page, "Days left")).toBe("Paused");

    // Change pause opens with the pause's dates; Cancel (or Escape) closes it without a change.
    await press(page, page.getByRole("button", { name: "Change pause" }));
    const change = page.getByRole("dialog", { name: "Change the pause" });
    await expect.poll(() => change.count()).toBe(1);
    expect([await change.getByLabel("Paused from").inputValue(), await change.getByLabel("Paused until").inputValue()]).toEqual([
      today,
      "",
    ]);
    await change.getByLabel("Paused until").fill(addDays(today, 1));
    if (input === "keyboard") await page.keyboard.press("Escape");
    else await change.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => change.count()).toBe(0);
    expect(await fact(page, "Runs out on")).toBe("Paused");

    await press(page, page.getByRole("button", { name: "Change pause" }));
    await change.getByLabel("Paused until").fill(addDays(today, 1));
    await press(page, change.getByRole("button", { name: "Save pause" }));
    await expect.poll(() => fact(page, "Dose")).toBe(`1 tablet daily Paused until ${shown(addDays(today, 1))}`);
    await hydrated(page);
    expect(await fact(page, "Runs out on")).toBe(shown(addDays(today, 32)));

    await press(page, page.getByRole("button", { name: "Resume" }));
    await expect.poll(() => toast(page).textContent()).toContain("Medication resumed");
    await hydrated(page);
    expect(await fact(page, "Runs out on")).toBe(shown(addDays(today, 30)));
    expectNoErrors(page);
  });
});
