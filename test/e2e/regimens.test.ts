import ICAL from "ical.js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, devEmailsTo, expectAccessible, expectNoErrors, hydrated, launch, newPage, registerViaApi, serverToday } from "./browser";

// Six real regimens entered through the medication form as a patient would (weekly methotrexate, a
// Mon/Wed/Fri tablet, an injection every 28 days, an as-needed inhaler, insulin in units, and a
// taper whose dose steps down next week on the edit form's 'From'), then every screen that shows a
// run-out date checked against dates worked out by hand here, from the server's today (the dev server
// keeps the real clock; serverToday): the dashboard, each medication page and its chart, the print page, the
// calendar feed and the reminder e-mail. The tests of this file run in order on one account.
//
// The rule: the count shown for a day is what is on hand at its start; that day's dose comes off at
// the midnight that ends it; a medication runs out on the first day whose dose the supply cannot
// fully cover (a day without a dose is covered even at 0); days left = days from today to that day;
// as needed, floor(7 × count / perWeek).

const ZONE = "America/St_Johns";
const NOTIFICATION_DAYS = 14;

// ---- Date arithmetic by hand (UTC calendar dates; no product code) ----
const DAY_MS = 86_400_000;
const plus = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const between = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
/** 0 = Sunday … 6 = Saturday. */
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
/** A date as the English pages write it ('Mar 9, 2027'). */
const dateText = (date: string) =>
  new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(Date.parse(`${date}T00:00:00Z`));

/** 1 tablet on Mon, Wed and Fri from `today` with `count` on hand: the first such day it cannot cover. */
function monWedFriRunOut(today: string, count: number): string {
  let left = count;
  for (let day = today; ; day = plus(day, 1)) {
    if (![1, 3, 5].includes(weekday(day))) continue; // no dose: covered even at 0
    if (left < 1) return day;
    left -= 1;
  }
}

interface Expected {
  daysLeft: number;
  runsOutOn: string;
  countText: string;
  doseText: string;
}

let browser: Browser;
let page: Page;
let today: string;
let username: string;
let expected: Record<string, Expected>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser, DESKTOP, ZONE);
});

/** An interval's next dose day as the dose text names it ('Monday, Nov 30'). */
const nextOn = (date: string) =>
  new Intl.DateTimeFormat("en", { weekday: "long", day: "numeric", month: "short", timeZone: "UTC" }).format(
    Date.parse(`${date}T00:00:00Z`),
  );

/** A confirmed account in St John's (a :30 zone) with one pharmacy, and the expected dates from its today. */
async function setUp() {
  ({ username } = await registerViaApi(page, undefined, { confirmed: true }));
  const settings = await page.request.patch("/api/notifications/settings", {
    data: { notificationDays: NOTIFICATION_DAYS, emailConsent: true, timezone: ZONE, notificationHour: 9 },
  });
  expect(settings.status()).toBe(200);
  expect((await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "2125551234" } })).status()).toBe(201);
  today = await serverToday(page);
  const mwf = monWedFriRunOut(today, 8);
  expected = {
    // 6 tablets every 7 days counted from 5 days ago: doses on days 2, 9, 16 and 23 take the 24
    // tablets; day 30's cannot be covered.
    Methotrexate: {
      daysLeft: 30,
      runsOutOn: plus(today, 30),
      countText: "24 tablets",
      doseText: `6 tablets every 7 days, next on ${nextOn(plus(today, 2))}`,
    },
    // 1 tablet Mon/Wed/Fri, 8 tablets: the 9th Mon/Wed/Fri from today on (monWedFriRunOut), 18–20
    // days away whatever today's weekday.
    Azithromycin: { daysLeft: between(today, mwf), runsOutOn: mwf, countText: "8 tablets", doseText: "1 tablet Mon, Wed, Fri" },
    // 1 injection every 28 days counted from 14 days ago: days 14 and 42 take the 2; day 70's is not covered.
    Paliperidone: {
      daysLeft: 70,
      runsOutOn: plus(today, 70),
      countText: "2 injections",
      doseText: `1 injection every 28 days, next on ${nextOn(plus(today, 14))}`,
    },
    // As needed, about 6 puffs a week, 200 puffs: floor(7 × 200 / 6) = 233 days.
    Salbutamol: { daysLeft: 233, runsOutOn: plus(today, 233), countText: "200 puffs", doseText: "As needed, about 6 puffs a week" },
    // 30 units a day, 300 units: days 0…9 take them all; day 10 starts at 0.
    "Insulin glargine": { daysLeft: 10, runsOutOn: plus(today, 10), countText: "300 units", doseText: "30 units daily" },
    // 3 tablets a day, 2 a day from day 7, 40 tablets: days 0…6 take 21 (19 left), days 7…15 take
    // 18 (1 left); day 16's 2 are not covered (without the change: 40 / 3 → day 13).
    Prednisone: { daysLeft: 16, runsOutOn: plus(today, 16), countText: "40 tablets", doseText: "3 tablets daily" },
  };
}

afterAll(() => browser?.close());

const field = (label: string) => page.getByLabel(label, { exact: true });
const howOften = (label: string) => page.getByRole("combobox", { name: "How often" }).selectOption({ label });
const unit = (label: string) => page.getByRole("combobox", { name: "Unit" }).selectOption({ label });

async function startForm(name: string) {
  await page.goto("/add-medication");
  await hydrated(page);
  expect(await field("Starting on").count()).toBe(0);
  await field("Medication Name").fill(name);
  await page.getByRole("combobox", { name: "Pharmacy" }).selectOption({ label: "Corner Pharmacy" });
}

async function save(count: number) {
  // Named in the unit chosen ('Puffs Remaining'): found by its name.
  await page.locator('input[name="pillsRemaining"]').fill(String(count));
  await page.getByRole("button", { name: "Save Medication" }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

/** A page's text as read, whitespace collapsed. */
const pageText = async () => (await page.locator("body").innerText()).replace(/\s+/g, " ");

describe("six regimens through the form, checked against run-out dates worked out by hand", () => {
  it("enters them through the medication form, the taper's step down through the edit form's 'From'", async () => {
    await setUp();
    await startForm("Methotrexate");
    await howOften("Every few days");
    await field("Tablets each time").fill("6");
    await field("Every how many days").fill("7");
    // The form's default start is the account's today: the hand dates above start from the same day.
    expect(await field("Starting on").inputValue()).toBe(today);
    await field("Starting on").fill(plus(today, -5));
    await save(24);

    await startForm("Azithromycin");
    await howOften("On certain days");
    await field("Tablets each time").fill("1");
    for (const day of ["Monday", "Wednesday", "Friday"]) await page.getByRole("checkbox", { name: day }).check();
    await save(8);

    await startForm("Paliperidone");
    await howOften("Every few days");
    await unit("Injections");
    await field("Injections each time").fill("1");
    await field("Every how many days").fill("28");
    await field("Starting on").fill(plus(today, -14));
    await save(2);

    await startForm("Salbutamol");
    await howOften("As needed");
    await unit("Puffs");
    await field("Expected use per week").fill("6");
    await save(200);

    await startForm("Insulin glargine");
    await unit("Units (insulin)");
    await field("Units each day").fill("30");
    await save(300);

    await startForm("Prednisone");
    await field("Tablets each day").fill("3");
    await save(40);

    const listed = (await (await page.request.get("/api/medications")).json()) as Array<{ id: number; name: string }>;
    for (const { id, name } of listed) ids[name] = id;
    expect(Object.keys(ids).sort()).toEqual(Object.keys(expected).sort());

    await page.goto(`/edit-medication/${ids.Prednisone}`);
    await hydrated(page);
    expect(await field("From").inputValue()).toBe(today);
    await field("Tablets each day").fill("2");
    await field("From").fill(plus(today, 7));
    await page.getByRole("button", { name: "Update Medication" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    const saved = (await (await page.request.get("/api/medications")).json()) as Array<Record<string, any>>;
    const got = Object.fromEntries(saved.map((med) => [med.name, { daysLeft: med.daysLeft, runsOutOn: med.runsOutOn }]));
    expect(got).toEqual(
      Object.fromEntries(Object.entries(expected).map(([name, e]) => [name, { daysLeft: e.daysLeft, runsOutOn: e.runsOutOn }])),
    );
    expectNoErrors(page);
  });

  it("the dashboard: 'Runs out first', each row's days left, axe", async () => {
    await page.goto("/");
    await hydrated(page);
    // 10, 16, 18–20 (Mon/Wed/Fri), 30, 70 and 233 days.
    expect(await page.getByRole("rowheader").allTextContents()).toEqual([
      "Insulin glargine",
      "Prednisone",
      "Azithromycin",
      "Methotrexate",
      "Paliperidone",
      "Salbutamol",
    ]);
    const got: Record<string, string> = {};
    for (const name of Object.keys(expected)) got[name] = await row(name).getByRole("cell").nth(2).locator("div").nth(1).innerText();
    expect(got).toEqual(Object.fromEntries(Object.entries(expected).map(([name, e]) => [name, `${e.daysLeft} days left`])));
    await expectAccessible(page);
    expectNoErrors(page);
  });

  it("the dashboard: the Dose and Remaining columns say each schedule and count in its unit", async () => {
    await page.goto("/");
    await hydrated(page);
    const got: Record<string, { dose: string; remaining: string }> = {};
    for (const name of Object.keys(expected)) {
      const cells = row(name).getByRole("cell");
      got[name] = { dose: (await cells.nth(1).innerText()).trim(), remaining: await cells.nth(2).locator("div").first().innerText() };
    }
    expect(got).toEqual(
      Object.fromEntries(Object.entries(expected).map(([name, e]) => [name, { dose: e.doseText, remaining: e.countText }])),
    );
    expect(await page.getByRole("columnheader", { name: "Dose" }).count()).toBe(1);
  });

  it("each medication page: the schedule, the count, days left, the run-out date and the supply chart; axe", async () => {
    for (const [name, e] of Object.entries(expected)) {
      await page.goto(`/medications/${ids[name]}`);
      await hydrated(page);
      const text = await pageText();
      expect(text, name).toContain(`Dose ${e.doseText}`);
      expect(text, name).toContain(`Left today ${e.countText}`);
      expect(text, name).toContain(`Days left ${e.daysLeft} days left`);
      expect(text, name).toContain(`Runs out on ${dateText(e.runsOutOn)}`);
      const chart = page.getByRole("img", { name: /^Supply over time/ });
      expect(await chart.count(), name).toBe(1);
      expect((await chart.boundingBox())!.width, name).toBeGreaterThan(300);
      expect(await page.locator("#supply-chart-caption").innerText(), name).toContain(
        `the projection to the run-out date (${dateText(e.runsOutOn)})`,
      );
    }
    // The inhaler's history and its refill dialog's field speak in puffs (the dialog is opened, not sent).
    await page.goto(`/medications/${ids.Salbutamol}`);
    await hydrated(page);
    expect(await page.getByRole("region", { name: "History" }).getByRole("listitem").allTextContents()).toEqual([
      expect.stringContaining("Added with 200 puffs"),
    ]);
    await page.getByRole("button", { name: "Refill", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Medication Refill" });
    await expect.poll(() => dialog.getByLabel("Puffs in this refill (adjust if different from standard)").count()).toBe(1);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    // The taper's page lists the step down with its date; the page passes axe.
    await page.goto(`/medications/${ids.Prednisone}`);
    await hydrated(page);
    expect(await page.getByText(`From ${dateText(plus(today, 7))}: 2 tablets daily`).count()).toBe(1);
    await expectAccessible(page);
    expectNoErrors(page);
  });

  it("each chart's table: the projected 'Runs out' row is on the run-out date", async () => {
    const got: Record<string, string[]> = {};
    for (const name of Object.keys(expected)) {
      await page.goto(`/medications/${ids[name]}`);
      await page.getByText("Show the chart as a table").click();
      const rows = page.getByRole("table").getByRole("row").filter({ hasText: "Runs out (projected)" });
      got[name] = await Promise.all((await rows.all()).map((r) => r.getByRole("cell").first().innerText()));
    }
    expect(got).toEqual(Object.fromEntries(Object.entries(expected).map(([name, e]) => [name, [dateText(e.runsOutOn)]])));
  });

  it("the print page: each run-out date", async () => {
    await page.goto("/medications/print");
    const got: Record<string, string> = {};
    for (const tr of await page.locator("tbody tr").all())
      got[await tr.locator("th").innerText()] = await tr.locator("td").nth(2).innerText();
    expect(got).toEqual(Object.fromEntries(Object.entries(expected).map(([name, e]) => [name, dateText(e.runsOutOn)])));
    expectNoErrors(page);
  });

  it("the calendar feed: each '… runs out' event on its run-out date, its 'Refill …' event 14 days before", async () => {
    const subscribed = await page.request.post("/api/calendar-feed");
    expect(subscribed.status()).toBe(201);
    const { url } = (await subscribed.json()) as { url: string };
    const feed = await page.request.get(new URL(url).pathname);
    expect(feed.status()).toBe(200);
    const events = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    const got: Record<string, { runsOut?: string; refill?: string }> = {};
    for (const [name, id] of Object.entries(ids)) {
      const on = (kind: string) => events.find((event) => event.uid.startsWith(`${kind}-${id}@`))?.startDate.toString();
      got[name] = { runsOut: on("runs-out"), refill: on("refill") };
    }
    expect(got).toEqual(
      Object.fromEntries(
        Object.entries(expected).map(([name, e]) => [name, { runsOut: e.runsOutOn, refill: plus(e.runsOutOn, -NOTIFICATION_DAYS) }]),
      ),
    );
  });

  it("the reminder e-mail (the test e-mail, as the daily one is written): who needs a refill, and when each runs out", async () => {
    const sent = await page.request.post("/api/test-email-notification");
    expect(sent.status()).toBe(200);
    const email = `${username}@example.com`;
    let text = "";
    await expect
      .poll(
        async () =>
          (text = (await devEmailsTo(page, email)).find((m) => m.subject === "Test: your medication refill reminder")?.text ?? ""),
      )
      .not.toBe("");
    // Refill Needed at ≤ 14 days left: insulin (10). Running Low up to 22: the taper (16) and the
    // Mon/Wed/Fri tablet (18–20). The others (30, 70, 233 days) are not named.
    const named = [...text.matchAll(/^- \u2068(.+?)\u2069: .*?, (\d+) days? of supply; runs out (.+?)\.$/gm)].map((m) => [
      m[1],
      Number(m[2]),
      m[3],
    ]);
    expect(named).toEqual(
      ["Insulin glargine", "Prednisone", "Azithromycin"].map((name) => [
        name,
        expected[name]!.daysLeft,
        dateText(expected[name]!.runsOutOn),
      ]),
    );
    expect(text).toContain("Needs a refill now (within 14 days of running out):\n- \u2068Insulin glargine\u2069");
  });
});

const row = (name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
