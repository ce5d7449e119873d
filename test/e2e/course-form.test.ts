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

// A course through the form: a prednisone taper entered as steps ('3 a day for 7 days, then 2 a day
// for 7 days, then stop'), saved, then what the API, the dashboard and the edit form say of it.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("a course through the medication form (%s)", (_, viewport) => {
  it("a 2-step taper: its steps and last day are saved, the dashboard names the next step, the edit form shows them", async () => {
    const page = await newPage(browser, viewport);
    await registerViaApi(page);
    expect((await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "2125551234" } })).status()).toBe(
      201,
    );
    await page.goto("/add-medication");
    await hydrated(page);
    await field(page, "Medication Name").fill("Prednisone");
    await page.getByRole("combobox", { name: "Pharmacy" }).selectOption({ label: "Corner Pharmacy" });
    // Without the box: a plain last day, empty.
    expect(await field(page, "Last day (optional)").inputValue()).toBe("");
    await page.getByLabel("Taken as a course that steps down and stops").check();
    expect(await page.getByLabel("Last day (optional)").count()).toBe(0);
    await field(page, "Step 1: Tablets each day").fill("3");
    await field(page, "Step 1: for how many days").fill("7");
    await field(page, "Step 2: Tablets each day").fill("2");
    await field(page, "Step 2: for how many days").fill("7");
    expect(await page.getByText("Then stop.", { exact: true }).count()).toBe(1);
    await field(page, "Pills Remaining").fill("40");
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await page.getByRole("button", { name: "Save Medication" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    const [saved] = (await (await page.request.get("/api/medications")).json()) as Array<Record<string, any>>;
    const today = saved!.course[0].from as string;
    expect(saved).toMatchObject({
      name: "Prednisone",
      schedule: { type: "daily", dose: 3 },
      course: [
        { schedule: { type: "daily", dose: 3 }, days: 7 },
        { schedule: { type: "daily", dose: 2 }, days: 7 },
      ],
      finished: false,
      daysLeft: null,
    });
    expect(saved!.endsOn > today).toBe(true);

    // The dashboard: the next step and the last day in words, well stocked to its end.
    await page.goto("/");
    await hydrated(page);
    const row = page.getByRole("row").filter({ hasText: "Prednisone" });
    await expect.poll(() => row.getByText(/^Then 2 tablets daily from .+; ends .+$/).count()).toBeGreaterThan(0);
    expect(await row.getByText("Paused", { exact: true }).count()).toBe(0);
    await expectAccessible(page);

    // The edit form opens with the course's steps.
    await page.goto(`/edit-medication/${saved!.id}`);
    await hydrated(page);
    expect(await page.getByLabel("Taken as a course that steps down and stops").isChecked()).toBe(true);
    expect(await field(page, "Step 2: Tablets each day").inputValue()).toBe("2");
    await expectAccessible(page);
    await expectNoErrors(page);
  });
});
