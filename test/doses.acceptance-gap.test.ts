import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openWorld, type patientDevice, stJohns, stJohnsPatient, type World } from "./doses-acceptance-fixtures";
import { at } from "./reminders-fixtures";

// Issue 30's acceptance, the DST gap in a :30 zone: in St John's the clock jumps from 01:59:59 NST
// (UTC−3:30) to 03:00 NDT (UTC−2:30) on Sunday 14 March 2027, so 02:00–02:59 never shows that day.
// A night-shift patient takes 1 tablet at 02:30 (40 on hand): its push goes at 03:00 NDT, the first
// instant after the gap, exactly once, and at 02:30 on the clock the days before and after.
// (The main story, test/doses.acceptance.test.ts, keeps the day patient's 08:00 and 20:00.)

let world: World;
let phone: Awaited<ReturnType<typeof patientDevice>>;
let tablet: number;

beforeAll(async () => {
  world = openWorld(stJohns("2027-03-12", "18:00"));
  const patient = await stJohnsPatient(world, { pushShowNames: false, doseFollowUpMinutes: 0 });
  phone = patient.phone;
  tablet = await patient.add({ name: "Quetiapine", pillsRemaining: 40, schedule: { type: "daily", times: [{ at: "02:30", dose: 1 }] } });
});

afterAll(() => world?.close());

describe("a dose time inside the DST gap (St John's, 14 March 2027)", () => {
  it("Saturday: 02:30 NST is 06:00 UTC, planned by the 06:00 tick to go at once", async () => {
    // The 05:00 UTC tick is 01:30–02:29 NST: not yet.
    expect(await phone.hourlyTick("2027-03-13T05:00:00Z")).toEqual([]);
    const [push] = await phone.hourlyTick("2027-03-13T06:00:00Z");
    expect(push).toMatchObject({ body: { date: "2027-03-13", at: "02:30", dueAt: at("2027-03-13T06:00:00Z") }, delaySeconds: 0 });
    expect((await phone.arrive(push!.body)).received).toHaveLength(1);
  });

  it("Sunday: 02:30 never shows; the push goes at 03:00 NDT (05:30 UTC), once, and Taken from it counts", async () => {
    // The 05:00 UTC tick covers 01:30–01:59 NST, then 03:00–03:29 NDT: the 02:30 dose falls at the jump.
    const [push, ...more] = await phone.hourlyTick("2027-03-14T05:00:00Z");
    expect(more).toEqual([]);
    expect(push).toMatchObject({ body: { date: "2027-03-14", at: "02:30", dueAt: at("2027-03-14T05:30:00Z") }, delaySeconds: 1795 });
    // The next hour (04:00–04:59 NDT) does not plan it again.
    expect(await phone.hourlyTick("2027-03-14T06:00:00Z")).toEqual([]);
    const sent = await phone.arrive(push!.body);
    expect(sent.received.map((p) => [p.tag, p.body, p.doses.map((d: { at: string }) => d.at)])).toEqual([
      ["dose-2027-03-14-0230", "Time for 1 medication", ["02:30"]],
    ]);
    // Follow-up off: nothing more is asked.
    expect(sent.queued).toEqual([]);
    // She wakes and taps Taken at 04:20 NDT, 80 minutes after the push. Sunday starts with 40 − 1 (Friday) − 1 (Saturday), both not logged and taken at midnight
    // = 38; 37 now, nothing more today: 37 covers 15 March–20 April: runs out on 21 April, 38 days.
    const taken = await phone.tap("taken", sent.received[0], stJohns("2027-03-14", "04:20"));
    expect(taken.status, taken.text).toBe(200);
    expect(taken.body.events[0]).toMatchObject({ date: "2027-03-14", at: "02:30", takenAt: at("2027-03-14T06:50:00Z") });
    expect(taken.body.medications).toEqual([{ id: tablet, pillsRemaining: 37, daysLeft: 38, runsOutOn: "2027-04-21" }]);
  });

  it("Monday: 02:30 NDT is 05:00 UTC, planned by the 05:00 tick to go at once", async () => {
    const [push] = await phone.hourlyTick("2027-03-15T05:00:00Z");
    expect(push).toMatchObject({ body: { date: "2027-03-15", at: "02:30", dueAt: at("2027-03-15T05:00:00Z") }, delaySeconds: 0 });
    expect((await phone.arrive(push!.body)).received.map((p) => p.tag)).toEqual(["dose-2027-03-15-0230"]);
  });

  it("a dose time in a DST gap is on time within 60 minutes of its push (03:00 NDT), not of 02:30 shifted past the gap (03:30 NDT)", async () => {
    // 9–15 March, from the 12th (added): Friday's and Saturday's 02:30 not logged, Sunday's taken, Monday's still
    // due (not counted). Sunday's was taken at 04:20 NDT: 80 minutes after 03:00 NDT, the instant that dose was
    // due and pushed, so not on time (measured from 03:30 NDT it would have been 50 minutes, "on time").
    // The count at the start of each day: 40, 39, 38, 37: each covers 1.
    const week = await phone.api("GET", `/api/medications/${tablet}/adherence?days=7`);
    expect(week.body).toEqual({
      from: "2027-03-09",
      to: "2027-03-15",
      scheduled: 3,
      taken: 1,
      skipped: 0,
      unlogged: 2,
      onTime: 0,
      daysCovered: 4,
      daysInPeriod: 4,
    });
  });
});
