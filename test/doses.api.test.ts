import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, createPharmacy, medicationInput, setTimezone, signUp, storedRow, type Account } from "./helpers";

// Dose check-ins through the API, every count worked out by hand in the comments. The patient lives
// in St John's (UTC−3:30, a :30 zone). It is Wednesday 10 March 2027, 06:30 there.

const ZONE = "America/St_Johns";
const NOW = Date.UTC(2027, 2, 10, 10, 0);
const NEXT_DAY = Date.UTC(2027, 2, 11, 10, 0);

let ana: Account;
let other: Account;
let tablet: { id: number };
let inhaler: { id: number };

const post = (doses: unknown[], who: Account = ana) => call("POST", "/api/doses", { cookie: who.cookie, body: { doses } });
const medication = async (id: number) => (await call("GET", `/api/medications/${id}`, { cookie: ana.cookie })).body;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  ana = await signUp();
  other = await signUp();
  await setTimezone(ana, ZONE);
  const pharmacy = await createPharmacy(ana);
  // 20 tablets, one at 08:00 and one at 20:00: 2 a day.
  const created = await call("POST", "/api/medications", {
    cookie: ana.cookie,
    body: medicationInput(pharmacy.id, {
      name: "Metformin",
      pillsRemaining: 20,
      schedule: {
        type: "daily",
        times: [
          { at: "20:00", dose: 1 },
          { at: "08:00", dose: 1 },
        ],
      },
    }),
  });
  expect(created.status, created.text).toBe(201);
  tablet = created.body;
  const puffs = await call("POST", "/api/medications", {
    cookie: ana.cookie,
    body: medicationInput(pharmacy.id, {
      name: "Salbutamol",
      unit: "puff",
      pillsRemaining: 200,
      schedule: { type: "asNeeded", perWeek: 6 },
    }),
  });
  expect(puffs.status, puffs.text).toBe(201);
  inhaler = puffs.body;
});

afterAll(() => {
  vi.useRealTimers();
});

describe("dose check-ins", () => {
  it("a schedule with times answers them sorted, the dose as their sum, counted by schedule; as needed counts by log", async () => {
    const t = await medication(tablet.id);
    expect(t.schedule).toEqual({
      type: "daily",
      dose: 2,
      times: [
        { at: "08:00", dose: 1 },
        { at: "20:00", dose: 1 },
      ],
    });
    expect(t.countBy).toBe("schedule");
    // 20 at 2 a day covers 10 March to 19 March: runs out on the 20th.
    expect(t).toMatchObject({ pillsRemaining: 20, daysLeft: 10, runsOutOn: "2027-03-20" });
    expect((await medication(inhaler.id)).countBy).toBe("log");
  });

  it("a dose with times must be their sum when sent", async () => {
    const res = await call("PATCH", `/api/medications/${tablet.id}`, {
      cookie: ana.cookie,
      body: medicationInput((await medication(tablet.id)).pharmacyId, {
        name: "Metformin",
        pillsRemaining: 20,
        schedule: {
          type: "daily",
          dose: 3,
          times: [
            { at: "08:00", dose: 1 },
            { at: "20:00", dose: 1 },
          ],
        },
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("field_dose_not_times_total");
  });

  it("today's doses are listed by time, due", async () => {
    const res = await call("GET", "/api/doses", { cookie: ana.cookie });
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(1);
    const [day] = res.body.days;
    expect(day.date).toBe("2027-03-10");
    expect(day.doses.map((d: { at: string; status: string; dose: number }) => [d.at, d.status, d.dose])).toEqual([
      ["08:00", "due", 1],
      ["20:00", "due", 1],
    ]);
    expect(day.extras).toEqual([]);
  });

  let morning: number;
  it("Taken comes off at once; a replay of the same clientId is the same event", async () => {
    const res = await post([{ clientId: "m-0310-0800", medicationId: tablet.id, date: "2027-03-10", at: "08:00", status: "taken" }]);
    expect(res.status, res.text).toBe(200);
    morning = res.body.events[0].eventId;
    expect(res.body.events[0]).toMatchObject({ kind: "taken", date: "2027-03-10", at: "08:00", amount: 1, takenAt: NOW });
    // 20 − 1 now; ahead: 20:00 today (1) leaves 18, then 2 a day 11–19 March: runs out on the 20th.
    expect(res.body.medications).toEqual([{ id: tablet.id, pillsRemaining: 19, daysLeft: 10, runsOutOn: "2027-03-20" }]);
    const again = await post([{ clientId: "m-0310-0800", medicationId: tablet.id, date: "2027-03-10", at: "08:00", status: "taken" }]);
    expect(again.body).toEqual(res.body);
  });

  it("Skip changes nothing now; logging the same dose again replaces it; Undo returns the count exactly", async () => {
    const skipped = await post([{ clientId: "e-1", medicationId: tablet.id, date: "2027-03-10", at: "20:00", status: "skipped" }]);
    // Nothing comes off; today has nothing more due: 19 covers 11–19 March (18) and leaves 1 < 2 on the 20th.
    expect(skipped.body.medications[0]).toMatchObject({ pillsRemaining: 19, runsOutOn: "2027-03-20" });
    const taken = await post([{ clientId: "e-2", medicationId: tablet.id, date: "2027-03-10", at: "20:00", status: "taken" }]);
    expect(taken.body.medications[0].pillsRemaining).toBe(18);
    const day = (await call("GET", "/api/doses", { cookie: ana.cookie })).body.days[0];
    expect(day.doses.map((d: { status: string }) => d.status)).toEqual(["taken", "taken"]);
    const undone = await call("DELETE", `/api/doses/${taken.body.events[0].eventId}`, { cookie: ana.cookie });
    expect(undone.status).toBe(200);
    expect(undone.body.medications[0]).toMatchObject({ pillsRemaining: 19, daysLeft: 10 });
    const after = (await call("GET", "/api/doses", { cookie: ana.cookie })).body.days[0];
    expect(after.doses.map((d: { status: string }) => d.status)).toEqual(["taken", "due"]);
  });

  it("an extra dose comes off; as needed, a logged use comes off (counted by log)", async () => {
    const res = await post([
      { clientId: "x-1", medicationId: tablet.id, kind: "extra", amount: 0.5 },
      { clientId: "x-2", medicationId: inhaler.id, kind: "extra", amount: 2 },
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.medications.find((x: { id: number }) => x.id === tablet.id).pillsRemaining).toBe(18.5);
    expect(res.body.medications.find((x: { id: number }) => x.id === inhaler.id).pillsRemaining).toBe(198);
    const day = (await call("GET", "/api/doses", { cookie: ana.cookie })).body.days[0];
    expect(day.extras.map((x: { name: string; amount: number }) => [x.name, x.amount])).toEqual([
      ["Metformin", 0.5],
      ["Salbutamol", 2],
    ]);
  });

  it("refuses what is not scheduled, dated ahead or too far back, taken in the future, or not in quarters; writes nothing", async () => {
    const cases: Array<[unknown, string]> = [
      [{ clientId: "bad-1", medicationId: tablet.id, date: "2027-03-10", at: "09:00", status: "taken" }, "field_dose_not_scheduled"],
      [{ clientId: "bad-2", medicationId: tablet.id, date: "2027-03-11", at: "08:00", status: "taken" }, "field_dose_date_future"],
      [{ clientId: "bad-3", medicationId: tablet.id, date: "2027-02-06", at: "08:00", status: "taken" }, "field_dose_date_too_old"],
      [{ clientId: "bad-4", medicationId: tablet.id, date: "2027-03-09", at: "08:00", status: "taken" }, "field_dose_not_scheduled"],
      [
        { clientId: "bad-5", medicationId: tablet.id, date: "2027-03-10", at: "20:00", status: "taken", takenAt: NOW + 3_600_000 },
        "field_taken_at_future",
      ],
      [{ clientId: "bad-6", medicationId: tablet.id, kind: "extra", amount: 0.3 }, "field_dose_amount_invalid"],
      [{ clientId: "bad 7", medicationId: tablet.id, kind: "extra", amount: 1 }, "field_client_id_invalid"],
      [{ clientId: "bad-8", medicationId: tablet.id, date: "2027-03-10", at: "20:00", status: "maybe" }, "field_dose_status_invalid"],
    ];
    const before = await storedRow(tablet.id);
    for (const [log, code] of cases) {
      // Each bad log rides with a good one: the request is refused whole.
      const res = await post([{ clientId: "good", medicationId: tablet.id, kind: "extra", amount: 1 }, log]);
      expect(res.status, JSON.stringify(log)).toBe(400);
      expect(res.body.code).toBe(code);
      expect(typeof res.body.message).toBe("string");
    }
    expect(await storedRow(tablet.id)).toEqual(before);
    expect((await post([])).body.code).toBe("field_doses_count");
    expect(
      (await post(Array.from({ length: 51 }, (_, i) => ({ clientId: `n${i}`, medicationId: tablet.id, kind: "extra", amount: 1 })))).body
        .code,
    ).toBe("field_doses_count");
  });

  it("another user's medication and log are 404, and stay as they were", async () => {
    const res = await post([{ clientId: "steal", medicationId: tablet.id, kind: "extra", amount: 1 }], other);
    expect(res.status).toBe(404);
    expect((await call("DELETE", `/api/doses/${morning}`, { cookie: other.cookie })).status).toBe(404);
    expect((await call("GET", "/api/doses", { cookie: other.cookie })).body.days[0].doses).toEqual([]);
    expect((await medication(tablet.id)).pillsRemaining).toBe(18.5);
  });

  it("the next day: an unlogged dose was assumed taken; logging it late as skipped gives the on-time count", async () => {
    vi.setSystemTime(NEXT_DAY);
    // Start of 11 March: 20 − 1 (08:00 taken) − 0.5 (extra) − 1 (20:00 not logged, assumed taken) = 17.5.
    expect((await medication(tablet.id)).pillsRemaining).toBe(17.5);
    const days = (await call("GET", "/api/doses?from=2027-03-10&to=2027-03-11", { cookie: ana.cookie })).body.days;
    expect(days.map((d: { date: string; doses: Array<{ status: string }> }) => [d.date, d.doses.map((x) => x.status)])).toEqual([
      ["2027-03-10", ["taken", "unlogged"]],
      ["2027-03-11", ["due", "due"]],
    ]);
    const late = await post([{ clientId: "late-1", medicationId: tablet.id, date: "2027-03-10", at: "20:00", status: "skipped" }]);
    // As if skipped on time: 20 − 1 − 0.5 = 18.5 at the start of 11 March.
    expect(late.body.medications[0].pillsRemaining).toBe(18.5);
    // Counted by log, a day passing takes nothing: still 198 puffs.
    expect((await medication(inhaler.id)).pillsRemaining).toBe(198);
  });

  it("a range longer than 31 days, or backwards, is a 400", async () => {
    for (const q of ["from=2027-01-01&to=2027-03-11", "from=2027-03-11&to=2027-03-10", "from=2027-02-30"]) {
      const res = await call("GET", `/api/doses?${q}`, { cookie: ana.cookie });
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe("field_dose_range_invalid");
    }
  });

  it("a correction by hand sets the count now, today's logs kept", async () => {
    await post([{ clientId: "c-0311-0800", medicationId: tablet.id, date: "2027-03-11", at: "08:00", status: "taken" }]);
    const t = await medication(tablet.id);
    expect(t.pillsRemaining).toBe(17.5);
    const edit = await call("PATCH", `/api/medications/${tablet.id}`, {
      cookie: ana.cookie,
      body: medicationInput(t.pharmacyId, { name: "Metformin", pillsRemaining: 30, schedule: t.schedule }),
    });
    expect(edit.status, edit.text).toBe(200);
    // 30 now, the 08:00 dose already in it; 20:00 still due today: 29 covers 12–25 March (28), 26th short.
    expect(edit.body).toMatchObject({ pillsRemaining: 30, runsOutOn: "2027-03-26" });
  });

  it("as needed with maxPerDay: a use past it is logged with a warning, never refused", async () => {
    const pharmacy = await createPharmacy(ana);
    const created = await call("POST", "/api/medications", {
      cookie: ana.cookie,
      body: medicationInput(pharmacy.id, {
        name: "Ibuprofen",
        pillsRemaining: 40,
        schedule: { type: "asNeeded", perWeek: 7, maxPerDay: 4 },
      }),
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.schedule).toEqual({ type: "asNeeded", perWeek: 7, maxPerDay: 4 });
    const first = await post([{ clientId: "ibu-1", medicationId: created.body.id, kind: "extra", amount: 3 }]);
    expect([first.status, first.body.warnings]).toEqual([200, []]);
    const second = await post([{ clientId: "ibu-2", medicationId: created.body.id, kind: "extra", amount: 2 }]);
    expect(second.status).toBe(200);
    // Logged all the same: 40 − 3 − 2 (counted by log).
    expect(second.body.medications[0].pillsRemaining).toBe(35);
    expect(second.body.warnings).toEqual([
      {
        medicationId: created.body.id,
        date: "2027-03-11",
        used: 5,
        code: "over_max_per_day",
        message: expect.stringContaining("Ibuprofen: 5 used this day, more than the 4 a day you set."),
      },
    ]);
  });
});
