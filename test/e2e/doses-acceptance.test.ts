import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEEKDAYS, weekdayIndex } from "../../src/domain/regimen";
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
  serverToday,
} from "./browser";

// Issue 30's acceptance in Chromium: the patient of test/doses.acceptance.test.ts (St John's, a :30
// zone) on the dashboard's Today section, on the server's real today: Take all, Skip, Log a use,
// Undo, late logs on yesterday, the list's counts after each, then the medication page's adherence
// block; axe at 375 and 1280 px. The dev server keeps the real clock, so the days are the server's.
//
// Her medications, counted yesterday (so yesterday's doses can be logged late):
// - Metformin: 1 tablet at 08:00 and 1 at 20:00, 31 tablets, counted by schedule;
// - Semaglutide: 1 injection once a week at 08:00, on today's weekday (the form's default), 4 injections;
// - Salbutamol: as needed, about 14 puffs a week, 200 puffs, counted by log.
// Yesterday's two Metformin doses were not logged: midnight took them as planned, so today starts at 31 − 2 = 29.

const ZONE = "America/St_Johns";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function seed(page: Page) {
  await registerViaApi(page);
  const today = await serverToday(page);
  const yesterday = addDays(today, -1);
  const pharmacy = await (await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "" } })).json();
  const ids: Record<string, number> = {};
  const add = async (data: Record<string, unknown>) => {
    const res = await page.request.post("/api/medications", {
      data: { pharmacyId: pharmacy.id, pillsPerRefill: 30, lastRefillDate: null, countedOn: yesterday, ...data },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids[data.name as string] = (await res.json()).id;
  };
  const one = (time: string) => ({ at: time, dose: 1 });
  await add({ name: "Metformin", pillsRemaining: 31, schedule: { type: "daily", times: [one("08:00"), one("20:00")] } });
  const weekday = WEEKDAYS[weekdayIndex(today)];
  await add({
    name: "Semaglutide",
    unit: "injection",
    pillsRemaining: 4,
    schedule: { type: "weekdays", days: [weekday], times: [one("08:00")] },
  });
  await add({ name: "Salbutamol", unit: "puff", pillsRemaining: 200, schedule: { type: "asNeeded", perWeek: 14 } });
  await page.goto("/");
  await hydrated(page);
  return { ids, today };
}

const todaySection = (page: Page) => page.getByRole("region", { name: /^(Today|Yesterday|.*\d.*)$/ });
const listRow = (page: Page, name: string) =>
  page.locator('section[aria-labelledby="medications-heading"]').getByRole("row").filter({ hasText: name });
/** Whether the dashboard list's row of `name` says `text` (its Remaining column). */
const shows = (page: Page, name: string, text: string) => listRow(page, name).getByText(text, { exact: true }).count();
const line = (section: Locator, name: string, nth = 0) => section.getByRole("listitem").filter({ hasText: name }).nth(nth);
const button = (scope: Locator, name: RegExp) => scope.getByRole("button", { name });

describe.each([
  ["375 px", MOBILE],
  ["1280 px", DESKTOP],
])("the St John's patient on the Today screen (%s)", (_, viewport) => {
  let page: Page;
  let ids: Record<string, number>;

  it("Take all, Skip, Log a use, Undo and late logs on yesterday; the list's counts follow each", async () => {
    page = await newPage(browser, viewport, ZONE, "en-US");
    ({ ids } = await seed(page));
    const section = todaySection(page);
    await expect.poll(() => section.getByRole("heading", { name: /^8:00\sAM$/ }).count()).toBe(1);
    expect(await shows(page, "Metformin", "29 tablets")).toBe(1);
    expect(await shows(page, "Semaglutide", "4 injections")).toBe(1);
    expect(await shows(page, "Salbutamol", "200 puffs")).toBe(1);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // Take all at 8:00 AM logs both: Metformin 29 → 28, Semaglutide 4 → 3.
    await button(section, /^Take all at 8:00\sAM$/).click();
    await expect
      .poll(() =>
        line(section, "Semaglutide")
          .getByText(/^Taken at /)
          .count(),
      )
      .toBe(1);
    await expect.poll(() => shows(page, "Metformin", "28 tablets")).toBe(1);
    await expect.poll(() => shows(page, "Semaglutide", "3 injections")).toBe(1);

    // Skip the 8:00 PM Metformin: a skipped dose costs nothing now (28 stays) and is never charged.
    await button(line(section, "Metformin", 1), /^Skip .*Metformin/).click();
    await expect.poll(() => line(section, "Metformin", 1).getByText("Skipped", { exact: true }).count()).toBe(1);
    expect(await shows(page, "Metformin", "28 tablets")).toBe(1);

    // Two puffs of Salbutamol (counted by log): 200 → 198; its Undo puts them back: 200.
    await section.getByRole("spinbutton", { name: /Amount of .*Salbutamol/ }).fill("2");
    await button(section, /^Log a use of .*Salbutamol/).click();
    await expect.poll(() => shows(page, "Salbutamol", "198 puffs")).toBe(1);
    const use = section.getByRole("listitem").filter({ hasText: "Salbutamol" }).filter({ hasText: "Taken at" });
    await expect.poll(() => use.getByText("2 puffs", { exact: true }).count()).toBe(1);
    await expectAccessible(page);
    await button(use, /^Undo .*Salbutamol/).click();
    await expect.poll(() => shows(page, "Salbutamol", "200 puffs")).toBe(1);

    // Yesterday: both Metformin doses not logged (Semaglutide's day is today).
    await section.getByRole("button", { name: "Previous day" }).click();
    await expect.poll(() => section.getByRole("heading", { name: "Yesterday", level: 2 }).count()).toBe(1);
    await expect.poll(() => section.getByText("Not logged", { exact: true }).count()).toBe(2);
    expect(await section.getByRole("listitem").filter({ hasText: "Semaglutide" }).count()).toBe(0);
    // Late: yesterday's 08:00 taken. Midnight already took it as planned: 28 stays.
    await button(line(section, "Metformin"), /^Mark .*Metformin.* taken$/).click();
    await expect
      .poll(() =>
        line(section, "Metformin")
          .getByText(/^Taken at /)
          .count(),
      )
      .toBe(1);
    expect(await shows(page, "Metformin", "28 tablets")).toBe(1);
    // Late: yesterday's 08:00 PM skipped. Midnight had taken it; the tablet comes back: 29.
    await button(line(section, "Metformin", 1), /^Skip .*Metformin/).click();
    await expect.poll(() => shows(page, "Metformin", "29 tablets")).toBe(1);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // What the server kept, as the list will show after a reload.
    await page.reload();
    await hydrated(page);
    expect(await shows(page, "Metformin", "29 tablets")).toBe(1);
    expect(await shows(page, "Semaglutide", "3 injections")).toBe(1);
    expect(await shows(page, "Salbutamol", "200 puffs")).toBe(1);
    expectNoErrors(page);
  });

  it("the medication page's adherence block", async () => {
    await page.goto(`/medications/${ids.Metformin}`);
    await hydrated(page);
    // Yesterday and today, 2 doses each, all logged: taken yesterday 08:00 (late) and today 08:00 (Take all),
    // skipped both 8:00 PM doses: taken 2 of 4, skipped 2, none not logged. On time: today's 08:00 only if
    // Take all came within an hour of 08:00 on her clock; yesterday's, logged today, never.
    const block = page.getByRole("region", { name: "Doses taken" });
    await expect.poll(() => block.innerText()).toContain("Taken 2 of 4 doses in the last 30 days");
    const text = await block.innerText();
    expect(text).toContain("Skipped: 2 · Not logged: 0");
    const clock = new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
      new Date(),
    );
    const minutes = Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
    // The page is read seconds after Take all: within two minutes of the hour's edge either figure is right.
    const off = Math.abs(minutes - 8 * 60);
    expect(text).toMatch(Math.abs(off - 60) <= 2 ? /On time: [01]\b/ : new RegExp(`On time: ${off <= 60 ? 1 : 0}\\b`));
    // The count at the start of each day: 31 yesterday, then 31 − 1 (08:00 taken; 8:00 PM skipped) = 30 today: both cover 2.
    expect(text).toContain("Days covered (90 days): 100%");
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    expectNoErrors(page);
    await page.context().close();
  });
});
