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

// Times of day through the medication form: rows of a time and an amount, added and removed as a
// patient would (1 to 8, the Dose field giving way to their total), saved sorted, and worded on the
// dashboard in the locale's clock ('1 tablet at 8:00 AM and 8:00 PM').

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function startForm(page: Page, name: string) {
  await page.goto("/add-medication");
  await hydrated(page);
  await field(page, "Medication Name").fill(name);
  await page.getByRole("combobox", { name: "Pharmacy" }).selectOption({ label: "Corner Pharmacy" });
  await field(page, "Pills Remaining").fill("60");
}

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("times of day in the medication form (%s)", (_, viewport) => {
  it("Times rows: two times saved sorted, the Dose field replaced by their total, the dashboard names both times", async () => {
    const page = await newPage(browser, viewport, "UTC", "en-US");
    await registerViaApi(page);
    expect((await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "2125551234" } })).status()).toBe(
      201,
    );
    await startForm(page, "Metformin");
    const times = page.getByRole("group", { name: "Times" });
    expect(await times.getByRole("textbox").count()).toBe(0);
    expect(await field(page, "Tablets each day").count()).toBe(1);

    // The evening time first: the saved list is in clock order whatever order it was typed in.
    await times.getByRole("button", { name: "Add a time" }).click();
    await field(page, "Time 1").fill("20:00");
    await times.getByRole("button", { name: "Add a time" }).click();
    await field(page, "Time 2").fill("08:00");
    await times.getByRole("button", { name: "Add a time" }).click();
    await field(page, "Time 3").fill("13:00");
    expect(await field(page, "Tablets each day").count()).toBe(0);
    expect(await times.getByText("Dose each dose day: 3 tablets").count()).toBe(1);
    await times.getByRole("button", { name: "Remove time 3" }).click();
    expect(await times.getByText("Dose each dose day: 2 tablets").count()).toBe(1);
    // Removing a row hands the focus to 'Add a time', never to the page's start.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Add a time");
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await page.getByRole("button", { name: "Save Medication" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    const saved = (await (await page.request.get("/api/medications")).json()) as Array<Record<string, unknown>>;
    expect(saved[0]).toMatchObject({
      schedule: {
        type: "daily",
        dose: 2,
        times: [
          { at: "08:00", dose: 1 },
          { at: "20:00", dose: 1 },
        ],
      },
    });
    await page.goto("/");
    await hydrated(page);
    const row = page.getByRole("row").filter({ hasText: "Metformin" });
    expect(await row.getByText(/^1 tablet at 8:00\sAM and 8:00\sPM$/).count()).toBe(1);
    await expectAccessible(page);

    // The edit form shows the rows back; the same time twice is refused at the Times rows.
    await page.goto(`/edit-medication/${saved[0]!.id}`);
    await hydrated(page);
    expect(await field(page, "Time 1").inputValue()).toBe("08:00");
    expect(await field(page, "Time 2").inputValue()).toBe("20:00");
    await field(page, "Time 2").fill("08:00");
    await page.getByRole("button", { name: "Update Medication" }).click();
    await expect
      .poll(() =>
        page
          .getByRole("group", { name: "Times" })
          .getByText(/Each time of day can appear only once/)
          .count(),
      )
      .toBe(1);
    await expectAccessible(page);
    expectNoErrors(page);
    await page.context().close();
  });
});

describe("times of day in another language", () => {
  it("Times rows: German words the dose on the 24-hour clock with its own 'und'", async () => {
    const page = await newPage(browser, DESKTOP, "UTC", "de-DE");
    await registerViaApi(page);
    const pharmacy = await (await page.request.post("/api/pharmacies", { data: { name: "Apotheke", phoneNumber: "2125551234" } })).json();
    const res = await page.request.post("/api/medications", {
      data: {
        pharmacyId: pharmacy.id,
        name: "Metformin",
        pillsRemaining: 60,
        pillsPerRefill: 60,
        schedule: {
          type: "daily",
          times: [
            { at: "20:00", dose: 1 },
            { at: "08:00", dose: 1 },
          ],
        },
      },
    });
    expect(res.status()).toBe(201);
    await page.goto("/");
    await hydrated(page);
    expect(await page.getByRole("row").filter({ hasText: "Metformin" }).getByText("1 Tablette um 08:00 und 20:00").count()).toBe(1);
    expectNoErrors(page);
    await page.context().close();
  });
});
