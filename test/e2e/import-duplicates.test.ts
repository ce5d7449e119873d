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
  SLOW,
} from "./browser";

// In the browser: the import preview's skip / import-as-new choice for medications
// already on the list, its refusal of a future last refill date, and the pharmacies page's 'Merge into…'. A refusal keeps either dialog open
// with what was chosen and says why inside it.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const post = async (page: Page, path: string, data: unknown) => {
  const res = await page.request.post(path, { data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
};
/** The dashboard's 'Import from CSV' dialog, opened (on a phone, from behind 'More'). */
async function openImport(page: Page, viewport: typeof DESKTOP) {
  if (viewport === MOBILE) await page.getByRole("button", { name: "More" }).click();
  await page.getByRole("button", { name: "Import from CSV" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Import from CSV" });
  await expect.poll(() => dialog.count()).toBe(1);
  return dialog;
}

const text = (scope: ReturnType<Page["getByRole"]>, words: string) => scope.getByText(words, { exact: false }).count();

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("duplicates and merging (%s)", (_, viewport) => {
  it("the import preview skips medications already on the list unless the patient imports them as new", async () => {
    const page = await newPage(browser, viewport);
    await registerViaApi(page);
    const corner = await post(page, "/api/pharmacies", { name: "Corner Drugs", phoneNumber: "2125550100" });
    await post(page, "/api/medications", {
      name: "Lisinopril 10mg",
      pharmacyId: corner.id,
      pillsPerDay: 1,
      pillsRemaining: 30,
      pillsPerRefill: 30,
    });
    // 50 pharmacies: the limit, so a file naming a new one is refused (a real 409).
    for (let i = 0; i < 49; i++) await post(page, "/api/pharmacies", { name: `Spare ${i}`, phoneNumber: "" });

    await page.goto("/");
    await hydrated(page);
    // On a phone the secondary actions sit behind 'More'.
    const dialog = await openImport(page, viewport);
    const file = [
      "name,pills_per_day,pills_remaining,pills_per_refill,pharmacy,pharmacy_phone",
      "lisinopril  10MG,1,30,30,corner drugs,",
      "Metformin,1,30,30,CORNER DRUGS,",
      "Lisinopril 10mg,2,60,30,Corner Drugs,(212) 555-0100",
      "Aspirin,1,30,30,New Place,",
    ].join("\n");
    await dialog.getByLabel("CSV file").setInputFiles({ name: "list.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await expect.poll(() => text(dialog, "2 medications in this file are already on your list.")).toBe(1);
    expect(await text(dialog, "2 medications ready to import.")).toBe(1);
    expect(await text(dialog, "2 medications already on your list will be skipped.")).toBe(1);
    const row2 = dialog.getByRole("checkbox", { name: "Import as new: row 2, lisinopril 10MG" });
    const row4 = dialog.getByRole("checkbox", { name: "Import as new: row 4, Lisinopril 10mg" });
    const all = dialog.getByRole("checkbox", { name: "Import all of them as new" });
    expect([await row2.isChecked(), await row4.isChecked(), await all.isChecked()]).toEqual([false, false, false]);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    await row4.check();
    await expect.poll(() => text(dialog, "3 medications ready to import.")).toBe(1);
    expect(await text(dialog, "1 medication already on your list will be skipped.")).toBe(1);
    await all.check();
    await expect.poll(() => text(dialog, "4 medications ready to import.")).toBe(1);
    expect(await row2.isChecked()).toBe(true);
    await all.uncheck();
    await expect.poll(() => text(dialog, "2 medications ready to import.")).toBe(1);
    await row4.check();

    // Refused (50 pharmacies already): the dialog stays, with the file, the choice and the reason.
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await expect.poll(() => text(dialog, "You can track up to 50 pharmacies.")).toBe(1);
    expect(await dialog.getByRole("alert").filter({ hasText: "Import failed" }).count()).toBe(1);
    expect(await dialog.count()).toBe(1);
    expect(await row4.isChecked()).toBe(true);
    expect(await dialog.getByLabel("CSV file").evaluate((input) => (input as HTMLInputElement).files?.[0]?.name)).toBe("list.csv");
    await expectAccessible(page);

    const spare = ((await (await page.request.get("/api/pharmacies")).json()) as Array<{ id: number; name: string }>).find(
      (p) => p.name === "Spare 0",
    )!;
    expect((await page.request.delete(`/api/pharmacies/${spare.id}`)).status()).toBe(204);
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    // The import reloads the dashboard: wait for the new page (its dialog closed), then its toast.
    await expect.poll(() => dialog.count(), SLOW).toBe(0);
    await page.waitForLoadState("load");
    await hydrated(page);
    await expect.poll(() => page.getByText("Import complete").count()).toBe(1);
    expect(await page.getByText("3 medications were added. 1 already on your list was skipped.").count()).toBe(1);
    const names = ((await (await page.request.get("/api/medications")).json()) as Array<{ name: string }>).map((m) => m.name).sort();
    expect(names).toEqual(["Aspirin", "Lisinopril 10mg", "Lisinopril 10mg", "Metformin"]);
    expectNoErrors(page);
    await page.context().close();
  });

  it("the preview refuses a row whose last refill date is in the future, at its row, and nothing can be imported", async () => {
    const page = await newPage(browser, viewport, "UTC");
    await registerViaApi(page);
    await page.goto("/");
    await hydrated(page);
    const dialog = await openImport(page, viewport);
    const today = todayIn("UTC");
    const file = [
      "name,pills_per_day,pills_remaining,pills_per_refill,pharmacy,last_refill_date",
      `Metformin,1,30,30,Corner,${today}`,
      `Aspirin,1,30,30,Corner,${addDays(today, 1)}`,
    ].join("\n");
    await dialog.getByLabel("CSV file").setInputFiles({ name: "dates.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    const problems = dialog.getByRole("alert").filter({ hasText: "1 problem to fix first." });
    await expect.poll(() => problems.count()).toBe(1);
    expect(await problems.getByRole("listitem").allTextContents()).toEqual(["Row 3: Last refill date cannot be in the future"]);
    expect(await dialog.getByRole("button", { name: "Import", exact: true }).isDisabled()).toBe(true);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    expect(await (await page.request.get("/api/medications")).json()).toEqual([]);
    expectNoErrors(page);
    await page.context().close();
  });

  it("'Merge into…' moves a pharmacy's medications to another and deletes it; a refusal keeps the dialog", async () => {
    const page = await newPage(browser, viewport);
    await registerViaApi(page);
    const from = await post(page, "/api/pharmacies", { name: "Main St Pharmacy", phoneNumber: "" });
    await post(page, "/api/pharmacies", { name: "Main Street Pharmacy", phoneNumber: "2125550100" });
    const idle = await post(page, "/api/pharmacies", { name: "Idle Pharmacy", phoneNumber: "" });
    for (const name of ["Metformin", "Aspirin"])
      await post(page, "/api/medications", { name, pharmacyId: from.id, pillsPerDay: 1, pillsRemaining: 30, pillsPerRefill: 30 });
    await page.goto("/pharmacies");
    await hydrated(page);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    await page.getByRole("button", { name: "Main St Pharmacy: Merge into…" }).click();
    const dialog = page.getByRole("dialog", { name: "Merge Main St Pharmacy into…" });
    await expect.poll(() => dialog.count()).toBe(1);
    const into = dialog.getByLabel("Merge into");
    expect(await into.locator("option").allTextContents()).toEqual([
      "Choose a pharmacy",
      "Idle Pharmacy",
      "Main Street Pharmacy (+1 212 555 0100)",
    ]);
    await dialog.getByRole("button", { name: "Merge", exact: true }).click();
    await expect.poll(() => text(dialog, "Choose the pharmacy to merge into.")).toBe(1);
    await expectAccessible(page);

    // The chosen pharmacy goes away meanwhile: 404, said in the dialog, which stays with the choice.
    await into.selectOption({ label: "Idle Pharmacy" });
    expect((await page.request.delete(`/api/pharmacies/${idle.id}`)).status()).toBe(204);
    await dialog.getByRole("button", { name: "Merge", exact: true }).click();
    await expect.poll(() => dialog.getByRole("alert").filter({ hasText: "Pharmacy not found" }).count()).toBe(1);
    expect(await dialog.count()).toBe(1);
    expect(await into.inputValue()).toBe(String(idle.id));
    await expectAccessible(page);
    // That 404 was provoked: the browser's console line for it is expected, any other error is not.
    const problems = (page as Page & { problems: string[] }).problems;
    expect(problems).toEqual(["console: Failed to load resource: the server responded with a status of 404 (Not Found)"]);
    problems.length = 0;

    await into.selectOption({ label: "Main Street Pharmacy (+1 212 555 0100)" });
    await dialog.getByRole("button", { name: "Merge", exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByText("Pharmacies merged: 2 medications moved.").count()).toBe(1);
    await expect
      .poll(() => page.getByRole("main").getByRole("listitem").getByRole("heading").allTextContents())
      .toEqual(["Main Street Pharmacy"]);
    // One pharmacy left: nothing to merge into.
    expect(await page.getByRole("button", { name: /Merge into…/ }).count()).toBe(0);
    const medications = (await (await page.request.get("/api/medications")).json()) as Array<{ pharmacyId: number }>;
    expect(new Set(medications.map((m) => m.pharmacyId)).size).toBe(1);
    expect(medications[0]!.pharmacyId).not.toBe(from.id);
    expectNoErrors(page);
    await page.context().close();
  });
});
