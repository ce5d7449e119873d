import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { reminderArrivalAt } from "../src/domain/reminder-arrival";
import { call, db, signUp } from "./helpers";

// The daily reminder leaves on the UTC hour (the hourly cron), so a zone whose offset is not whole
// hours gets it after the hour chosen. The notification settings say the real local time.

async function settingsPage(timezone: string, notificationHour: number, lang = "en") {
  const account = await signUp();
  await db().update(users).set({ timezone, timezoneChosen: true, notificationHour }).where(eq(users.id, account.id));
  const page = await call<string>("GET", "/notifications", { cookie: `${account.cookie}; lang=${lang}` });
  expect(page.status).toBe(200);
  return page.text.replace(/[\u202f\u00a0]/g, " ");
}

describe("half-hour and 45-minute zones: the settings say when the reminder really arrives", () => {
  it("Asia/Kolkata (+05:30) at 9:00 → arrives at 9:30, said under the reminder time", async () => {
    const html = await settingsPage("Asia/Kolkata", 9);
    expect(html).toContain("In your time zone, reminders arrive at 9:30 AM.");
    // Tied to the hour's select as its hint.
    const select = /<select[^>]*name="notificationHour"[^>]*>/.exec(html)?.[0] ?? "";
    const hint = /aria-describedby="([^"]+)"/.exec(select)?.[1];
    expect(html).toContain(`id="${hint}" class="mt-1 text-xs text-slate-600">In your time zone, reminders arrive at 9:30 AM.`);
  });

  it("Asia/Kathmandu (+05:45) at 20:00 → the job's next UTC hour is 20:45 there", async () => {
    const html = await settingsPage("Asia/Kathmandu", 20);
    expect(html).toContain("In your time zone, reminders arrive at 8:45 PM.");
  });

  it("in the page's language (Hindi, Kolkata)", async () => {
    const html = await settingsPage("Asia/Kolkata", 9, "hi");
    expect(html).toContain("आपके समय क्षेत्र में रिमाइंडर");
    expect(html).not.toContain("reminders arrive");
  });

  it("Europe/Paris (whole hours): nothing is said", async () => {
    const html = await settingsPage("Europe/Paris", 9);
    expect(html).not.toContain("reminders arrive");
  });

  it("follows today's offset: Lord Howe Island is +10:30 in July, +11:00 in January", () => {
    const july = Date.UTC(2026, 6, 15, 12);
    const january = Date.UTC(2026, 0, 15, 12);
    // 9:00 at +10:30 is 22:30 UTC the day before; the job runs at 23:00 UTC, 9:30 there.
    expect(reminderArrivalAt("Australia/Lord_Howe", 9, july)).toBe(Date.UTC(2026, 6, 15, 23) - 86_400_000);
    expect(reminderArrivalAt("Australia/Lord_Howe", 9, january)).toBeNull();
    expect(reminderArrivalAt("Europe/Paris", 9, july)).toBeNull();
    expect(reminderArrivalAt("Not/AZone", 9, july)).toBeNull();
  });
});
