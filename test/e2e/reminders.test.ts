import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextReminderAt } from "../../src/domain/time";
import { baseUrl, DESKTOP, expectAccessible, expectNoErrors, hydrated, launch, registerViaApi, newPage } from "./browser";

// The whole flow as a developer runs it locally: choose your hour on the screen, fire the cron
// through wrangler's scheduled handler at chosen instants, read the e-mail at /dev/emails, and
// unsubscribe from it without signing in.

const HOUR = 3_600_000;
const localHour = (zone: string, at = Date.now()) =>
  Number(new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23" }).format(at));
// A :45 zone (+05:45, or +12:45/+13:45): the e-mail comes at :45 local, on the first tick after the
// hour. The reminder is set two hours ahead and must fall on the user's today, or 'Reminders sent'
// (the last days up to today) rightly leaves it out. The dev server keeps the real clock, so the
// zone is the one where two hours ahead is still today at the test's start: Kathmandu unless it is
// past 21:00 there, when it is early morning in Chatham. Zone and hour come from that one instant
// (they were read seconds apart, and a start at 21:59:59 in Kathmandu asked for hour 24).
const zoneAt = (at: number) => ["Asia/Kathmandu", "Pacific/Chatham"].find((zone) => localHour(zone, at) <= 21)!;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** What `curl '<dev>/cdn-cgi/handler/scheduled?cron=0+*+*+*+*&time=<ms>'` does. */
async function fireCron(time: number) {
  const res = await fetch(`${baseUrl()}/cdn-cgi/handler/scheduled?cron=0+*+*+*+*&time=${time}`);
  expect(res.status).toBe(200);
}

type DevEmail = { id: number; to: string; subject: string; text: string; html: string };
// The reminders to `to` (the confirmation mail of registration left out).
const emailsTo = async (page: Page, to: string) =>
  ((await (await page.request.get("/dev/emails")).json()) as DevEmail[]).filter(
    (m) => m.to === to && m.subject !== "Confirm your Refill Tracker email address",
  );

describe("reminders, end to end", () => {
  it("set your hour, fire the cron, read the e-mail at /dev/emails, unsubscribe from it", async () => {
    const start = Date.now();
    const ZONE = zoneAt(start);
    const page = await newPage(browser, DESKTOP, ZONE);
    const { username } = await registerViaApi(page, undefined, { confirmed: true });
    const email = `${username}@example.com`;

    // Two hours from now, local time.
    const hour = localHour(ZONE, start) + 2;
    expect(hour, "the reminder falls on the user's today").toBeLessThanOrEqual(23);
    const label = `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? "AM" : "PM"}`;
    await page.goto("/notifications");
    await hydrated(page);
    await expect.poll(() => page.getByLabel("Timezone").inputValue()).toBe(ZONE);
    await page.getByLabel("Notification Time").selectOption({ label });
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect.poll(() => page.getByText("Your notification preferences have been saved.").count()).toBe(1);
    const due = nextReminderAt(ZONE, hour, Date.now());

    // Counted in the user's zone from today: 3 days of pills (2 on the day the reminder goes) is within the default 7.
    const pharmacy = await page.request.post("/api/pharmacies", { data: { name: "Thamel Pharmacy", phoneNumber: "+977 1-4412345" } });
    expect(pharmacy.status()).toBe(201);
    const medication = await page.request.post("/api/medications", {
      data: {
        name: "Amlodipine",
        pharmacyId: (await pharmacy.json()).id,
        pillsPerDay: 1,
        pillsRemaining: 3,
        pillsPerRefill: 30,
        lastRefillDate: "",
      },
    });
    expect(medication.status()).toBe(201);

    const tickBefore = Math.floor(due / HOUR) * HOUR; // :00 UTC is :45 local, before the hour
    const tickAfter = tickBefore + HOUR;
    await fireCron(tickBefore);
    expect(await emailsTo(page, email)).toEqual([]);
    await fireCron(tickAfter);
    await fireCron(tickAfter); // a repeated tick sends nothing twice
    const mails = await emailsTo(page, email);
    expect(mails.map((m) => m.subject)).toEqual(["Refill reminder: 1 medication needs a refill"]);
    // Names and numbers the user typed are isolated (U+2068 … U+2069); the phone is shown formatted.
    expect(mails[0].text).toMatch(
      /- \u2068Amlodipine\u2069: [23] tablets left, [23] days of supply; runs out \w{3} \d{1,2}, \d{4}\.\n {2}Dose: 1 tablet daily\n {2}Pharmacy: \u2068Thamel Pharmacy\u2069, \u2068\+977 1 4412345\u2069/,
    );

    // The notifications screen lists it under 'Reminders sent'.
    await page.goto("/notifications");
    const sentList = page.getByRole("region", { name: "Reminders sent" });
    const row = sentList.getByRole("row").filter({ hasText: "Amlodipine" });
    expect(await row.count()).toBe(1);
    expect(await row.getByRole("cell", { name: "Delivered" }).count()).toBe(1);
    await expectAccessible(page);

    await page.goto(`/dev/emails/${mails[0].id}`);
    expect(await page.getByRole("link", { name: "+977 1 4412345" }).getAttribute("href")).toBe("tel:+97714412345");
    expect(await page.getByRole("link", { name: "Open your dashboard" }).count()).toBe(1);

    // The e-mail's link (its host is APP_URL; the path and token are what matter here).
    const link = new URL(/Unsubscribe: (\S+)/.exec(mails[0].text)![1]);
    await page.context().clearCookies();
    await page.goto(link.pathname + link.search);
    expect(await page.getByRole("heading", { name: "Unsubscribe from refill reminders" }).count()).toBe(1);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "You're unsubscribed" }).count()).toBe(1);

    await fireCron(tickAfter + 24 * HOUR);
    expect(await emailsTo(page, email)).toHaveLength(1);
    expectNoErrors(page);
    await page.context().close();
  });
});
