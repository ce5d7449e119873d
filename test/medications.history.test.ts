import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { supplyEvents, medications } from "../src/db/schema";
import { roundPills, todayIn } from "../src/domain/countdown";
import { parseRegimen, supplyOn } from "../src/domain/regimen";
import { addDays, daysBetween } from "../src/domain/time";
import { accountWithMedication, call, db, setTimezone, signUp, storedRow, type Account } from "./helpers";

// The supply history: every change writes its event in the same batch; refills may be back-dated
// to the pick-up day; the newest refill can be undone exactly once.

/** Simulates a medication added `days` days ago: its count and every event move back. */
async function backdate(medicationId: number, days: number) {
  await db()
    .update(medications)
    .set({ countedOn: sql`date(${medications.countedOn}, ${`-${days} days`})` })
    .where(eq(medications.id, medicationId));
  await db()
    .update(supplyEvents)
    .set({
      localDate: sql`date(${supplyEvents.localDate}, ${`-${days} days`})`,
      countedOn: sql`date(${supplyEvents.countedOn}, ${`-${days} days`})`,
    })
    .where(eq(supplyEvents.medicationId, medicationId));
}

const refill = (account: Account, medicationId: number, body: Record<string, unknown> = {}) =>
  call("POST", "/api/medications/refill", { cookie: account.cookie, body: { medicationId, pillsToAdd: 30, ...body } });
const undo = (account: Account, medicationId: number, body: Record<string, unknown> = {}) =>
  call("POST", `/api/medications/${medicationId}/undo-refill`, { cookie: account.cookie, body });
const history = (account: Account, medicationId: number) =>
  call("GET", `/api/medications/${medicationId}/history`, { cookie: account.cookie });
/** A medication made through the API after the account's zone was set (its 'created' date is that zone's today). */
async function medicationOf(account: Account, overrides: Record<string, unknown>) {
  const pharmacy = await call("POST", "/api/pharmacies", { cookie: account.cookie, body: { name: "Pharmacy", phoneNumber: "2125550100" } });
  const body = {
    name: "Medication",
    pharmacyId: pharmacy.body.id,
    pillsPerDay: 1,
    pillsRemaining: 10,
    pillsPerRefill: 30,
    lastRefillDate: "",
    ...overrides,
  };
  const res = await call("POST", "/api/medications", { cookie: account.cookie, body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const current = async (account: Account, medicationId: number) =>
  (await call("GET", `/api/medications/${medicationId}`, { cookie: account.cookie })).body;

describe("supply history", () => {
  it("create, correction and refill each write an event; the history answers them newest first", async () => {
    const { account, medication, pharmacy } = await accountWithMedication({ pillsPerDay: 1, pillsRemaining: 12 });
    const today = todayIn("UTC");
    const body = {
      name: medication.name,
      pharmacyId: pharmacy.id,
      pillsPerDay: 1,
      pillsRemaining: 20,
      pillsPerRefill: 30,
      lastRefillDate: "",
    };
    expect((await call("PATCH", `/api/medications/${medication.id}`, { cookie: account.cookie, body })).status).toBe(200);
    // An edit that leaves the count alone is no supply change.
    expect(
      (await call("PATCH", `/api/medications/${medication.id}`, { cookie: account.cookie, body: { ...body, name: "Renamed" } })).status,
    ).toBe(200);
    expect((await refill(account, medication.id)).status).toBe(200);
    const res = await history(account, medication.id);
    expect(res.status).toBe(200);
    expect(res.body.map((e: any) => [e.kind, e.localDate, e.pillsBefore, e.pillsAfter, e.pillsAdded])).toEqual([
      ["refill", today, 20, 50, 30],
      ["correction", today, 12, 20, null],
      ["created", today, null, 12, null],
    ]);
  });

  it("another user's medication answers 404, and the history is one round trip in the signed-in batch", async () => {
    const { medication } = await accountWithMedication();
    const stranger = await signUp();
    expect((await history(stranger, medication.id)).status).toBe(404);
    expect((await undo(stranger, medication.id)).status).toBe(404);
    expect((await history(stranger, 999_999_999)).status).toBe(404);
  });

  it("deleting a medication deletes its history", async () => {
    const { account, medication } = await accountWithMedication();
    await refill(account, medication.id);
    expect((await db().select().from(supplyEvents).where(eq(supplyEvents.medicationId, medication.id))).length).toBe(2);
    expect((await call("DELETE", `/api/medications/${medication.id}`, { cookie: account.cookie })).status).toBe(204);
    expect(await db().select().from(supplyEvents).where(eq(supplyEvents.medicationId, medication.id))).toEqual([]);
  });
});

describe("back-dated refills", () => {
  it("without refilledOn nothing changes: today's count plus the refill, today as the last refill date", async () => {
    const { account, medication } = await accountWithMedication({ pillsPerDay: 2, pillsRemaining: 20 });
    await backdate(medication.id, 4);
    const res = await refill(account, medication.id);
    expect(res.body).toMatchObject({ pillsRemaining: 42, lastRefillDate: todayIn("UTC") });
  });

  it("counts from the pick-up day: pills taken since then come off", async () => {
    const { account, medication } = await accountWithMedication({ pillsPerDay: 2, pillsRemaining: 40 });
    await backdate(medication.id, 10); // 20 pills today
    const pickedUp = addDays(todayIn("UTC"), -6); // 32 on that day, 62 after the refill, 50 today
    const res = await refill(account, medication.id, { refilledOn: pickedUp });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pillsRemaining: 50, lastRefillDate: pickedUp });
  });

  it("across a run-out: the days without pills before the pick-up cost nothing", async () => {
    const { account, medication } = await accountWithMedication({ pillsPerDay: 1, pillsRemaining: 5 });
    await backdate(medication.id, 20); // ran out 15 days ago
    const pickedUp = addDays(todayIn("UTC"), -3);
    const res = await refill(account, medication.id, { refilledOn: pickedUp, pillsToAdd: 30 });
    expect(res.body.pillsRemaining).toBe(27); // 0 + 30 on the pick-up day, 3 days taken since
    const [event] = (await history(account, medication.id)).body;
    expect(event).toMatchObject({ kind: "refill", localDate: pickedUp, pillsBefore: 0, pillsAfter: 30, countedOn: pickedUp });
  });

  it.each([
    [30, 1, 10, 4, 30],
    [5, 2, 12, 1, 45],
    [7.5, 0.5, 20, 20, 10],
    [100, 3, 40, 0, 90],
  ])(
    "the SQL agrees with supplyOn: %d pills, %d a day, added %d days ago, picked up %d days ago, +%d",
    async (pills, perDay, addedDaysAgo, pickedDaysAgo, add) => {
      const { account, medication } = await accountWithMedication({ pillsPerDay: perDay, pillsRemaining: pills });
      await backdate(medication.id, addedDaysAgo);
      const today = todayIn("UTC");
      const stored = await storedRow(medication.id);
      const regimen = parseRegimen(stored.regimen, stored.pillsPerDay);
      const pickedUp = addDays(today, -pickedDaysAgo);
      // supplyOn's count on the pick-up day (the stored count as is before its own date), plus the refill.
      // biome-ignore lint/complexity/useMathMinMax: dates as text; Math.max would make them numbers
      const countedOn = pickedUp > stored.countedOn ? pickedUp : stored.countedOn;
      const pillsAfter = roundPills(
        supplyOn({ pillsRemaining: stored.pillsRemaining, countedOn: stored.countedOn, regimen }, countedOn).pillsRemaining + add,
      );
      const res = await refill(account, medication.id, { refilledOn: pickedUp, pillsToAdd: add });
      expect(res.body.pillsRemaining).toBe(supplyOn({ pillsRemaining: pillsAfter, countedOn, regimen }, today).pillsRemaining);
      expect(await storedRow(medication.id)).toMatchObject({ pillsRemaining: pillsAfter, countedOn });
      // The undo takes the refill's pills off today's count, never below 0.
      const undone = await undo(account, medication.id);
      expect(undone.body.pillsRemaining).toBe(Math.max(0, roundPills(res.body.pillsRemaining - add)));
    },
  );

  it("the last refill date becomes the latest refill date, not an older pick-up", async () => {
    const { account, medication } = await accountWithMedication({ pillsPerDay: 1, pillsRemaining: 50 });
    await backdate(medication.id, 10);
    const today = todayIn("UTC");
    await refill(account, medication.id, { refilledOn: addDays(today, -2) });
    const res = await refill(account, medication.id, { refilledOn: addDays(today, -5) });
    expect(res.body.lastRefillDate).toBe(addDays(today, -2));
    // Both refills counted: 50 − 10 + 30 + 30.
    expect(res.body.pillsRemaining).toBe(100);
  });

  it("refuses a date in the future or before the medication was added, and stores nothing", async () => {
    const { account, medication } = await accountWithMedication({ pillsPerDay: 1, pillsRemaining: 10 });
    await backdate(medication.id, 3);
    const today = todayIn("UTC");
    const future = await refill(account, medication.id, { refilledOn: addDays(today, 1) });
    expect([future.status, future.body.message]).toEqual([400, "Picked up on cannot be in the future"]);
    const early = await refill(account, medication.id, { refilledOn: addDays(today, -4) });
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(/^Picked up on cannot be before \w{3} \d+, \d{4}, when this medication was added$/);
    const bad = await refill(account, medication.id, { refilledOn: "2025-02-30" });
    expect([bad.status, bad.body.message]).toEqual([400, "Picked up on must be a real date"]);
    expect((await refill(account, medication.id, { refilledOn: addDays(today, -3) })).status).toBe(200); // the day it was added
    expect((await history(account, medication.id)).body.map((e: any) => e.kind)).toEqual(["refill", "created"]);
  });

  it("the earliest date is the date the medication was added as stored then, whatever zone the user is in now", async () => {
    const account = await signUp();
    await setTimezone(account, "Pacific/Kiritimati"); // UTC+14: its today is usually ahead of UTC's
    const created = await medicationOf(account, { pillsPerDay: 1, pillsRemaining: 10 });
    const addedOn = todayIn("Pacific/Kiritimati");
    await setTimezone(account, "Pacific/Pago_Pago"); // UTC−11: a day (or more) behind
    const todayThere = todayIn("Pacific/Pago_Pago");
    expect(daysBetween(todayThere, addedOn)).toBeGreaterThanOrEqual(1);
    const res = await refill(account, created.id, { refilledOn: todayThere });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("when this medication was added");
  });

  it.each([
    ["Pacific/Auckland", "2026-09-26", "2026-09-28"], // NZ clocks go forward on Sep 27, 2026
    ["Pacific/Chatham", "2026-04-04", "2026-04-06"], // +13:45 → +12:45 on Apr 5, 2026
    ["America/St_Johns", "2026-10-30", "2026-11-02"], // −02:30 → −03:30 on Nov 1, 2026
    ["Australia/Lord_Howe", "2026-10-03", "2026-10-05"], // a half-hour shift on Oct 4, 2026
  ])("in %s a refill picked up across a DST change counts whole local days (%s → %s)", async (zone, addedOn, pickedUp) => {
    const account = await signUp();
    await setTimezone(account, zone);
    const medication = await medicationOf(account, { pillsPerDay: 1.5, pillsRemaining: 3 });
    const today = todayIn(zone);
    await backdate(medication.id, daysBetween(addedOn, today));
    // 3 pills on addedOn; two local days later 0 (1.5 a day), then +300 on the pick-up day.
    const res = await refill(account, medication.id, { refilledOn: pickedUp, pillsToAdd: 300 });
    expect(res.status, res.text).toBe(200);
    const stored = await storedRow(medication.id);
    expect(res.body.pillsRemaining).toBe(
      supplyOn({ pillsRemaining: 300, countedOn: pickedUp, regimen: parseRegimen(stored.regimen, stored.pillsPerDay) }, today)
        .pillsRemaining,
    );
    expect(res.body.lastRefillDate).toBe(pickedUp);
  });
});

describe("undo", () => {
  it("reverts exactly the refill: count, last refill date and the prescription's refill", async () => {
    const { account, medication, pharmacy } = await accountWithMedication({
      pillsPerDay: 1,
      pillsRemaining: 10,
      lastRefillDate: "2025-01-05",
    });
    const body = {
      name: medication.name,
      pharmacyId: pharmacy.id,
      pillsPerDay: 1,
      pillsRemaining: 10,
      pillsPerRefill: 30,
      lastRefillDate: "2025-01-05",
      refillsLeft: 2,
    };
    await call("PATCH", `/api/medications/${medication.id}`, { cookie: account.cookie, body });
    const refilled = await refill(account, medication.id);
    expect(refilled.body).toMatchObject({ pillsRemaining: 40, refillsLeft: 1, lastRefillDate: todayIn("UTC") });
    const res = await undo(account, medication.id, { refillId: refilled.body.refillId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pillsRemaining: 10, refillsLeft: 2, lastRefillDate: "2025-01-05" });
    const [event] = (await history(account, medication.id)).body;
    expect(event).toMatchObject({ kind: "undo", revertsEventId: refilled.body.refillId, pillsBefore: 40, pillsAfter: 10 });
  });

  it("a second undo, or an undo after a later change, answers 409 'Nothing to undo'", async () => {
    const { account, medication, pharmacy } = await accountWithMedication({ pillsPerDay: 1, pillsRemaining: 10 });
    const first = await refill(account, medication.id);
    expect((await undo(account, medication.id)).status).toBe(200);
    const again = await undo(account, medication.id);
    expect([again.status, again.body.message]).toEqual([409, "Nothing to undo"]);
    const second = await refill(account, medication.id);
    // The toast of the first refill names it: the newest refill is another one.
    expect((await undo(account, medication.id, { refillId: first.body.refillId })).status).toBe(409);
    const body = {
      name: medication.name,
      pharmacyId: pharmacy.id,
      pillsPerDay: 1,
      pillsRemaining: 5,
      pillsPerRefill: 30,
      lastRefillDate: "",
    };
    await call("PATCH", `/api/medications/${medication.id}`, { cookie: account.cookie, body });
    expect((await undo(account, medication.id, { refillId: second.body.refillId })).status).toBe(409);
    expect((await current(account, medication.id)).pillsRemaining).toBe(5);
    const fresh = await accountWithMedication();
    expect((await undo(fresh.account, fresh.medication.id)).status).toBe(409); // only 'created'
  });

  it("after days have passed the undone count is what it would have been without the refill", async () => {
    const { account, medication } = await accountWithMedication({ pillsPerDay: 2, pillsRemaining: 12 });
    await backdate(medication.id, 3); // 6 today
    await refill(account, medication.id, { refilledOn: addDays(todayIn("UTC"), -3) }); // 42 then, 36 today
    expect((await current(account, medication.id)).pillsRemaining).toBe(36);
    expect((await undo(account, medication.id)).body.pillsRemaining).toBe(6);
  });

  it("undoing a refill picked up after a run-out leaves the medication run out", async () => {
    const { account, medication } = await accountWithMedication({ pillsPerDay: 1, pillsRemaining: 2 });
    await backdate(medication.id, 10);
    await refill(account, medication.id, { refilledOn: addDays(todayIn("UTC"), -4) });
    expect((await current(account, medication.id)).pillsRemaining).toBe(26);
    expect((await undo(account, medication.id)).body.pillsRemaining).toBe(0);
  });

  it("refills left go down by one per refill, never below 0; an undo gives back only what was used", async () => {
    const { account, medication, pharmacy } = await accountWithMedication({ pillsPerDay: 1, pillsRemaining: 10 });
    const body = {
      name: medication.name,
      pharmacyId: pharmacy.id,
      pillsPerDay: 1,
      pillsRemaining: 10,
      pillsPerRefill: 30,
      lastRefillDate: "",
      refillsLeft: 1,
    };
    await call("PATCH", `/api/medications/${medication.id}`, { cookie: account.cookie, body });
    expect((await refill(account, medication.id)).body.refillsLeft).toBe(0);
    expect((await refill(account, medication.id)).body.refillsLeft).toBe(0);
    expect((await undo(account, medication.id)).body.refillsLeft).toBe(0);
    // Untracked stays untracked.
    const other = await accountWithMedication();
    expect((await refill(other.account, other.medication.id)).body.refillsLeft).toBeNull();
    expect((await undo(other.account, other.medication.id)).body.refillsLeft).toBeNull();
  });

  it("concurrent refills and undos lose nothing: every answer is consistent with the history", async () => {
    const { account, medication } = await accountWithMedication({ pillsPerDay: 1, pillsRemaining: 5 });
    const requests = Array.from({ length: 12 }, (_, i) =>
      i % 2 === 0 ? refill(account, medication.id, { pillsToAdd: 10 }) : undo(account, medication.id),
    );
    const answers = await Promise.all(requests);
    const refills = answers.filter((_, i) => i % 2 === 0);
    const undos = answers.filter((_, i) => i % 2 === 1);
    expect(refills.every((a) => a.status === 200)).toBe(true);
    expect(undos.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const undone = undos.filter((a) => a.status === 200).length;
    const events = (await history(account, medication.id)).body;
    expect(events.filter((e: any) => e.kind === "refill")).toHaveLength(6);
    expect(events.filter((e: any) => e.kind === "undo")).toHaveLength(undone);
    // Each undo reverted a distinct refill, and the count is exactly the refills that stand.
    const reverted = events.filter((e: any) => e.kind === "undo").map((e: any) => e.revertsEventId);
    expect(new Set(reverted).size).toBe(undone);
    expect((await current(account, medication.id)).pillsRemaining).toBe(5 + 10 * (6 - undone));
    expect((await storedRow(medication.id)).pillsRemaining).toBe(events[0].pillsAfter);
  });
});
