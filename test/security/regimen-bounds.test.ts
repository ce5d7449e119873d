import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { medications } from "../../src/db/schema";
import { todayIn } from "../../src/domain/countdown";
import { MAX_PAUSES, MAX_SCHEDULE_CHANGES } from "../../src/domain/limits";
import type { Regimen } from "../../src/domain/regimen";
import { addDays } from "../../src/domain/time";
import de from "../../src/i18n/messages/de.json";
import { CSV_COLUMNS } from "../../src/shared/import-schemas";
import { call, createPharmacy, db, medicationInput, signUp, storedRow, type Account } from "../helpers";

// Issue 29: F1 (as-needed use a week has a floor and a ceiling), F4 (at most 20 changes and 20
// pauses kept, no pause before the medication was added), F5 (every date a patient enters has a
// range; nothing shows a negative days left or a malformed date).

const today = () => todayIn("UTC");
const regimenOf = async (id: number) => JSON.parse((await storedRow(id)).regimen) as Regimen;
const german = { "Accept-Language": "de" };

async function setUp(overrides: Record<string, unknown> = {}) {
  const account = await signUp();
  const pharmacy = await createPharmacy(account);
  const res = await call("POST", "/api/medications", { cookie: account.cookie, body: medicationInput(pharmacy.id, overrides) });
  expect(res.status, res.text).toBe(201);
  return { account, pharmacy, medication: res.body };
}

const patch = (account: Account, pharmacyId: number, id: number, body: Record<string, unknown>) =>
  call("PATCH", `/api/medications/${id}`, {
    cookie: account.cookie,
    body: medicationInput(pharmacyId, { pillsPerDay: undefined, ...body }),
  });
const pause = (account: Account, id: number, body: unknown, headers?: Record<string, string>) =>
  call("PUT", `/api/medications/${id}/pause`, { cookie: account.cookie, body, headers });

describe("F1: as-needed use a week has a floor and a ceiling", () => {
  it("F1: as-needed 1e-10 a week is a 400 naming the field in the request's language, and nothing is stored", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account);
    for (const perWeek of [1e-10, 0.1, 0.3, 1000.25, 10_000]) {
      const res = await call("POST", "/api/medications", {
        cookie: account.cookie,
        headers: german,
        body: medicationInput(pharmacy.id, { pillsPerDay: undefined, schedule: { type: "asNeeded", perWeek } }),
      });
      expect(res.status, `${perWeek}: ${res.text}`).toBe(400);
      expect(res.body.code).toBe("field_per_week_invalid");
      expect(res.body.message).toMatch(/^Verbrauch pro Woche muss zwischen 0,25 und 1\.000 liegen/);
    }
    expect((await call("GET", "/api/medications", { cookie: account.cookie })).body).toEqual([]);
    // The smallest and largest accepted answer their days left.
    for (const [perWeek, daysLeft] of [
      [0.25, 840],
      [1000, 0],
    ]) {
      const res = await call("POST", "/api/medications", {
        cookie: account.cookie,
        body: medicationInput(pharmacy.id, { pillsPerDay: undefined, pillsRemaining: 30, schedule: { type: "asNeeded", perWeek } }),
      });
      expect(res.status, res.text).toBe(201);
      expect(res.body.daysLeft).toBe(daysLeft);
    }
  });

  it("F1: a CSV row 'as needed 0.0000000001 a week' is refused in the preview with the form's words", async () => {
    const account = await signUp();
    const row = ["Inhaler", "1", "30", "30", "", "Pharmacy", "", "", "", "puff", "as needed 0.0000000001 a week"];
    const text = [CSV_COLUMNS.join(","), row.join(",")].join("\n");
    const res = await call("POST", "/api/medications/import?dryRun=1", {
      cookie: account.cookie,
      rawBody: text,
      contentType: "text/csv",
      headers: german,
    });
    expect(res.body.errors, res.text).toContainEqual({
      row: 2,
      message: expect.stringMatching(/^Verbrauch pro Woche muss zwischen 0,25 und 1\.000/),
    });
    const imported = await call("POST", "/api/medications/import", { cookie: account.cookie, rawBody: text, contentType: "text/csv" });
    expect(imported.status).toBe(400);
    expect((await call("GET", "/api/medications", { cookie: account.cookie })).body).toEqual([]);
  });
});

describe("F5: dates past year 9999", () => {
  it("F5: a pause until 9999-12-30 is a 400 naming the range (in German too), and the stored pause is unchanged", async () => {
    const { account, medication } = await setUp();
    const res = await pause(account, medication.id, { pausedFrom: addDays(today(), 1), pausedUntil: "9999-12-30" }, german);
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe("field_date_range");
    expect(res.body.message).toMatch(/^Geben Sie ein Datum zwischen .*1900.* und .* ein$/);
    expect((await regimenOf(medication.id)).pauses).toEqual([]);
  });

  it("F5: a pause, interval start, prescription expiry or refill date before 1900 or years ahead is a 400", async () => {
    const { account, pharmacy, medication } = await setUp();
    const farAhead = addDays(today(), 6 * 366);
    const refused = [
      { pausedFrom: "1000-01-01", pausedUntil: "1000-01-02" },
      { schedule: { type: "interval", dose: 1, everyDays: 7, startsOn: "0500-01-01" } },
      { schedule: { type: "interval", dose: 1, everyDays: 7, startsOn: farAhead } },
      { prescriptionExpiresOn: "9999-12-31" },
      { lastRefillDate: "1899-12-31" },
    ];
    for (const body of refused) {
      const res = await patch(account, pharmacy.id, medication.id, { schedule: { type: "daily", dose: 1 }, ...body });
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(400);
      expect(res.body.code).toBe("field_date_range");
    }
    const refill = await call("POST", "/api/medications/refill", {
      cookie: account.cookie,
      body: { medicationId: medication.id, pillsToAdd: 10, refilledOn: "1000-01-01" },
    });
    expect(refill.body.code).toBe("field_date_range");
    // Five years ahead is still a date a prescription may run to.
    const fine = await patch(account, pharmacy.id, medication.id, {
      schedule: { type: "daily", dose: 1 },
      prescriptionExpiresOn: addDays(today(), 5 * 365),
    });
    expect(fine.status, fine.text).toBe(200);
  });

  it("F5: a row stored before the limits (paused to 9999-12-30) answers a well-formed run-out date and no negative days left", async () => {
    const { account, medication } = await setUp({ pillsRemaining: 30 });
    const regimen: Regimen = {
      changes: [{ effectiveFrom: today(), schedule: { type: "daily", dose: 1 } }],
      pauses: [{ from: addDays(today(), 1), until: "9999-12-30" }],
    };
    await db()
      .update(medications)
      .set({ regimen: JSON.stringify(regimen) })
      .where(eq(medications.id, medication.id));
    const res = await call("GET", `/api/medications/${medication.id}`, { cookie: account.cookie });
    expect(res.body.daysLeft).toBeGreaterThanOrEqual(0);
    expect(res.body.runsOutOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const page = await call("GET", `/medications/${medication.id}`, { cookie: account.cookie });
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/-00\d{4}|\+0\d{5}/);
  });
});

describe("F4: the lists of schedule changes and pauses are bounded", () => {
  it(`F4: a PATCH with a later effectiveFrom each time keeps at most ${MAX_SCHEDULE_CHANGES} changes; the next is a 400 and nothing is written`, async () => {
    const { account, pharmacy, medication } = await setUp({ pillsRemaining: 30 });
    for (let i = 1; i < MAX_SCHEDULE_CHANGES; i++) {
      const res = await patch(account, pharmacy.id, medication.id, {
        schedule: { type: "daily", dose: 1 + (i % 2) },
        effectiveFrom: addDays(today(), i),
      });
      expect(res.status, `${i}: ${res.text}`).toBe(200);
    }
    expect((await regimenOf(medication.id)).changes).toHaveLength(MAX_SCHEDULE_CHANGES);
    const before = await storedRow(medication.id);
    const refused = await patch(account, pharmacy.id, medication.id, {
      pillsRemaining: 29,
      schedule: { type: "daily", dose: 1 + (MAX_SCHEDULE_CHANGES % 2) },
      effectiveFrom: addDays(today(), MAX_SCHEDULE_CHANGES),
    });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body).toEqual({
      code: "error_too_many_schedule_changes",
      message: `Up to ${MAX_SCHEDULE_CHANGES} schedule changes are kept. Edit one of the planned changes instead of adding another.`,
    });
    expect(await storedRow(medication.id)).toEqual(before);
    const history = await call("GET", `/api/medications/${medication.id}/history`, { cookie: account.cookie });
    expect(history.body.map((e: { kind: string }) => e.kind)).toEqual(["created"]);
  });

  it(`F4: a PATCH with a past change or a past pause each time lets the oldest go: at most ${MAX_SCHEDULE_CHANGES} and ${MAX_PAUSES} kept, the newest stay`, async () => {
    const { account, pharmacy, medication } = await setUp({ pillsRemaining: 300, countedOn: addDays(today(), -365) });
    let last = "";
    for (let i = 0; i < MAX_SCHEDULE_CHANGES + 5; i++) {
      last = addDays(today(), -300 + 3 * i);
      const res = await patch(account, pharmacy.id, medication.id, {
        pillsRemaining: 300,
        schedule: { type: "daily", dose: 1 + (i % 2) },
        effectiveFrom: last,
        pausedFrom: last,
        pausedUntil: addDays(last, 1),
      });
      expect(res.status, `${i}: ${res.text}`).toBe(200);
    }
    const { changes, pauses } = await regimenOf(medication.id);
    expect(changes.length).toBeLessThanOrEqual(MAX_SCHEDULE_CHANGES);
    expect(pauses.length).toBeLessThanOrEqual(MAX_PAUSES);
    expect(changes.at(-1)!.effectiveFrom).toBe(last);
    expect(pauses.at(-1)).toMatchObject({ from: last, until: addDays(last, 1) });
    expect((await call("GET", `/medications/${medication.id}`, { cookie: account.cookie })).status).toBe(200);
  });

  it(`F4: PUT pause over ${MAX_PAUSES} pauses that still count is a 400; a pause before the medication was added is a 400 naming that day`, async () => {
    const { account, medication } = await setUp({ pillsRemaining: 300, countedOn: addDays(today(), -200) });
    const pauses = Array.from({ length: MAX_PAUSES }, (_, i) => ({
      from: addDays(today(), -100 + 4 * i),
      until: addDays(today(), -99 + 4 * i),
    }));
    const regimen: Regimen = { changes: [{ effectiveFrom: addDays(today(), -200), schedule: { type: "daily", dose: 1 } }], pauses };
    await db()
      .update(medications)
      .set({ regimen: JSON.stringify(regimen) })
      .where(eq(medications.id, medication.id));
    const refused = await pause(account, medication.id, { pausedFrom: today(), pausedUntil: null }, german);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body).toEqual({
      code: "error_too_many_pauses",
      message: de.error_too_many_pauses.replace("{max, number}", String(MAX_PAUSES)),
    });
    expect((await regimenOf(medication.id)).pauses).toEqual(pauses);

    const early = await pause(account, medication.id, { pausedFrom: addDays(today(), -201), pausedUntil: null });
    expect(early.status, early.text).toBe(400);
    expect(early.body.code).toBe("field_paused_from_before_added");
    const onAdded = await call("POST", "/api/medications", {
      cookie: account.cookie,
      body: medicationInput((await createPharmacy(account)).id, { countedOn: addDays(today(), -3), pausedFrom: addDays(today(), -4) }),
    });
    expect(onAdded.body.code).toBe("field_paused_from_before_added");
  });
});
