import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadSignedIn, signedInReads } from "../src/auth/signed-in";
import { medicationOf, medicationRecords, medicationsOf, toSortedMedications } from "../src/data/medications";
import { pharmaciesOf, pharmacyRecords, sortPharmacies } from "../src/data/pharmacies";
import { medications } from "../src/db/schema";
import { todayIn } from "../src/domain/countdown";
import { addDays, daysBetween } from "../src/domain/time";
import {
  accountWithMedication,
  ageCount,
  call,
  createMedication,
  createPharmacy,
  db,
  medicationInput,
  setTimezone,
  signUp,
  storedRow,
} from "./helpers";

describe("medications: happy paths", () => {
  it("POST answers 201 with the Medication shape; the count is stored as of the user's today", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account);
    const res = await call("POST", "/api/medications", {
      cookie: account.cookie,
      body: {
        name: " Metformin ",
        pharmacyId: pharmacy.id,
        pillsPerDay: 1.5,
        pillsRemaining: 45,
        pillsPerRefill: 90,
        lastRefillDate: "2025-01-05",
      },
    });
    expect(res.status).toBe(201);
    const today = todayIn("UTC");
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: "Metformin",
      pharmacyId: pharmacy.id,
      pillsPerDay: 1.5,
      pillsRemaining: 45,
      pillsPerRefill: 90,
      lastRefillDate: "2025-01-05",
      refillsLeft: null,
      prescriptionExpiresOn: null,
      packageItems: null,
      packageAmount: null,
      // The old shape is a daily dose in tablets; days left and the run-out date come with it.
      unit: "tablet",
      // A dose schedule always answers its times of day (none here) and how the count follows doses.
      schedule: { type: "daily", dose: 1.5, times: [] },
      countBy: "schedule",
      loggedTodayPlanned: 0,
      scheduleChanges: [],
      pausedFrom: null,
      pausedUntil: null,
      daysLeft: 30,
      runsOutOn: addDays(today, 30),
      // Worded in the request's language, for the dashboard to print.
      doseText: "1.5 tablets daily",
      remainingText: "45 tablets",
      pauseText: null,
      // No course and no last day.
      endsOn: null,
      course: null,
      finished: false,
      courseText: null,
    });
    expect((await storedRow(res.body.id)).countedOn).toBe(todayIn("UTC"));
  });

  it("the list answers every number exactly as stored, awkward fractions too", async () => {
    const account = await signUp();
    const created = await createMedication(account, { pillsPerDay: 2 / 3 });
    const list = await call("GET", "/api/medications", { cookie: account.cookie });
    expect(list.body).toEqual([created]);
    expect(list.body[0].pillsPerDay).toBe(2 / 3);
  });

  it("coerces form strings and stores an empty last refill date as missing", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account);
    const body = {
      name: "Aspirin",
      pharmacyId: String(pharmacy.id),
      pillsPerDay: "0.5",
      pillsRemaining: "10",
      pillsPerRefill: "30",
      lastRefillDate: "",
    };
    const res = await call("POST", "/api/medications", { cookie: account.cookie, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      pharmacyId: pharmacy.id,
      pillsPerDay: 0.5,
      pillsRemaining: 10,
      pillsPerRefill: 30,
      lastRefillDate: null,
    });
  });

  it("accepts a missing or null last refill date", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account);
    const { lastRefillDate: _, ...withoutDate } = medicationInput(pharmacy.id);
    const missing = await call("POST", "/api/medications", { cookie: account.cookie, body: withoutDate });
    const nulled = await call("POST", "/api/medications", { cookie: account.cookie, body: { ...withoutDate, lastRefillDate: null } });
    expect([missing.status, nulled.status]).toEqual([201, 201]);
    expect([missing.body.lastRefillDate, nulled.body.lastRefillDate]).toEqual([null, null]);
  });

  it("GET /api/medications lists only the user's medications, sorted by name case-insensitively", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account);
    for (const name of ["zoloft", "Aspirin", "Lipitor", "bisoprolol"]) await createMedication(account, { name, pharmacyId: pharmacy.id });
    const list = await call<{ name: string }[]>("GET", "/api/medications", { cookie: account.cookie });
    expect(list.status).toBe(200);
    expect(list.body.map((m) => m.name)).toEqual(["Aspirin", "bisoprolol", "Lipitor", "zoloft"]);
    expect(list.headers.get("Cache-Control")).toBe("no-store");
  });

  it("GET /api/medications/:id answers the medication", async () => {
    const { account, medication } = await accountWithMedication();
    const res = await call("GET", `/api/medications/${medication.id}`, { cookie: account.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(medication);
  });

  it("PATCH is a full update; the new count is stored as of today", async () => {
    const { account, medication } = await accountWithMedication({ pillsRemaining: 30, lastRefillDate: "2025-01-01" });
    await ageCount(medication.id, 5);
    const other = await createPharmacy(account);
    const update = { name: "Renamed", pharmacyId: other.id, pillsPerDay: 2, pillsRemaining: 60, pillsPerRefill: 60, lastRefillDate: "" };
    const res = await call("PATCH", `/api/medications/${medication.id}`, { cookie: account.cookie, body: update });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: medication.id,
      ...update,
      lastRefillDate: null,
      refillsLeft: null,
      prescriptionExpiresOn: null,
      packageItems: null,
      packageAmount: null,
      unit: "tablet",
      schedule: { type: "daily", dose: 2, times: [] },
      countBy: "schedule",
      loggedTodayPlanned: 0,
      scheduleChanges: [],
      pausedFrom: null,
      pausedUntil: null,
      daysLeft: 30,
      runsOutOn: addDays(todayIn("UTC"), 30),
      doseText: "2 tablets daily",
      remainingText: "60 tablets",
      pauseText: null,
      endsOn: null,
      course: null,
      finished: false,
      courseText: null,
    });
    expect((await storedRow(medication.id)).countedOn).toBe(todayIn("UTC"));
    expect((await call("GET", `/api/medications/${medication.id}`, { cookie: account.cookie })).body).toEqual(res.body);
  });

  it("DELETE answers 204 and the medication is gone", async () => {
    const { account, medication } = await accountWithMedication();
    expect((await call("DELETE", `/api/medications/${medication.id}`, { cookie: account.cookie })).status).toBe(204);
    expect((await call("GET", `/api/medications/${medication.id}`, { cookie: account.cookie })).status).toBe(404);
    expect((await call("GET", "/api/medications", { cookie: account.cookie })).body).toEqual([]);
  });
});

describe("medications: countdown on read", () => {
  it("three local days later the count has gone down by 3 × pillsPerDay, in every answer", async () => {
    const { account, medication } = await accountWithMedication({ pillsPerDay: 1.5, pillsRemaining: 30 });
    await ageCount(medication.id, 3);
    const expected = {
      ...medication,
      pillsRemaining: 25.5,
      remainingText: "25.5 tablets",
      daysLeft: 17,
      runsOutOn: addDays(todayIn("UTC"), 17),
    };
    expect((await call("GET", `/api/medications/${medication.id}`, { cookie: account.cookie })).body).toEqual(expected);
    expect((await call("GET", "/api/medications", { cookie: account.cookie })).body).toEqual([expected]);
    expect((await storedRow(medication.id)).pillsRemaining).toBe(30); // reads never write
  });

  it("never goes below 0", async () => {
    const { account, medication } = await accountWithMedication({ pillsPerDay: 2, pillsRemaining: 5 });
    await ageCount(medication.id, 10);
    expect((await call("GET", `/api/medications/${medication.id}`, { cookie: account.cookie })).body.pillsRemaining).toBe(0);
  });

  it("follows the user's zone: at one instant Kiritimati (UTC+14) is a day or two ahead of Pago Pago (UTC−11)", async () => {
    const [east, west] = await Promise.all([
      accountWithMedication({ pillsPerDay: 1, pillsRemaining: 50 }),
      accountWithMedication({ pillsPerDay: 1, pillsRemaining: 50 }),
    ]);
    await setTimezone(east.account, "Pacific/Kiritimati");
    await setTimezone(west.account, "Pacific/Pago_Pago");
    // Both counts were true on the same calendar date, 10 days before Pago Pago's today. The
    // expected values are taken before and after the requests, so a midnight in between cannot flake.
    const before = Date.now();
    const countedOn = addDays(todayIn("Pacific/Pago_Pago", before), -10);
    await db()
      .update(medications)
      .set({ countedOn })
      .where(inArray(medications.id, [east.medication.id, west.medication.id]));

    const eastCount = (await call("GET", `/api/medications/${east.medication.id}`, { cookie: east.account.cookie })).body.pillsRemaining;
    const westCount = (await call("GET", `/api/medications/${west.medication.id}`, { cookie: west.account.cookie })).body.pillsRemaining;
    const after = Date.now();
    const expectedIn = (zone: string) => new Set([before, after].map((t) => 50 - daysBetween(countedOn, todayIn(zone, t))));
    expect(expectedIn("Pacific/Kiritimati")).toContain(eastCount);
    expect(expectedIn("Pacific/Pago_Pago")).toContain(westCount);
    expect(westCount - eastCount).toBeGreaterThanOrEqual(1);
    expect(westCount - eastCount).toBeLessThanOrEqual(2);
  });
});

describe("medications: refill", () => {
  it("adds pillsToAdd to the current count and records today as the last refill date", async () => {
    const { account, medication } = await accountWithMedication({ pillsPerDay: 2, pillsRemaining: 20, lastRefillDate: "2025-01-05" });
    await ageCount(medication.id, 4); // 20 − 2 × 4 = 12 pills today
    const res = await call("POST", "/api/medications/refill", {
      cookie: account.cookie,
      body: { medicationId: medication.id, pillsToAdd: 30 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...medication,
      pillsRemaining: 42,
      remainingText: "42 tablets",
      daysLeft: 21,
      runsOutOn: addDays(todayIn("UTC"), 21),
      lastRefillDate: todayIn("UTC"),
      refillId: expect.any(Number),
    });
    const row = await storedRow(medication.id);
    expect([row.pillsRemaining, row.countedOn]).toEqual([42, todayIn("UTC")]);
  });

  it("an empty supply gets exactly the refill, not a negative balance plus the refill", async () => {
    const { account, medication } = await accountWithMedication({ pillsPerDay: 3, pillsRemaining: 6 });
    await ageCount(medication.id, 30);
    const res = await call("POST", "/api/medications/refill", {
      cookie: account.cookie,
      body: { medicationId: medication.id, pillsToAdd: "45" },
    });
    expect(res.body.pillsRemaining).toBe(45);
  });

  // At any instant Kiritimati (UTC+14) and Pago Pago (UTC−11) are on different dates, and at least one
  // of them differs from UTC, so a server-date implementation cannot pass
  // both (test/domain/countdown.test.ts pins the zones down at fixed instants).
  it.each(["Pacific/Kiritimati", "Pacific/Pago_Pago"])("uses the user's local date (%s)", async (zone) => {
    // The zone is set before the medication is added: added on UTC's date, a refill on Pago Pago's
    // earlier date would rightly be refused as before the medication existed (00:00–11:00 UTC).
    const account = await signUp();
    await setTimezone(account, zone);
    const medication = await createMedication(account, {
      pharmacyId: (await createPharmacy(account)).id,
      pillsPerDay: 1,
      pillsRemaining: 10,
    });
    const before = Date.now();
    const res = await call("POST", "/api/medications/refill", {
      cookie: account.cookie,
      body: { medicationId: medication.id, pillsToAdd: 1 },
    });
    const after = Date.now();
    const today = new Set([todayIn(zone, before), todayIn(zone, after)]);
    expect(today).toContain(res.body.lastRefillDate);
    expect(today).toContain((await storedRow(medication.id)).countedOn);
  });
});

describe("the dashboard's first paint: its data comes with the session lookup", () => {
  const sessionToken = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);
  // Prepared once, like a route's: every request below binds its own session to the same SQL.
  const dashboardReads = signedInReads(({ db, owner }) => ({
    medications: medicationsOf(db, owner),
    pharmacies: pharmaciesOf(db, owner),
  }));

  it("answers the session user's medications (current counts, sorted) and pharmacies, nobody else's", async () => {
    const [{ account, pharmacy, medication }, stranger] = await Promise.all([
      accountWithMedication({ name: "zinc", pillsRemaining: 20 }),
      accountWithMedication(),
    ]);
    const second = await createMedication(account, { name: "Aspirin", pharmacyId: pharmacy.id });
    const other = await createPharmacy(account, { name: "aaa first" });
    await ageCount(medication.id, 2);
    const found = await loadSignedIn(db(), sessionToken(account.cookie), Date.now(), dashboardReads);
    expect(found?.user).toEqual(account.user);
    const data = {
      medications: toSortedMedications(medicationRecords(found!.data.medications), todayIn(found!.user.timezone)),
      pharmacies: sortPharmacies(pharmacyRecords(found!.data.pharmacies)),
    };
    // The stored rows: the API adds the phone's display and tel: link (withPhone) when it answers.
    const stored = ({ phoneDisplay: _display, phoneHref: _href, ...row }: typeof pharmacy) => row;
    expect(data).toEqual({
      medications: [
        second,
        { ...medication, pillsRemaining: 18, remainingText: "18 tablets", daysLeft: 18, runsOutOn: addDays(todayIn("UTC"), 18) },
      ],
      pharmacies: [other, pharmacy].map(stored),
    });
    expect(data.medications.map((m) => m.id)).not.toContain(stranger.medication.id);
    const theirs = await loadSignedIn(db(), sessionToken(stranger.account.cookie), Date.now(), dashboardReads);
    expect(medicationRecords(theirs!.data.medications).map((m) => m.id)).toEqual([stranger.medication.id]);
  });

  it("a read by the path's id answers the session owner's row for that id, and nothing for another's", async () => {
    const [mine, stranger] = await Promise.all([accountWithMedication(), accountWithMedication()]);
    const byId = signedInReads(({ db, owner, id }) => ({ medication: medicationOf(db, owner, id) }));
    const read = (id: number) => loadSignedIn(db(), sessionToken(mine.account.cookie), Date.now(), byId, () => id);
    expect((await read(mine.medication.id))!.data.medication.map((m) => m.id)).toEqual([mine.medication.id]);
    expect((await read(stranger.medication.id))!.data.medication).toEqual([]);
  });

  it("an unknown or expired session answers null, not anyone's data", async () => {
    const { account } = await accountWithMedication();
    expect(await loadSignedIn(db(), "not-a-session", Date.now(), dashboardReads)).toBeNull();
    const token = sessionToken(account.cookie);
    expect(await loadSignedIn(db(), token, Date.now() + 31 * 24 * 3_600_000, dashboardReads)).toBeNull();
    // Expiry deleted the session: it stays gone even at the right time.
    expect(await loadSignedIn(db(), token, Date.now(), dashboardReads)).toBeNull();
  });
});
