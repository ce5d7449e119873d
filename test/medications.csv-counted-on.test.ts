import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, createPharmacy, medicationInput, signUp, type Account } from "./helpers";
import { mockPostmark, tick } from "./reminders-fixtures";

// Finding: the CSV export had no count date, so a list exported on one day and imported days later
// counted its pills from the import's day: the count was too high and the reminder came late. The
// export writes `counted_on` (its own day) and the import counts from it, down to today by the one
// supply rule. Dates worked out by hand below; the clock is faked (Date only).

// Wednesday 10 March 2027, noon UTC: the export. Monday 15 March: the import, five days later.
const EXPORTED_AT = Date.UTC(2027, 2, 10, 12, 0);
const IMPORTED_AT = Date.UTC(2027, 2, 15, 12, 0);
const NOTIFICATION_DAYS = 7;

let exporter: Account;
let file: string;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: EXPORTED_AT });
  exporter = await signUp();
  const pharmacy = await createPharmacy(exporter, { name: "Corner Pharmacy" });
  for (const body of [
    // 30 tablets, 1 a day: Mar 10…Apr 8 are covered, Fri 9 April starts at 0.
    { name: "Metformin", pillsRemaining: 30, schedule: { type: "daily", dose: 1 } },
    // 3 tablets, 1 each Sunday: Mar 14, 21 and 28 are covered; Sunday 4 April is not.
    { name: "Vitamin D", pillsRemaining: 3, schedule: { type: "weekdays", dose: 1, days: ["sun"] } },
  ]) {
    const res = await call("POST", "/api/medications", { cookie: exporter.cookie, body: medicationInput(pharmacy.id, body) });
    expect(res.status, res.text).toBe(201);
  }
  const exported = await call("GET", "/api/medications/export.csv", { cookie: exporter.cookie });
  expect(exported.status, exported.text).toBe(200);
  file = exported.text;
});

afterAll(() => {
  vi.useRealTimers();
});

const byName = (list: Array<Record<string, unknown>>) => Object.fromEntries(list.map((m) => [m.name, m]));

describe("CSV export → import five days later (finding: the import counted from its own day)", () => {
  it("the export names the day its counts are from", () => {
    const [header, metformin] = file.replace(/^\uFEFF/, "").split("\r\n");
    const countedOn = header!.split(",").indexOf("counted_on");
    expect(countedOn).toBeGreaterThan(0);
    expect(metformin!.split(",")[countedOn]).toBe("2027-03-10");
  });

  it("the imported list has the exporter's count and run-out dates, and its reminder comes on the same day", async () => {
    vi.setSystemTime(IMPORTED_AT);
    const importer = await signUp({ confirmed: true });
    const settings = await call("PATCH", "/api/notifications/settings", {
      cookie: importer.cookie,
      body: { notificationDays: NOTIFICATION_DAYS, emailConsent: true, timezone: "UTC", notificationHour: 9 },
    });
    expect(settings.status, settings.text).toBe(200);
    const imported = await call("POST", "/api/medications/import", { cookie: importer.cookie, rawBody: file, contentType: "text/csv" });
    expect(imported.status, imported.text).toBe(201);

    const original = byName((await call("GET", "/api/medications", { cookie: exporter.cookie })).body);
    const copy = byName((await call("GET", "/api/medications", { cookie: importer.cookie })).body);
    const facts = (m: Record<string, unknown>) => [m.pillsRemaining, m.runsOutOn, m.daysLeft];
    // Metformin: 30 − 5 days (Mar 10…14) = 25 on Monday 15 March; runs out on Fri 9 April, 25 days on.
    expect(facts(copy.Metformin!)).toEqual([25, "2027-04-09", 25]);
    // Vitamin D: Sunday 14 March's tablet is gone: 2 left; Sunday 4 April is the first not covered.
    expect(facts(copy["Vitamin D"]!)).toEqual([2, "2027-04-04", 20]);
    expect([facts(copy.Metformin!), facts(copy["Vitamin D"]!)]).toEqual([facts(original.Metformin!), facts(original["Vitamin D"]!)]);

    // The count's history starts on the exporter's day, so a refill picked up since then can be entered.
    const history = await call("GET", `/api/medications/${copy.Metformin!.id}/history`, { cookie: importer.cookie });
    expect(history.body.map((e: Record<string, unknown>) => [e.kind, e.localDate, e.pillsAfter])).toEqual([["created", "2027-03-10", 30]]);

    // 7 days before Fri 9 April: the reminder at 09:00 UTC on Friday 2 April names Metformin as
    // needing a refill now (counted from the import's day it would still have had 12 days).
    const postmark = mockPostmark();
    try {
      const reminderAt = Date.UTC(2027, 3, 2, 9, 0);
      vi.setSystemTime(reminderAt);
      await tick(reminderAt);
      const [mail, ...more] = postmark.messagesTo(importer.email);
      expect(more).toEqual([]);
      const now = mail?.TextBody.split(/\n\n/).find((s) => s.startsWith("Needs a refill now"));
      expect(now).toContain("Metformin");
    } finally {
      postmark.restore();
    }
  });
});
