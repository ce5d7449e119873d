import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openWorld, type patientDevice, setNow, stJohns, stJohnsPatient, type World } from "./doses-acceptance-fixtures";
import { at } from "./reminders-fixtures";

// Issue 30's acceptance, end to end in workerd: one patient in St John's (a :30 zone) from Friday
// 12 March 2027 to Monday 15 March, across the spring-forward of Sunday 14 March (02:00 NST, UTC−3:30,
// becomes 03:00 NDT, UTC−2:30). Only Postmark, the push service (fetch) and the queue's transport are
// stood in for: the Worker's own tick, queue consumer and API do the rest. Every count is worked out
// by hand in the comments, as [pillsRemaining, daysLeft, runsOutOn].
//
// Her medications, added on Friday evening:
// - Metformin: 1 tablet at 08:00 and 1 at 20:00 (2 a day), 31 tablets, counted by schedule;
// - Semaglutide: 1 injection every Sunday at 08:00 (with breakfast), 4 injections, counted by schedule;
// - Salbutamol: as needed, about 14 puffs a week (2 a day), 200 puffs, counted by log (a new as-needed one's default).
// Dose reminders on her phone with names on the lock screen, and one follow-up after 15 minutes.

let world: World;
let phone: Awaited<ReturnType<typeof patientDevice>>;
let ids: Record<string, number>;
let answered: Awaited<ReturnType<typeof stJohnsPatient>>["answered"];

const FRIDAY = "2027-03-12";
const SATURDAY = "2027-03-13";
const SUNDAY = "2027-03-14";
const MONDAY = "2027-03-15";

beforeAll(async () => {
  // Friday 12 March, 18:00 NST (21:30 UTC).
  world = openWorld(stJohns(FRIDAY, "18:00"));
  const patient = await stJohnsPatient(world, { pushShowNames: true, doseFollowUpMinutes: 15 });
  ({ phone, ids, answered } = patient);
  const one = (time: string) => ({ at: time, dose: 1 });
  await patient.add({ name: "Metformin", pillsRemaining: 31, schedule: { type: "daily", times: [one("08:00"), one("20:00")] } });
  await patient.add({
    name: "Semaglutide",
    unit: "injection",
    pillsRemaining: 4,
    schedule: { type: "weekdays", days: ["sun"], times: [one("08:00")] },
  });
  await patient.add({ name: "Salbutamol", unit: "puff", pillsRemaining: 200, schedule: { type: "asNeeded", perWeek: 14 } });
});

afterAll(() => world?.close());

describe("one patient in St John's across the spring-forward of 14 March 2027", () => {
  it("Friday evening: the counts as added", async () => {
    expect((await phone.api("GET", `/api/medications/${ids.Salbutamol}`)).body.countBy).toBe("log");
    expect(await phone.counts()).toEqual({
      // 31 at the start of Friday; 2 a day covers 12–26 March (30) and leaves 1 < 2: runs out on the 27th, 15 days.
      Metformin: [31, 15, "2027-03-27"],
      // Sundays 14, 21, 28 March and 4 April are covered; 11 April is not: 30 days.
      Semaglutide: [4, 30, "2027-04-11"],
      // Counted by log: today's estimate (2) is still due, then 198 / 2 = 99 more days: 100 days, 20 June.
      Salbutamol: [200, 100, "2027-06-20"],
    });
  });

  it("Friday 20:00 NST: the push at its minute, unanswered: one follow-up 15 minutes later; Snooze on it: one more 15 minutes after; then Skip", async () => {
    // The 23:00 UTC tick is 19:30 NST: it plans the hour 19:30–20:29, so 20:00 NST = 23:30 UTC, 30 minutes (less the plan's 5 s) away.
    const [first, ...more] = await phone.hourlyTick("2027-03-12T23:00:00Z");
    expect(more).toEqual([]);
    expect(first).toMatchObject({
      body: { date: FRIDAY, at: "20:00", push: "first", dueAt: at("2027-03-12T23:30:00Z") },
      delaySeconds: 1795,
    });

    const sent = await phone.arrive(first!.body);
    expect(sent.received).toEqual([
      expect.objectContaining({
        kind: "dose",
        body: "Time for \u2068Metformin\u2069",
        tag: "dose-2027-03-12-2000",
        doses: [{ clientId: `p-${phone.deviceId}-${ids.Metformin}-20270312-2000`, medicationId: ids.Metformin, date: FRIDAY, at: "20:00" }],
      }),
    ]);
    // Unanswered: the follow-up is asked for 15 minutes after the dose's minute (20:15 NST = 23:45 UTC).
    const [followUp] = sent.queued;
    expect(followUp).toMatchObject({ body: { push: "follow-up", dueAt: at("2027-03-12T23:45:00Z") }, delaySeconds: 900 });
    const again = await phone.arrive(followUp!.body);
    expect(again.received.map((p) => p.tag)).toEqual(["dose-2027-03-12-2000"]);
    expect(again.queued).toEqual([]);

    // Snooze on the follow-up at 20:16 NST: one more push at 20:31 NST (00:01 UTC on Saturday), and no follow-up of its own.
    const snoozed = await phone.tap("snooze", again.received[0], stJohns(FRIDAY, "20:16"));
    expect(snoozed.status, snoozed.text).toBe(202);
    const [snooze, ...moreSnoozes] = world.queue.take();
    expect(moreSnoozes).toEqual([]);
    expect(snooze).toMatchObject({ body: { push: "snooze", dueAt: at("2027-03-13T00:01:00Z") }, delaySeconds: 900 });
    const third = await phone.arrive(snooze!.body as never);
    expect(third.received.map((p) => p.tag)).toEqual(["dose-2027-03-12-2000"]);
    expect(third.queued).toEqual([]);

    // She skips it on the Today screen at 20:35 NST. Nothing comes off now (31); today's 08:00, not logged, is still
    // due (1): 30 after today covers 13–27 March (30) exactly: runs out on the 28th, 16 days — a day later than planned.
    const skipped = await phone.today(stJohns(FRIDAY, "20:35"), [
      { medicationId: ids.Metformin, date: FRIDAY, at: "20:00", status: "skipped" },
    ]);
    expect(answered(skipped)).toEqual({ Metformin: [31, 16, "2027-03-28"] });
    expect((await phone.counts()).Metformin).toEqual([31, 16, "2027-03-28"]);
  });

  it("Saturday 08:00 NST: the push at 11:30 UTC; Taken from it comes off at once; a double tap is one log; the follow-up finds nothing", async () => {
    // Saturday starts with 31 − 1 (Friday's 08:00, not logged: taken at midnight as planned) − 0 (20:00 skipped) = 30;
    // 2 due today leave 28 for 14–27 March: runs out on the 28th, 15 days.
    setNow(stJohns(SATURDAY, "07:00"));
    expect((await phone.counts()).Metformin).toEqual([30, 15, "2027-03-28"]);

    // The 11:00 UTC tick is 07:30 NST: 08:00 NST is 11:30 UTC.
    const [first, ...more] = await phone.hourlyTick("2027-03-13T11:00:00Z");
    expect(more).toEqual([]);
    expect(first).toMatchObject({ body: { date: SATURDAY, at: "08:00", dueAt: at("2027-03-13T11:30:00Z") }, delaySeconds: 1795 });
    const sent = await phone.arrive(first!.body);
    expect(sent.received.map((p) => p.body)).toEqual(["Time for \u2068Metformin\u2069"]);

    // Taken from the notification at 08:02 NST: 30 − 1 = 29 now; 20:00 still due (1): 28 for 14–27 March: the 28th, 15 days.
    const taken = await phone.tap("taken", sent.received[0], stJohns(SATURDAY, "08:02"));
    expect(taken.status, taken.text).toBe(200);
    expect(taken.body.events).toEqual([
      expect.objectContaining({ kind: "taken", date: SATURDAY, at: "08:00", amount: 1, takenAt: stJohns(SATURDAY, "08:02") }),
    ]);
    expect(answered(taken)).toEqual({ Metformin: [29, 15, "2027-03-28"] });
    // The double tap (same notification, same clientIds): the same log, the same answer, nothing more comes off.
    const replay = await phone.tap("taken", sent.received[0], stJohns(SATURDAY, "08:02"));
    expect(replay.body).toEqual(taken.body);
    const day = (await phone.api("GET", "/api/doses")).body.days[0];
    expect(day.doses.map((d: { at: string; status: string; eventId: number }) => [d.at, d.status, d.eventId])).toEqual([
      ["08:00", "taken", taken.body.events[0].eventId],
      ["20:00", "due", null],
    ]);

    // Its follow-up at 08:15 NST: the dose is logged, so nothing is sent and nothing more is asked.
    const followUp = await phone.arrive(sent.queued[0]!.body);
    expect(followUp).toEqual({ received: [], queued: [] });
    expect((await phone.counts()).Metformin).toEqual([29, 15, "2027-03-28"]);
  });

  it("Saturday noon: two puffs of the inhaler (an extra use, counted by log); the 20:00 push and its follow-up go unanswered", async () => {
    // Saturday starts with 200 (counted by log, Friday took nothing): 100 days, 21 June. Two puffs: 198 now; 2 still
    // due today (the estimate) leave 196 = 98 days more: 99 days, 20 June.
    setNow(stJohns(SATURDAY, "12:00"));
    expect((await phone.counts()).Salbutamol).toEqual([200, 100, "2027-06-21"]);
    const used = await phone.today(stJohns(SATURDAY, "12:00"), [{ medicationId: ids.Salbutamol, kind: "extra", amount: 2 }]);
    expect(answered(used)).toEqual({ Salbutamol: [198, 99, "2027-06-20"] });

    // 20:00 NST = 23:30 UTC; unanswered, then the follow-up at 20:15 NST; she does not log it that night.
    const [evening] = await phone.hourlyTick("2027-03-13T23:00:00Z");
    expect(evening!.body).toMatchObject({ date: SATURDAY, at: "20:00", dueAt: at("2027-03-13T23:30:00Z") });
    const sent = await phone.arrive(evening!.body);
    const followUp = await phone.arrive(sent.queued[0]!.body);
    expect([...sent.received, ...followUp.received].map((p) => p.tag)).toEqual(["dose-2027-03-13-2000", "dose-2027-03-13-2000"]);
  });

  it("Sunday, the change day: 08:00 is now 10:30 UTC, naming both medications; Take all logs both in one request", async () => {
    // The night of the change plans nothing for her (no time of hers falls in 02:00–03:00 NDT).
    expect(await phone.hourlyTick("2027-03-14T05:00:00Z")).toEqual([]);
    // Sunday starts with Metformin 30 − 1 (08:00 taken) − 1 (20:00 not logged: taken at midnight) = 28: 2 due today
    // leave 26 for 15–27 March: the 28th, 14 days. Semaglutide 4 (no dose Friday or Saturday): 1 due today, then
    // 21, 28 March and 4 April: 11 April, 28 days. Salbutamol 198: 2 due today, 196 = 98 days: 99 days, 21 June.
    expect(await phone.counts()).toEqual({
      Metformin: [28, 14, "2027-03-28"],
      Semaglutide: [4, 28, "2027-04-11"],
      Salbutamol: [198, 99, "2027-06-21"],
    });

    // 07:30 NDT is 10:00 UTC now: the 10:00 UTC tick plans 08:00 NDT = 10:30 UTC (it was 11:30 UTC yesterday).
    const [first, ...more] = await phone.hourlyTick("2027-03-14T10:00:00Z");
    expect(more).toEqual([]);
    expect(first).toMatchObject({ body: { date: SUNDAY, at: "08:00", dueAt: at("2027-03-14T10:30:00Z") }, delaySeconds: 1795 });
    const sent = await phone.arrive(first!.body);
    expect(sent.received.map((p) => [p.body, p.doses.length])).toEqual([["Time for \u2068Metformin\u2069 and \u2068Semaglutide\u2069", 2]]);

    // She opens the app and taps Take all at 08:00 at 08:05 NDT: one request, both doses.
    // Metformin 28 − 1 = 27; 20:00 due (1): 26 for 15–27 March: the 28th, 14 days.
    // Semaglutide 4 − 1 = 3: nothing more today; 21, 28 March, 4 April covered: 11 April, 28 days.
    const all = await phone.today(stJohns(SUNDAY, "08:05"), [
      { medicationId: ids.Metformin, date: SUNDAY, at: "08:00", status: "taken" },
      { medicationId: ids.Semaglutide, date: SUNDAY, at: "08:00", status: "taken" },
    ]);
    expect(all.body.events.map((e: { kind: string; takenAt: number }) => [e.kind, e.takenAt])).toEqual([
      ["taken", at("2027-03-14T10:35:00Z")],
      ["taken", at("2027-03-14T10:35:00Z")],
    ]);
    expect(answered(all)).toEqual({ Metformin: [27, 14, "2027-03-28"], Semaglutide: [3, 28, "2027-04-11"] });
    // The follow-up at 08:15 NDT finds both logged: nothing is sent.
    expect(await phone.arrive(sent.queued[0]!.body)).toEqual({ received: [], queued: [] });
    // An hour later nothing is planned again for 08:00 (11:30 UTC is 09:00 NDT today).
    expect(await phone.hourlyTick("2027-03-14T11:00:00Z")).toEqual([]);
  });

  it("Sunday afternoon: a use logged by mistake and undone: the count returns exactly", async () => {
    // 198 − 2 = 196; 2 still due today: 194 = 97 days more: 98 days, 20 June. Undo: 198, 99 days, 21 June again.
    const mistake = await phone.today(stJohns(SUNDAY, "14:00"), [{ medicationId: ids.Salbutamol, kind: "extra", amount: 2 }]);
    expect(answered(mistake)).toEqual({ Salbutamol: [196, 98, "2027-06-20"] });
    const undone = await phone.api("DELETE", `/api/doses/${mistake.body.events[0].eventId}`);
    expect(undone.status, undone.text).toBe(200);
    expect(answered(undone)).toEqual({ Salbutamol: [198, 99, "2027-06-21"] });
    expect((await phone.api("GET", "/api/doses")).body.days[0].extras).toEqual([]);

    // 20:00 NDT = 22:30 UTC: the push and its follow-up; she takes the tablet at 21:30 but logs it only tomorrow.
    const [evening] = await phone.hourlyTick("2027-03-14T22:00:00Z");
    expect(evening!.body).toMatchObject({ date: SUNDAY, at: "20:00", dueAt: at("2027-03-14T22:30:00Z") });
    const sent = await phone.arrive(evening!.body);
    const followUp = await phone.arrive(sent.queued[0]!.body);
    expect([...sent.received, ...followUp.received].map((p) => p.tag)).toEqual(["dose-2027-03-14-2000", "dose-2027-03-14-2000"]);
  });

  it("Monday 08:00 NDT: the push at 10:30 UTC and Taken; late logs of Sunday's and Saturday's 20:00; the days as listed", async () => {
    // Monday starts with Metformin 28 − 1 (Sunday 08:00 taken) − 1 (20:00 not logged: taken at midnight) = 26: 2 due
    // today leave 24 for 16–27 March: the 28th, 13 days.
    setNow(stJohns(MONDAY, "07:00"));
    expect((await phone.counts()).Metformin).toEqual([26, 13, "2027-03-28"]);
    const [first] = await phone.hourlyTick("2027-03-15T10:00:00Z");
    expect(first!.body).toMatchObject({ date: MONDAY, at: "08:00", dueAt: at("2027-03-15T10:30:00Z") });
    const sent = await phone.arrive(first!.body);
    // Taken at 08:01 NDT: 25 now; 20:00 due: 24 for 16–27 March: the 28th, 13 days.
    const taken = await phone.tap("taken", sent.received[0], stJohns(MONDAY, "08:01"));
    expect(answered(taken)).toEqual({ Metformin: [25, 13, "2027-03-28"] });

    // Late: yesterday's 20:00, taken at 21:30 NDT. Midnight had already charged it as taken, so nothing moves (25).
    const late = await phone.today(stJohns(MONDAY, "08:10"), [
      { medicationId: ids.Metformin, date: SUNDAY, at: "20:00", status: "taken", takenAt: stJohns(SUNDAY, "21:30") },
    ]);
    expect(answered(late)).toEqual({ Metformin: [25, 13, "2027-03-28"] });
    // Saturday's 20:00 was not taken after all: skipped two days late gives the tablet back, as if skipped on time:
    // 26 now; 20:00 due: 25 for 16–27 March (24) leaves 1 < 2 on the 28th: still the 28th, 13 days.
    const skipped = await phone.today(stJohns(MONDAY, "08:11"), [
      { medicationId: ids.Metformin, date: SATURDAY, at: "20:00", status: "skipped" },
    ]);
    expect(answered(skipped)).toEqual({ Metformin: [26, 13, "2027-03-28"] });
    expect(await phone.counts()).toEqual({
      Metformin: [26, 13, "2027-03-28"],
      Semaglutide: [3, 27, "2027-04-11"],
      Salbutamol: [198, 99, "2027-06-22"],
    });

    const days = (await phone.api("GET", `/api/doses?from=${FRIDAY}&to=${MONDAY}`)).body.days;
    const summary = (day: { doses: Array<{ name: string; at: string; status: string }> }) =>
      day.doses.map((d) => `${d.at} ${d.name} ${d.status}`);
    expect(days.map(summary)).toEqual([
      ["08:00 Metformin unlogged", "20:00 Metformin skipped"],
      ["08:00 Metformin taken", "20:00 Metformin skipped"],
      ["08:00 Metformin taken", "08:00 Semaglutide taken", "20:00 Metformin taken"],
      ["08:00 Metformin taken", "20:00 Metformin due"],
    ]);
    expect(days.map((d: { extras: Array<{ name: string; amount: number }> }) => d.extras.map((x) => `${x.name} ${x.amount}`))).toEqual([
      [],
      ["Salbutamol 2"],
      [],
      [],
    ]);
    // Ten pushes reached her phone: Friday 3 (first, follow-up, snooze), Saturday 1 + 2, Sunday 1 + 2, Monday 1.
    const outbox = (await phone.api("GET", "/dev/pushes")).body.filter((p: { deviceId: number }) => p.deviceId === phone.deviceId);
    expect(outbox).toHaveLength(10);
    expect((await world.push.received(phone.device)).length).toBe(10);
  });

  it("Monday: the adherence figures, worked out by hand", async () => {
    // The 7 days 9–15 March; she added them on Friday the 12th, so 9–11 March are not in it (no count, no dose).
    // Metformin: Friday 08:00 not logged, 20:00 skipped; Saturday 08:00 taken (08:02), 20:00 skipped (late);
    // Sunday 08:00 taken (08:05), 20:00 taken at 21:30 (90 minutes: not on time); Monday 08:00 taken (08:01),
    // 20:00 still due (not counted). Scheduled 7 = 4 taken + 2 skipped + 1 not logged; on time 3.
    // The count at the start of each day: 31; 31 − 1 (Friday's unlogged 08:00) = 30; 30 − 1 (Saturday's 08:00) = 29;
    // 29 − 2 = 27 on Monday: each covers 2: 4 of 4 days.
    const week = (name: string) => phone.api("GET", `/api/medications/${ids[name]}/adherence?days=7`);
    const period = { from: "2027-03-09", to: MONDAY };
    expect((await week("Metformin")).body).toEqual({
      ...period,
      scheduled: 7,
      taken: 4,
      skipped: 2,
      unlogged: 1,
      onTime: 3,
      daysCovered: 4,
      daysInPeriod: 4,
    });
    // Semaglutide: Sunday's injection taken at 08:05, on time; 4, 4, 4 and 3 cover every day (only Sunday has a dose).
    expect((await week("Semaglutide")).body).toEqual({
      ...period,
      scheduled: 1,
      taken: 1,
      skipped: 0,
      unlogged: 0,
      onTime: 1,
      daysCovered: 4,
      daysInPeriod: 4,
    });
    // Salbutamol has no scheduled dose; 200, 200, 198, 198 each cover the day's estimate (2).
    expect((await week("Salbutamol")).body).toEqual({
      ...period,
      scheduled: 0,
      taken: 0,
      skipped: 0,
      unlogged: 0,
      onTime: 0,
      daysCovered: 4,
      daysInPeriod: 4,
    });
    // The default period, 30 days from 14 February, holds the same doses.
    expect((await phone.api("GET", `/api/medications/${ids.Metformin}/adherence`)).body).toMatchObject({
      from: "2027-02-14",
      scheduled: 7,
      onTime: 3,
      daysInPeriod: 4,
    });
  });
});
