import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, createPharmacy, medicationInput, signUp, type Account } from "./helpers";
import { mockPostmark, tick } from "./reminders-fixtures";

// Six real regimens entered through the API on one fixed day, then every place that shows or uses a
// run-out date checked against dates worked out by hand below (no product function computes them):
// the medications API, the medication page and its chart, the print page, the calendar feed and the
// reminder e-mail. The rule: the count shown for a day is what is on hand at its start; the day's
// dose comes off at the midnight that ends it; a medication runs out on the first day whose dose
// the supply cannot fully cover (a day without a dose is covered even at 0); days left = days
// from today to that day; as needed, floor(7 × count / perWeek).

// Wednesday 10 March 2027, 06:30 in St John's (UTC−3:30, a :30 zone; its DST starts on the 14th,
// which must not matter: only local dates count).
const ZONE = "America/St_Johns";
const NOW = Date.UTC(2027, 2, 10, 10, 0);
// 09:30 local the same day: the first hourly tick at or after the 9:00 reminder hour.
const REMINDER_TICK = Date.UTC(2027, 2, 10, 13, 0);
const NOTIFICATION_DAYS = 14;

interface Case {
  body: Record<string, unknown>;
  /** On hand at the start of today, as shown. */
  count: number;
  runsOutOn: string;
  daysLeft: number;
  /** runsOutOn as the English pages write it. */
  runsOutText: string;
  /** The count and the schedule as the English pages write them. */
  countText: string;
  doseText: string;
}

const CASES: Record<string, Case> = {
  // 6 tablets every 7 days counted from Fri 5 March: doses on Mar 12, 19, 26 and Apr 2 take the 24
  // tablets; Fri 9 April's dose cannot be covered. Mar 10 → Apr 9 = 21 + 9 = 30 days.
  Methotrexate: {
    body: { pillsRemaining: 24, schedule: { type: "interval", dose: 6, everyDays: 7, startsOn: "2027-03-05" } },
    count: 24,
    runsOutOn: "2027-04-09",
    daysLeft: 30,
    runsOutText: "Apr 9, 2027",
    countText: "24 tablets",
    doseText: "6 tablets every 7 days, next on Friday, Mar 12",
  },
  // 1 tablet Mon/Wed/Fri, 9 tablets, today a Wednesday: Wed 10, Fri 12, Mon 15, Wed 17, Fri 19,
  // Mon 22, Wed 24, Fri 26, Mon 29 take all 9. Tue 30 starts at 0 but has no dose (covered); Wed
  // 31 March's dose is not covered. 21 days.
  Azithromycin: {
    body: { pillsRemaining: 9, schedule: { type: "weekdays", dose: 1, days: ["mon", "wed", "fri"] } },
    count: 9,
    runsOutOn: "2027-03-31",
    daysLeft: 21,
    runsOutText: "Mar 31, 2027",
    countText: "9 tablets",
    doseText: "1 tablet Mon, Wed, Fri",
  },
  // 1 injection every 28 days from Wed 24 February: Mar 24 and Apr 21 take the 2 injections; Wed
  // 19 May's is not covered. Mar 10 → May 19 = 21 + 30 + 19 = 70 days.
  Paliperidone: {
    body: { unit: "injection", pillsRemaining: 2, schedule: { type: "interval", dose: 1, everyDays: 28, startsOn: "2027-02-24" } },
    count: 2,
    runsOutOn: "2027-05-19",
    daysLeft: 70,
    runsOutText: "May 19, 2027",
    countText: "2 injections",
    doseText: "1 injection every 28 days, next on Wednesday, Mar 24",
  },
  // As needed, about 6 puffs a week, 200 puffs: floor(7 × 200 / 6) = floor(233.3) = 233 days.
  // Mar 10 + 21 = Mar 31, + 30 = Apr 30 (51), May 31 (82), Jun 30 (112), Jul 31 (143), Aug 31 (174),
  // Sep 30 (204), Oct 31 would be 235: day 233 is Fri 29 October.
  Salbutamol: {
    body: { unit: "puff", pillsRemaining: 200, schedule: { type: "asNeeded", perWeek: 6 } },
    count: 200,
    runsOutOn: "2027-10-29",
    daysLeft: 233,
    runsOutText: "Oct 29, 2027",
    countText: "200 puffs",
    doseText: "As needed, about 6 puffs a week",
  },
  // 30 units a day, 300 units: Mar 10…19 take them all; Sat 20 March starts at 0. 10 days.
  "Insulin glargine": {
    body: { unit: "unit", pillsRemaining: 300, schedule: { type: "daily", dose: 30 } },
    count: 300,
    runsOutOn: "2027-03-20",
    daysLeft: 10,
    runsOutText: "Mar 20, 2027",
    countText: "300 units",
    doseText: "30 units daily",
  },
  // A taper: 3 tablets a day now, 2 a day from next Wednesday (Mar 17), 40 tablets. Mar 10…16 take
  // 7 × 3 = 21 (19 left on the 17th); Mar 17…25 take 9 × 2 = 18 (1 left on the 26th); Fri 26
  // March's 2 are not covered. 16 days (without the change it would be 40 / 3 → Mar 23).
  Prednisone: {
    body: { pillsRemaining: 40, schedule: { type: "daily", dose: 3 } },
    count: 40,
    runsOutOn: "2027-03-26",
    daysLeft: 16,
    runsOutText: "Mar 26, 2027",
    countText: "40 tablets",
    doseText: "3 tablets daily",
  },
};
/** What each medication should show, by name. */
const expectedBy = <T>(pick: (c: Case) => T) => Object.fromEntries(Object.entries(CASES).map(([name, c]) => [name, pick(c)]));

const TAPER_FROM = "2027-03-17";
const NAMES = Object.keys(CASES);

let account: Account;
const ids: Record<string, number> = {};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  account = await signUp({ confirmed: true });
  const settings = await call("PATCH", "/api/notifications/settings", {
    cookie: account.cookie,
    body: { notificationDays: NOTIFICATION_DAYS, emailConsent: true, timezone: ZONE, notificationHour: 9 },
  });
  expect(settings.status, settings.text).toBe(200);
  const pharmacy = await createPharmacy(account, { name: "Corner Pharmacy" });
  for (const [name, { body }] of Object.entries(CASES)) {
    const res = await call("POST", "/api/medications", {
      cookie: account.cookie,
      body: medicationInput(pharmacy.id, { name, pillsPerDay: undefined, ...body }),
    });
    expect(res.status, `${name}: ${res.text}`).toBe(201);
    ids[name] = res.body.id;
  }
  // The taper's step down, saved today on the edit form's 'From'.
  const taper = await call("PATCH", `/api/medications/${ids.Prednisone}`, {
    cookie: account.cookie,
    body: medicationInput(pharmacy.id, {
      name: "Prednisone",
      pillsPerDay: undefined,
      pillsRemaining: 40,
      schedule: { type: "daily", dose: 2 },
      effectiveFrom: TAPER_FROM,
    }),
  });
  expect(taper.status, taper.text).toBe(200);
});

afterAll(() => {
  vi.useRealTimers();
});

describe("six regimens on Wed 10 March 2027 in St John's: run-out dates worked out by hand", () => {
  it("GET /api/medications: count, days left and run-out date of each", async () => {
    const res = await call("GET", "/api/medications", { cookie: account.cookie });
    expect(res.status).toBe(200);
    const byName = Object.fromEntries((res.body as Array<Record<string, any>>).map((med) => [med.name, med]));
    expect(Object.keys(byName).sort()).toEqual([...NAMES].sort());
    // All six at once, so a failure shows every medication that disagrees.
    const got = Object.fromEntries(
      NAMES.map((name) => [
        name,
        { count: byName[name].pillsRemaining, daysLeft: byName[name].daysLeft, runsOutOn: byName[name].runsOutOn },
      ]),
    );
    expect(got).toEqual(expectedBy(({ count, daysLeft, runsOutOn }) => ({ count, daysLeft, runsOutOn })));
    expect(byName.Prednisone).toMatchObject({
      schedule: { type: "daily", dose: 3 },
      scheduleChanges: [{ effectiveFrom: TAPER_FROM, schedule: { type: "daily", dose: 2 } }],
    });
    expect(byName.Salbutamol).toMatchObject({ unit: "puff", schedule: { type: "asNeeded", perWeek: 6 } });
    expect(byName["Insulin glargine"]).toMatchObject({ unit: "unit" });
    expect(byName.Paliperidone).toMatchObject({ unit: "injection" });
  });

  it("the medication page: days left, run-out date, and the chart's caption", async () => {
    for (const [name, expected] of Object.entries(CASES)) {
      const page = await call("GET", `/medications/${ids[name]}`, { cookie: account.cookie });
      expect(page.status).toBe(200);
      const text = visibleText(page.text);
      expect(text, name).toContain(`Dose ${expected.doseText}`);
      expect(text, name).toContain(`Left today ${expected.countText}`);
      expect(text, name).toContain(`Days left ${expected.daysLeft} days left`);
      expect(text, name).toContain(`Runs out on ${expected.runsOutText}`);
      expect(page.text, name).toContain('data-testid="supply-chart"');
      expect(text, name).toContain(`the dashed line is the projection to the run-out date (${expected.runsOutText}).`);
    }
    const taper = visibleText((await call("GET", `/medications/${ids.Prednisone}`, { cookie: account.cookie })).text);
    expect(taper).toContain("3 tablets daily From Mar 17, 2027: 2 tablets daily");
  });

  it("the chart's table: the projected 'Runs out' row is on the run-out date", async () => {
    const got: Record<string, string[]> = {};
    for (const name of NAMES) {
      const page = await call("GET", `/medications/${ids[name]}`, { cookie: account.cookie });
      got[name] = tableRows(page.text, "Supply over time")
        .filter((row) => row[2] === "Runs out (projected)")
        .map((row) => row[0]!);
    }
    expect(got).toEqual(expectedBy(({ runsOutText }) => [runsOutText]));
  });

  it("the print page: the dose, the count and the run-out date of each", async () => {
    const page = await call("GET", "/medications/print", { cookie: account.cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Printed on Mar 10, 2027");
    const rows = tableRows(page.text, "Medications");
    expect(rows.map((row) => row[0])).toEqual([...NAMES].sort());
    const got = Object.fromEntries(rows.map((row) => [row[0], { dose: row[1], count: row[2], runsOut: row[3] }]));
    expect(got).toEqual(expectedBy(({ doseText, countText, runsOutText }) => ({ dose: doseText, count: countText, runsOut: runsOutText })));
  });

  it("the calendar feed: a run-out event on each run-out date, the refill event 14 days before", async () => {
    const subscribed = await call("POST", "/api/calendar-feed", { cookie: account.cookie });
    expect(subscribed.status, subscribed.text).toBe(201);
    const feed = await call("GET", new URL(subscribed.body.url).pathname);
    expect(feed.status).toBe(200);
    const events = new ICAL.Component(ICAL.parse(feed.text)).getAllSubcomponents("vevent").map((vevent) => {
      const event = new ICAL.Event(vevent);
      return { uid: event.uid, summary: event.summary, start: event.startDate.toString(), allDay: event.startDate.isDate };
    });
    expect(events).toHaveLength(2 * NAMES.length);
    // Refill events by hand: Apr 9 − 14 = Mar 26; Mar 31 − 14 = Mar 17; May 19 − 14 = May 5;
    // Oct 29 − 14 = Oct 15; Mar 20 − 14 = Mar 6 (already past: the window is open); Mar 26 − 14 = Mar 12.
    const refillOn: Record<string, string> = {
      Methotrexate: "2027-03-26",
      Azithromycin: "2027-03-17",
      Paliperidone: "2027-05-05",
      Salbutamol: "2027-10-15",
      "Insulin glargine": "2027-03-06",
      Prednisone: "2027-03-12",
    };
    for (const [name, expected] of Object.entries(CASES)) {
      const runsOut = events.find((e) => e.uid.startsWith(`runs-out-${ids[name]}@`));
      const refill = events.find((e) => e.uid.startsWith(`refill-${ids[name]}@`));
      expect(runsOut, name).toMatchObject({ summary: `${name} runs out`, start: expected.runsOutOn, allDay: true });
      expect(refill, name).toMatchObject({ summary: `Refill ${name}`, start: refillOn[name], allDay: true });
    }
  });

  it("the reminder e-mail at 9:30 local: insulin needs a refill now, the taper and the Mon/Wed/Fri tablet are upcoming", async () => {
    const postmark = mockPostmark();
    try {
      vi.setSystemTime(REMINDER_TICK);
      await tick(REMINDER_TICK);
      const [mail, ...more] = postmark.messagesTo(account.email);
      expect(more).toEqual([]);
      expect(mail?.Subject).toBe("Refill reminder: 1 medication needs a refill");
      const text = mail!.TextBody;
      // Refill Needed at ≤ 14 days left: insulin (10). Running Low up to 22: Prednisone (16), then
      // Azithromycin (21). Methotrexate (30), Paliperidone (70) and Salbutamol (233) are not named.
      const sections = text.split(/\n\n/);
      const now = sections.find((s) => s.startsWith("Needs a refill now (within 14 days of running out):"));
      const upcoming = sections.find((s) => s.startsWith("Upcoming refills (within 22 days):"));
      expect(itemsOf(now)).toEqual([["Insulin glargine", "10 days of supply", "Mar 20, 2027"]]);
      expect(itemsOf(upcoming)).toEqual([
        ["Prednisone", "16 days of supply", "Mar 26, 2027"],
        ["Azithromycin", "21 days of supply", "Mar 31, 2027"],
      ]);
      for (const name of ["Methotrexate", "Paliperidone", "Salbutamol"]) expect(text).not.toContain(name);
      expect(mail!.HtmlBody).toContain("<strong>Mar 20, 2027</strong>");
    } finally {
      vi.setSystemTime(NOW);
      postmark.restore();
    }
  });

  it("the reminder e-mail counts each medication in its own unit", async () => {
    const postmark = mockPostmark();
    try {
      // The next day's e-mail (one a day): 10:00 local on Thu 11 March. Insulin: 300 − 30 = 270 units;
      // Prednisone: 40 − 3 = 37 tablets; Azithromycin: 9 − 1 (Wednesday's) = 8 tablets.
      const nextDay = Date.UTC(2027, 2, 11, 13, 0);
      vi.setSystemTime(nextDay);
      await tick(nextDay);
      const text = postmark.messagesTo(account.email)[0]?.TextBody ?? "";
      expect(text).toContain("\u2068Insulin glargine\u2069: 270 units left, 9 days of supply; runs out Mar 20, 2027.");
      expect(text).toContain("\u2068Prednisone\u2069: 37 tablets left, 15 days of supply; runs out Mar 26, 2027.");
      expect(text).toContain("\u2068Azithromycin\u2069: 8 tablets left, 20 days of supply; runs out Mar 31, 2027.");
    } finally {
      vi.setSystemTime(NOW);
      postmark.restore();
    }
  });
});

/** A page's text as read: tags dropped, entities and whitespace collapsed. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .replace(/ ([.,:)])/g, "$1")
    .replace(/\( /g, "(");
}

/** The body rows, as text cells, of the table whose caption is `caption`. */
function tableRows(html: string, caption: string): string[][] {
  const table = [...html.matchAll(/<table[\s\S]*?<\/table>/g)]
    .map((t) => t[0])
    .find((t) => visibleText(/<caption[^>]*>([\s\S]*?)<\/caption>/.exec(t)?.[1] ?? "").trim() === caption);
  expect(table, `no table '${caption}'`).toBeDefined();
  const body = /<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(table!)?.[1] ?? "";
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => visibleText(cell[1]!).trim()),
  );
}

/** A reminder section's items as [name, days of supply, run-out date]. */
function itemsOf(section: string | undefined): string[][] {
  expect(section).toBeDefined();
  return [...section!.matchAll(/^- \u2068(.+?)\u2069: .*?, (\d+ days? of supply); runs out (.+?)\.$/gm)].map((match) => [
    match[1]!,
    match[2]!,
    match[3]!,
  ]);
}
