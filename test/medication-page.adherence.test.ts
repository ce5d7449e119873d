import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "../src/db/schema";
import { call, createPharmacy, db, medicationInput, setTimezone, signUp, type Account } from "./helpers";

// The medication page's adherence block, its dose logs in the history and its chart drawn from the
// logged count, for the patient of test/adherence.api.test.ts: Kolkata (UTC+5:30), Wednesday
// 10 March 2027 at 10:00, a twice-daily tablet counted on 9 February with 40.

const ZONE = "Asia/Kolkata";
const NOW = Date.UTC(2027, 2, 10, 4, 30);
const kolkata = (date: string, time: string) => Date.parse(`${date}T${time}:00+05:30`);

let ana: Account;
let tablet: { id: number };

/** A page's text as read: tags dropped, whitespace collapsed. */
const visible = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  ana = await signUp();
  await setTimezone(ana, ZONE);
  const pharmacy = await createPharmacy(ana);
  const created = await call("POST", "/api/medications", {
    cookie: ana.cookie,
    body: medicationInput(pharmacy.id, {
      name: "Metformin",
      pillsRemaining: 40,
      countedOn: "2027-02-09",
      schedule: {
        type: "daily",
        times: [
          { at: "08:00", dose: 1 },
          { at: "20:00", dose: 1 },
        ],
      },
    }),
  });
  expect(created.status, created.text).toBe(201);
  tablet = created.body;
  const logged = await call("POST", "/api/doses", {
    cookie: ana.cookie,
    body: {
      doses: [
        {
          clientId: "p1",
          medicationId: tablet.id,
          date: "2027-03-01",
          at: "08:00",
          status: "taken",
          takenAt: kolkata("2027-03-01", "08:20"),
        },
        {
          clientId: "p2",
          medicationId: tablet.id,
          date: "2027-03-01",
          at: "20:00",
          status: "taken",
          takenAt: kolkata("2027-03-01", "22:00"),
        },
        { clientId: "p3", medicationId: tablet.id, date: "2027-03-02", at: "08:00", status: "skipped" },
        { clientId: "p4", medicationId: tablet.id, date: "2027-03-10", at: "08:00", status: "taken" },
        { clientId: "p5", medicationId: tablet.id, kind: "extra", amount: 1, takenAt: kolkata("2027-03-09", "13:05") },
      ],
    },
  });
  expect(logged.status, logged.text).toBe(200);
  const refill = await call("POST", "/api/medications/refill", {
    cookie: ana.cookie,
    body: { medicationId: tablet.id, pillsToAdd: 30, refilledOn: "2027-03-05" },
  });
  expect(refill.status, refill.text).toBe(200);
});

afterAll(() => {
  vi.useRealTimers();
});

describe("the medication page with dose logs", () => {
  it("shows the adherence block: taken of due in 30 days, on time, skipped and unlogged, days covered in 90", async () => {
    const page = await call("GET", `/medications/${tablet.id}`, { cookie: ana.cookie });
    expect(page.status).toBe(200);
    const text = visible(page.text);
    // As the API's figures (test/adherence.api.test.ts): 3 taken of 59 due, 1 on time, 1 skipped, 55
    // unlogged. The extra use of 9 March is no scheduled dose. The 90 days hold the 30 since it was
    // added: 9 March's extra tablet (counted) leaves 5 March's refill of 30 at 30 − 4 × 2 − 1 = 21 on
    // 10 March; 1–4 March start with 0: 26 of 30 days, 86 %.
    expect(text).toContain("Doses taken");
    expect(text).toContain("Taken 3 of 59 doses in the last 30 days");
    expect(text).toContain("On time: 1");
    expect(text).toContain("Skipped: 1 · Not logged: 55");
    expect(text).toContain("Days covered (90 days): 86%");
  });

  it("lists the dose logs in the history with their amount and time, newest day first", async () => {
    const page = await call("GET", `/medications/${tablet.id}`, { cookie: ana.cookie });
    const text = visible(page.text.slice(page.text.indexOf('id="history-heading"')));
    const lines = [
      /Taken 1 tablet at 10:00\sAM \(the 8:00\sAM dose\) · Mar 10, 2027/,
      /Extra use: 1 tablet at 1:05\sPM · Mar 9, 2027/,
      /Refilled \+30 tablets · Mar 5, 2027/,
      /Skipped the 8:00\sAM dose · Mar 2, 2027/,
      /Taken 1 tablet at 10:00\sPM \(the 8:00\sPM dose\) · Mar 1, 2027/,
      /Taken 1 tablet at 8:20\sAM \(the 8:00\sAM dose\) · Mar 1, 2027/,
      /Added with 40 tablets · Feb 9, 2027/,
    ];
    const at = lines.map((line) => text.search(line));
    expect(
      at.every((i) => i >= 0),
      String(at),
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it("draws the chart from the logged count: its table has the count the logs left", async () => {
    const page = await call("GET", `/medications/${tablet.id}`, { cookie: ana.cookie });
    const text = visible(page.text);
    // 9 March starts with 30 − 4 × 2 = 22 and costs its 2 doses and the extra tablet: 10 March starts with 19.
    expect(text).toMatch(/Mar 9, 2027 22 tablets Count from the dose log/);
    expect(text).toMatch(/Mar 10, 2027 19 tablets Count from the dose log/);
  });

  it("in Arabic (Egypt): the block in Arabic words and Arabic-Indic digits", async () => {
    await db().update(users).set({ locale: "ar-EG" }).where(eq(users.id, ana.id));
    const page = await call("GET", `/medications/${tablet.id}`, { cookie: ana.cookie });
    await db().update(users).set({ locale: "en" }).where(eq(users.id, ana.id));
    const text = visible(page.text);
    expect(text).toContain("الجرعات المأخوذة");
    expect(text).toContain("في الموعد: ١");
    expect(text).toContain("أُخذت ٣ من ٥٩ جرعة خلال آخر ٣٠ يومًا");
    expect(text).toMatch(/الأيام المغطاة \(٩٠ يومًا\): \S*٨٦\S*٪/);
  });
});
