import type { Browser, Page } from "playwright-core";
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

// Findings: the import dialog named only the old columns (pills_per_day…, not unit, schedule or the
// count's day), and its preview showed a weekly dose as an average a day ('0.143'). The hint names
// today's columns; the preview says each schedule as the dashboard does.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** The dashboard's 'Import from CSV' dialog, opened (on a phone, from behind 'More'). */
async function openImport(page: Page, viewport: typeof DESKTOP) {
  if (viewport === MOBILE) await page.getByRole("button", { name: "More" }).click();
  await page.getByRole("button", { name: "Import from CSV" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Import from CSV" });
  await expect.poll(() => dialog.count()).toBe(1);
  return dialog;
}

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("the import dialog (%s)", (_, viewport) => {
  it("names today's columns and previews each schedule in words", async () => {
    const page = await newPage(browser, viewport);
    await registerViaApi(page);
    await page.goto("/");
    await hydrated(page);
    const dialog = await openImport(page, viewport);
    const hint = await dialog.getByText("The first row names the columns", { exact: false }).innerText();
    for (const column of ["unit", "schedule", "counted_on", "pills_per_day"]) expect(hint).toMatch(new RegExp(`\\b${column}\\b`));
    expect(hint).toContain("as needed 6 a week");

    // An export's columns: pills_per_day is the average (1 a week = 0.143), the schedule says it all.
    const file = [
      "name,pills_per_day,pills_remaining,pills_per_refill,pharmacy,unit,schedule,counted_on",
      "Vitamin D,0.143,4,4,Corner,capsule,weekdays 1 sun,",
      "Salbutamol,0.857,200,200,Corner,puff,as needed 6 a week,",
    ].join("\n");
    await dialog.getByLabel("CSV file").setInputFiles({ name: "list.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await expect.poll(() => dialog.getByText("2 medications ready to import.").count()).toBe(1);
    const preview = dialog.getByRole("region", { name: "Preview" });
    expect(await preview.getByRole("columnheader").allInnerTexts()).toContain("Dose");
    const rows = await preview.getByRole("row").allInnerTexts();
    expect(rows.find((row) => row.includes("Vitamin D"))).toContain("1 capsule every Sunday");
    expect(rows.find((row) => row.includes("Salbutamol"))).toContain("As needed, about 6 puffs a week");
    expect(rows.join("\n")).not.toMatch(/0\.143|0\.857/);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    expectNoErrors(page);
    await page.context().close();
  });
});
