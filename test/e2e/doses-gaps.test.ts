import type { Browser, Locator, Page } from "playwright-core";
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

// The dose check-ins' gaps: the form's count controls (countBy, an as-needed maxPerDay), the Today
// section's warning when a use passes that maximum, and an Undo tapped offline kept like a tap.
// Keyboard and axe at 375 and 1280 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const KEPT = "refill-tracker:dose-taps";
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function withPharmacy(page: Page) {
  await registerViaApi(page);
  const pharmacy = await (
    await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "2125551234" } })
  ).json();
  return async (data: Record<string, unknown>) => {
    const res = await page.request.post("/api/medications", { data: { pharmacyId: pharmacy.id, pillsPerRefill: 30, ...data } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: number };
  };
}

/** Tab until `target` has the focus (it is reachable with the keyboard alone). */
async function tabTo(page: Page, target: Locator) {
  await target.waitFor();
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("not reachable with Tab");
}

const today = (page: Page) => page.getByRole("region", { name: /^(Today|Yesterday|.*\d.*)$/ });
const listRow = (page: Page, name: string) =>
  page.locator('section[aria-labelledby="medications-heading"]').getByRole("row").filter({ hasText: name });
const remaining = (page: Page, name: string, text: string) => listRow(page, name).getByText(text, { exact: true }).count();
const line = (section: Locator, name: string) => section.getByRole("listitem").filter({ hasText: name }).first();

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("dose check-ins' gaps (%s)", (_, viewport) => {
  it("the form's count controls save countBy and an as-needed maxPerDay (form controls)", async () => {
    const page = await newPage(browser, viewport, "UTC", "en-US");
    await withPharmacy(page);
    await page.goto("/add-medication");
    await hydrated(page);
    await field(page, "Medication Name").fill("Salbutamol");
    await page.getByRole("combobox", { name: "Pharmacy" }).selectOption({ label: "Corner Pharmacy" });
    const countBy = page.getByRole("combobox", { name: "How the count follows doses" });
    // A new scheduled medication counts by schedule, with its one-line explanation.
    expect(await countBy.inputValue()).toBe("schedule");
    expect(await page.getByText("Doses you don't log are counted as taken at the end of their day.").count()).toBe(1);
    expect(await field(page, "Most in a day (optional)").count()).toBe(0);
    // As needed: counted by log unless the patient picks otherwise, and the most a day is offered.
    await page.getByRole("combobox", { name: "How often" }).selectOption({ label: "As needed" });
    expect(await countBy.inputValue()).toBe("log");
    expect(await page.getByText("Only the doses and uses you log come off your count.").count()).toBe(1);
    await page.getByRole("combobox", { name: "Unit" }).selectOption({ label: "Puffs" });
    await field(page, "Expected use per week").fill("6");
    const maxPerDay = field(page, "Most in a day (optional)");
    await tabTo(page, maxPerDay);
    await page.keyboard.type("4");
    await field(page, "Puffs Remaining").fill("200");
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await page.getByRole("button", { name: "Save Medication" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    // A daily tablet switched to 'Count only what I log' with the keyboard.
    await page.goto("/add-medication");
    await hydrated(page);
    await field(page, "Medication Name").fill("Metformin");
    await page.getByRole("combobox", { name: "Pharmacy" }).selectOption({ label: "Corner Pharmacy" });
    await field(page, "Pills Remaining").fill("60");
    await tabTo(page, countBy);
    await countBy.selectOption({ label: "Count only what I log" });
    expect(await page.getByText("Only the doses and uses you log come off your count.").count()).toBe(1);
    await tabTo(page, page.getByRole("button", { name: "Save Medication" }));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/");

    const saved = (await (await page.request.get("/api/medications")).json()) as Array<Record<string, unknown>>;
    const byName = Object.fromEntries(saved.map((med) => [med.name, med]));
    expect(byName.Salbutamol).toMatchObject({ countBy: "log", schedule: { type: "asNeeded", perWeek: 6, maxPerDay: 4 } });
    expect(byName.Metformin).toMatchObject({ countBy: "log", schedule: { type: "daily", dose: 1 } });

    // The edit form shows what was saved.
    await page.goto(`/edit-medication/${byName.Salbutamol!.id}`);
    await hydrated(page);
    expect(await countBy.inputValue()).toBe("log");
    expect(await field(page, "Most in a day (optional)").inputValue()).toBe("4");
    await expectAccessible(page);
    expectNoErrors(page);
    await page.context().close();
  });

  it("a use past maxPerDay shows the API's over_max_per_day warning (warning)", async () => {
    const page = await newPage(browser, viewport, "UTC", "en-US");
    const add = await withPharmacy(page);
    await add({ name: "Salbutamol", unit: "puff", pillsRemaining: 200, schedule: { type: "asNeeded", perWeek: 6, maxPerDay: 2 } });
    await page.goto("/");
    await hydrated(page);
    const section = today(page);
    const amount = section
      .getByRole("textbox", { name: /Amount of .*Salbutamol/ })
      .or(section.getByRole("spinbutton", { name: /Amount of .*Salbutamol/ }));
    await amount.fill("3");
    const log = section.getByRole("button", { name: /^Log a use of .*Salbutamol/ });
    await tabTo(page, log);
    await page.keyboard.press("Enter");
    // Counted by log: 200 → 197, and the warning in the section's status region (never a refusal).
    await expect.poll(() => remaining(page, "Salbutamol", "197 puffs")).toBe(1);
    const warning = section.getByRole("status").getByText(/^Salbutamol: 3 used this day, more than the 2 a day you set\./);
    await expect.poll(() => warning.count()).toBe(1);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    expectNoErrors(page);
    await page.context().close();
  });
});

describe("the Today section offline", () => {
  it("an Undo tapped offline is kept like a tap and sent when back online (offline undo)", async () => {
    const page = await newPage(browser, MOBILE, "UTC", "en-US");
    const add = await withPharmacy(page);
    await add({ name: "Lisinopril", pillsRemaining: 30, schedule: { type: "daily", times: [{ at: "08:00", dose: 1 }] } });
    await page.goto("/");
    await hydrated(page);
    const section = today(page);

    // Taken online: 30 → 29.
    await line(section, "Lisinopril")
      .getByRole("button", { name: /^Mark .*Lisinopril.* taken$/ })
      .click();
    await expect
      .poll(() =>
        line(section, "Lisinopril")
          .getByText(/^Taken at /)
          .count(),
      )
      .toBe(1);
    await expect.poll(() => remaining(page, "Lisinopril", "29 tablets")).toBe(1);

    // Offline, Undo: kept on the device, shown as waiting, Taken offered again; nothing sent yet.
    await page.context().setOffline(true);
    const undo = line(section, "Lisinopril").getByRole("button", { name: /^Undo .*Lisinopril/ });
    await tabTo(page, undo);
    await page.keyboard.press("Enter");
    await expect.poll(() => line(section, "Lisinopril").getByText("Waiting to send", { exact: true }).count()).toBe(1);
    expect(
      await line(section, "Lisinopril")
        .getByRole("button", { name: /^Mark .*Lisinopril.* taken$/ })
        .count(),
    ).toBe(1);
    expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]").length, KEPT)).toBe(1);
    expect(await remaining(page, "Lisinopril", "29 tablets")).toBe(1);
    await expectAccessible(page);

    // Back online: the Undo is sent, the count returns to 30 and the dose is due again.
    await page.context().setOffline(false);
    await expect.poll(() => remaining(page, "Lisinopril", "30 tablets")).toBe(1);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), KEPT)).toBe("[]");
    const doses = await (await page.request.get("/api/doses")).json();
    expect(doses.days[0].doses.map((d: { status: string }) => d.status)).toEqual(["due"]);
    await page.context().close();
  });
});
