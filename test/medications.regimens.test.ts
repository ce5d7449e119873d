import { describe, expect, it } from "vitest";
import { todayIn } from "../src/domain/countdown";
import { supplyOn, type Regimen, type Schedule } from "../src/domain/regimen";
import { addDays } from "../src/domain/time";
import { accountWithMedication, call, createPharmacy, medicationInput, signUp, storedRow } from "./helpers";

// Regimens through the API: units, schedules, changes from a date, pauses; the count, days left and
// run-out date are supplyOn's, and the SQL countdown of a back-dated refill agrees with it.

const today = () => todayIn("UTC");
const regimenOf = (stored: string) => JSON.parse(stored) as Regimen;

async function add(body: Record<string, unknown>) {
  const account = await signUp();
  const pharmacy = await createPharmacy(account);
  const res = await call("POST", "/api/medications", { cookie: account.cookie, body: medicationInput(pharmacy.id, body) });
  return { account, pharmacy, res };
}

describe("POST/PATCH /api/medications: regimens", () => {
  it("methotrexate 6 tablets every 7 days: run-out date, days left, average pillsPerDay", async () => {
    const startsOn = addDays(today(), 1);
    const { res } = await add({
      pillsRemaining: 24,
      pillsPerDay: undefined,
      schedule: { type: "interval", dose: 6, everyDays: 7, startsOn },
    });
    expect(res.status, res.text).toBe(201);
    // Doses on +1, +8, +15, +22; +29 cannot be covered.
    expect(res.body).toMatchObject({
      unit: "tablet",
      schedule: { type: "interval", dose: 6, everyDays: 7, startsOn },
      pillsPerDay: 0.857,
      daysLeft: 29,
      runsOutOn: addDays(today(), 29),
      scheduleChanges: [],
      pausedFrom: null,
      pausedUntil: null,
    });
  });

  it("an as-needed inhaler in puffs: days left = floor(7 × count / perWeek)", async () => {
    const { res } = await add({ unit: "puff", pillsRemaining: 200, pillsPerDay: undefined, schedule: { type: "asNeeded", perWeek: 6 } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ unit: "puff", daysLeft: 233, runsOutOn: addDays(today(), 233) });
  });

  it("the old shape (pillsPerDay only) is a daily dose; sending the answered average back keeps the schedule", async () => {
    const { account, pharmacy, res } = await add({ pillsPerDay: 1.5 });
    expect(res.body).toMatchObject({ schedule: { type: "daily", dose: 1.5 }, unit: "tablet", daysLeft: 20 });
    const weekly = await call("PATCH", `/api/medications/${res.body.id}`, {
      cookie: account.cookie,
      body: medicationInput(pharmacy.id, { unit: "injection", pillsRemaining: 4, schedule: { type: "weekdays", dose: 1, days: ["mon"] } }),
    });
    expect(weekly.status, weekly.text).toBe(200);
    // An older client echoes pillsPerDay (the average) and knows nothing of the schedule or unit.
    const echoed = await call("PATCH", `/api/medications/${res.body.id}`, {
      cookie: account.cookie,
      body: medicationInput(pharmacy.id, { pillsRemaining: 4, pillsPerDay: weekly.body.pillsPerDay }),
    });
    expect(echoed.body, echoed.text).toMatchObject({
      unit: "injection",
      pillsPerDay: 0.143,
      schedule: { type: "weekdays", dose: 1, days: ["mon"] },
    });
    // A pillsPerDay that is neither a dose nor the stored average is refused.
    const odd = await call("PATCH", `/api/medications/${res.body.id}`, {
      cookie: account.cookie,
      body: medicationInput(pharmacy.id, { pillsRemaining: 4, pillsPerDay: 0.2 }),
    });
    expect([odd.status, odd.body.code]).toEqual([400, "field_pills_per_day_min"]);
  });

  it("a taper stepping down next week: an upcoming change moves the run-out date, and editing other fields keeps it", async () => {
    const { account, pharmacy, res } = await add({ pillsRemaining: 40, pillsPerDay: undefined, schedule: { type: "daily", dose: 4 } });
    expect(res.body.runsOutOn).toBe(addDays(today(), 10));
    const nextWeek = addDays(today(), 7);
    const body = medicationInput(pharmacy.id, {
      name: res.body.name,
      pillsRemaining: 40,
      schedule: { type: "daily", dose: 2 },
      effectiveFrom: nextWeek,
    });
    const tapered = await call("PATCH", `/api/medications/${res.body.id}`, { cookie: account.cookie, body });
    expect(tapered.status, tapered.text).toBe(200);
    // 28 by next week, then 2 a day: 12 last 6 days.
    expect(tapered.body).toMatchObject({
      schedule: { type: "daily", dose: 4 },
      scheduleChanges: [{ effectiveFrom: nextWeek, schedule: { type: "daily", dose: 2 } }],
      runsOutOn: addDays(today(), 13),
      daysLeft: 13,
    });
    const renamed = await call("PATCH", `/api/medications/${res.body.id}`, {
      cookie: account.cookie,
      body: medicationInput(pharmacy.id, { name: "Prednisone", pillsRemaining: 40, schedule: { type: "daily", dose: 4 } }),
    });
    expect(renamed.body.scheduleChanges).toHaveLength(1);
    const stored = regimenOf((await storedRow(res.body.id)).regimen);
    expect(stored.changes.map((c) => c.schedule)).toEqual([
      { type: "daily", dose: 4 },
      { type: "daily", dose: 2 },
    ]);
  });

  it("a pause with no end: no days left, no run-out date; resuming (until yesterday) brings them back", async () => {
    const { account, pharmacy, res } = await add({ pillsRemaining: 10 });
    const pause = await call("PATCH", `/api/medications/${res.body.id}`, {
      cookie: account.cookie,
      body: medicationInput(pharmacy.id, { pillsRemaining: 10, pausedFrom: today(), pausedUntil: null }),
    });
    expect(pause.body).toMatchObject({ pausedFrom: today(), pausedUntil: null, daysLeft: null, runsOutOn: null });
    const list = await call("GET", "/api/medications", { cookie: account.cookie });
    expect(list.body[0]).toMatchObject({ daysLeft: null, runsOutOn: null });
    // The dashboard's row says so with the 'Paused' status, not a count of days or 'Well Stocked'.
    const page = await call("GET", "/", { cookie: account.cookie });
    expect(page.text).toMatch(/<span class="status-badge [^"]*">Paused<\/span>/);
    expect(page.text).not.toMatch(/<span class="status-badge [^"]*">Well Stocked<\/span>/);
    const later = await call("PATCH", `/api/medications/${res.body.id}`, {
      cookie: account.cookie,
      body: medicationInput(pharmacy.id, { pillsRemaining: 10, pausedFrom: today(), pausedUntil: addDays(today(), 4) }),
    });
    expect(later.body).toMatchObject({ pausedUntil: addDays(today(), 4), daysLeft: 15, runsOutOn: addDays(today(), 15) });
  });

  it.each([
    [{ schedule: { type: "weekdays", dose: 1, days: [] } }, "field_days_empty"],
    [{ schedule: { type: "weekdays", dose: 1, days: ["mon", "someday"] } }, "field_days_unknown"],
    [{ schedule: { type: "interval", dose: 1, everyDays: 1, startsOn: "2026-11-23" } }, "field_every_days_range"],
    [{ schedule: { type: "interval", dose: 1, everyDays: 91, startsOn: "2026-11-23" } }, "field_every_days_range"],
    [{ schedule: { type: "daily", dose: 0.3 } }, "field_dose_invalid"],
    [{ schedule: { type: "daily", dose: 0 } }, "field_dose_invalid"],
    [{ schedule: { type: "asNeeded", perWeek: 0 } }, "field_per_week_invalid"],
    [{ schedule: { type: "interval", dose: 1, everyDays: 7, startsOn: "2026-02-30" } }, "field_starts_on_invalid"],
    [{ schedule: { type: "hourly", dose: 1 } }, "field_schedule_invalid"],
    [{ pausedFrom: "2026-12-10", pausedUntil: "2026-12-01" }, "field_paused_until_before_from"],
    [{ unit: "bottle" }, "field_unit_invalid"],
    [{ pillsPerDay: undefined }, "field_schedule_invalid"],
  ])("%j → 400 %s", async (fields, code) => {
    const { res } = await add(fields);
    expect([res.status, res.body.code], res.text).toEqual([400, code]);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it("a change dated before the medication was added, or more than a year ahead, is a 400", async () => {
    const { account, pharmacy, medication } = await accountWithMedication();
    const patch = (effectiveFrom: string) =>
      call("PATCH", `/api/medications/${medication.id}`, {
        cookie: account.cookie,
        body: medicationInput(pharmacy.id, { schedule: { type: "daily", dose: 2 }, effectiveFrom }),
      });
    expect((await patch(addDays(today(), -3))).body.code).toBe("field_effective_from_too_early");
    expect((await patch(addDays(today(), 366))).body.code).toBe("field_effective_from_too_late");
    expect((await patch(addDays(today(), 365))).status).toBe(200);
  });

  it("a back-dated refill on a Mon/Wed/Fri schedule counts down in SQL as supplyOn does", async () => {
    const schedule: Schedule = { type: "weekdays", dose: 1.5, days: ["mon", "wed", "fri"] };
    const { account, res } = await add({ pillsRemaining: 20, pillsPerDay: undefined, schedule, countedOn: addDays(today(), -12) });
    const row = await storedRow(res.body.id);
    const regimen = regimenOf(row.regimen);
    for (const back of [9, 4, 0]) {
      const pickedUp = addDays(today(), -back);
      const before = supplyOn({ pillsRemaining: row.pillsRemaining, countedOn: row.countedOn, regimen }, pickedUp).pillsRemaining;
      const refill = await call("POST", "/api/medications/refill", {
        cookie: account.cookie,
        body: { medicationId: res.body.id, pillsToAdd: 1, refilledOn: pickedUp },
      });
      expect(refill.status, refill.text).toBe(200);
      const after = await storedRow(res.body.id);
      expect([after.countedOn, after.pillsRemaining]).toEqual([pickedUp, before + 1]);
      Object.assign(row, after);
    }
  });
});
