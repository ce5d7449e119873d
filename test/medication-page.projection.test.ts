import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, createPharmacy, medicationInput, setTimezone, signUp, type Account } from "./helpers";

// The medication page's projected line with dose logs (src/domain/supply-chart.ts): it starts from
// the count now and ends on the run-out date the API answers, with what is on hand that morning by
// the API's own rule (today's doses not logged yet are due today, later days follow the schedule).
// A patient in UTC on Wednesday 10 March 2027 at 10:00, each medication counted this morning.

const NOW = Date.UTC(2027, 2, 10, 10, 0);
const TODAY = "2027-03-10";
let ana: Account;
let pharmacyId: number;

/** A page's text as read: tags dropped, whitespace collapsed. */
const visible = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

const twiceDaily = {
  type: "daily",
  times: [
    { at: "08:00", dose: 1 },
    { at: "20:00", dose: 1 },
  ],
};

async function medication(overrides: Record<string, unknown>) {
  const created = await call("POST", "/api/medications", {
    cookie: ana.cookie,
    body: medicationInput(pharmacyId, { countedOn: TODAY, ...overrides }),
  });
  expect(created.status, created.text).toBe(201);
  return created.body as { id: number };
}

async function log(dose: Record<string, unknown>) {
  const logged = await call("POST", "/api/doses", { cookie: ana.cookie, body: { doses: [dose] } });
  expect(logged.status, logged.text).toBe(200);
}

/** The API's count now and run-out date, and the chart table's text on the medication page. */
async function shown(id: number) {
  const api = await call("GET", `/api/medications/${id}`, { cookie: ana.cookie });
  expect(api.status, api.text).toBe(200);
  const page = await call("GET", `/medications/${id}`, { cookie: ana.cookie });
  expect(page.status).toBe(200);
  return { pillsRemaining: api.body.pillsRemaining, runsOutOn: api.body.runsOutOn, text: visible(page.text) };
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  ana = await signUp();
  await setTimezone(ana, "UTC");
  pharmacyId = (await createPharmacy(ana)).id;
});

afterAll(() => {
  vi.useRealTimers();
});

describe("the medication page's projection with dose logs", () => {
  // 5 tablets this morning and the 08:00 one taken: 4 now. The 20:00 tablet is still due today (3
  // left tonight), 11 March takes 2 (1 left), 12 March's 2 cannot be covered: it runs out on 12 March
  // with 1 tablet that morning.
  for (const countBy of ["schedule", "log"] as const)
    it(`counted by ${countBy}: from the count now to the API's run-out date, with what is left that morning`, async () => {
      const tablet = await medication({ name: `Metformin (${countBy})`, pillsRemaining: 5, schedule: twiceDaily, countBy });
      await log({ clientId: `am-${countBy}`, medicationId: tablet.id, date: TODAY, at: "08:00", status: "taken" });
      const { pillsRemaining, runsOutOn, text } = await shown(tablet.id);
      expect([pillsRemaining, runsOutOn]).toEqual([4, "2027-03-12"]);
      expect(text).toMatch(/Mar 10, 2027 4 tablets Today Mar 12, 2027 1 tablet Runs out \(projected\)/);
    });

  it("as needed, counted by log: a use today comes off now, then the weekly estimate", async () => {
    // 4 puffs this morning, 1 used: 3 now; 7 a week is 1 a day for 10, 11 and 12 March: 13 March starts with 0.
    const inhaler = await medication({
      name: "Salbutamol",
      unit: "puff",
      pillsRemaining: 4,
      schedule: { type: "asNeeded", perWeek: 7 },
      countBy: "log",
    });
    await log({ clientId: "puff-1", medicationId: inhaler.id, kind: "extra", amount: 1, takenAt: NOW - 3_600_000 });
    const { pillsRemaining, runsOutOn, text } = await shown(inhaler.id);
    expect([pillsRemaining, runsOutOn]).toEqual([3, "2027-03-13"]);
    expect(text).toMatch(/Mar 10, 2027 3 puffs Today Mar 13, 2027 0 puffs Runs out \(projected\)/);
  });
});
