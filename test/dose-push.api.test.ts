import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DosePushMessage } from "../src/reminders/dose-push-queue";
import { call, signUp } from "./helpers";
import { captureDoseQueue, deliver, doseEnv, doseUser } from "./dose-push-fixtures";
import { standInsPerTest } from "./push-fixtures";
import { tick, trackUsers } from "./reminders-fixtures";

// The dose push's API: Snooze (POST /api/doses/snooze → 202, one more push 15 minutes later), the
// settings' bounds, and the tick handing the hour's plan to the queue.

const mocks = standInsPerTest();
let queue: ReturnType<typeof captureDoseQueue>;
beforeEach(() => {
  queue = captureDoseQueue();
});
afterEach(() => queue.restore());

const todayUtc = () => new Date().toISOString().slice(0, 10);

async function patient(options: { followUp?: number } = {}) {
  const account = await signUp();
  trackUsers([account.id]);
  const user = await doseUser({
    userId: account.id,
    timezone: "UTC",
    followUp: options.followUp,
    medications: [{ name: "Metformin", times: ["08:00"] }],
  });
  return { ...account, ...user };
}

describe("Snooze 15 min", () => {
  it("answers 202 and queues one more push 15 minutes later, which the device gets once", async () => {
    const user = await patient();
    const before = Date.now();
    const res = await call("POST", "/api/doses/snooze", { cookie: user.cookie, env: doseEnv, body: { date: todayUtc(), at: "08:00" } });
    expect(res.status, res.text).toBe(202);
    const [queued, ...more] = queue.take();
    expect(more).toEqual([]);
    expect(queued!.delaySeconds).toBeGreaterThanOrEqual(899);
    expect(queued!.delaySeconds).toBeLessThanOrEqual(900);
    const body = queued!.body as DosePushMessage;
    expect(body).toMatchObject({ kind: "dose-push", userId: user.id, date: todayUtc(), at: "08:00", push: "snooze" });
    expect(body.dueAt - before).toBeGreaterThanOrEqual(15 * 60_000);
    await deliver(body, body);
    const received = await mocks.push.received(user.devices[0]!);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ kind: "dose", tag: `dose-${todayUtc()}-0800` });
    // A snooze asks for no follow-up of its own.
    expect(queue.take()).toEqual([]);
  });

  it("Snooze replaces the pending follow-up: the patient gets the snoozed push, not the follow-up a minute before it", async () => {
    const user = await patient({ followUp: 15 });
    const first: DosePushMessage = {
      kind: "dose-push",
      userId: user.id,
      date: todayUtc(),
      at: "08:00",
      dueAt: Date.now(),
      push: "first",
      claim: "first",
    };
    await deliver(first);
    const [followUp] = queue.take();
    expect(followUp!.body).toMatchObject({ push: "follow-up" });
    const res = await call("POST", "/api/doses/snooze", { cookie: user.cookie, env: doseEnv, body: { date: todayUtc(), at: "08:00" } });
    expect(res.status, res.text).toBe(202);
    const [snoozed] = queue.take();
    // The follow-up comes due first (15 min after the push), then the snooze (15 min after the tap).
    await deliver(followUp!.body, snoozed!.body);
    const received = await mocks.push.received(user.devices[0]!);
    expect(received).toHaveLength(2);
  });

  it("a time with no dose scheduled is 400 in the request's language, and queues nothing", async () => {
    const user = await patient();
    const res = await call("POST", "/api/doses/snooze", {
      cookie: user.cookie,
      env: doseEnv,
      headers: { "Accept-Language": "fr" },
      body: { date: todayUtc(), at: "09:00" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: "error_dose_push_nothing_due", message: `Aucune prise n'attend à 09:00 le ${todayUtc()}.` });
    const bad = await call("POST", "/api/doses/snooze", { cookie: user.cookie, env: doseEnv, body: { date: todayUtc(), at: "25:00" } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("field_time_invalid");
    const signedOut = await call("POST", "/api/doses/snooze", { env: doseEnv, body: { date: todayUtc(), at: "08:00" } });
    expect(signedOut.status).toBe(401);
    expect(queue.take()).toEqual([]);
  });
});

describe("dose reminder settings", () => {
  const base = { notificationDays: 7, emailConsent: true, timezone: "UTC", notificationHour: 9 };

  it("default on with a 30-minute follow-up; saves off / 15 / 30 / 60 and refuses anything else at its field", async () => {
    const account = await signUp();
    expect(account.user).toMatchObject({ doseReminders: true, doseFollowUpMinutes: 30 });
    const saved = await call("PATCH", "/api/notifications/settings", {
      cookie: account.cookie,
      body: { ...base, doseReminders: false, doseFollowUpMinutes: 60 },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.user).toMatchObject({ doseReminders: false, doseFollowUpMinutes: 60 });
    for (const doseFollowUpMinutes of [45, -15, 0.5, "15", 1e9, null]) {
      const res = await call("PATCH", "/api/notifications/settings", { cookie: account.cookie, body: { ...base, doseFollowUpMinutes } });
      expect(res.status, String(doseFollowUpMinutes)).toBe(400);
      expect(res.body.code).toBe("field_dose_follow_up_invalid");
    }
    const notBoolean = await call("PATCH", "/api/notifications/settings", {
      cookie: account.cookie,
      headers: { "Accept-Language": "de" },
      body: { ...base, doseReminders: "yes" },
    });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body).toEqual({
      code: "field_dose_reminders_not_boolean",
      message: "Einnahme-Erinnerungen muss wahr oder falsch sein.",
    });
    // An older page that leaves them out changes neither.
    const older = await call("PATCH", "/api/notifications/settings", { cookie: account.cookie, body: base });
    expect(older.body.user).toMatchObject({ doseReminders: false, doseFollowUpMinutes: 60 });
  });

  it("a user with dose reminders off gets no dose push", async () => {
    const user = await patient();
    await call("PATCH", "/api/notifications/settings", {
      cookie: user.cookie,
      body: { ...base, remindersBy: "email", doseReminders: false },
      env: doseEnv,
    });
    await deliver({ kind: "dose-push", userId: user.id, date: todayUtc(), at: "08:00", dueAt: Date.now(), push: "first", claim: "first" });
    expect(mocks.push.to(user.devices[0]!)).toEqual([]);
  });
});

describe("the hourly tick", () => {
  it("puts the hour's plan on the queue, once per tick, when push is on", async () => {
    await tick("2031-02-03T04:00:00Z", doseEnv);
    expect(queue.take().map((q) => q.body)).toContainEqual({
      kind: "dose-plan",
      scheduledTime: Date.parse("2031-02-03T04:00:00Z"),
      afterUserId: 0,
    });
  });
});
