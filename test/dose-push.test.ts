import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { doseEvents, dosePushClaims } from "../src/db/schema";
import { doseInstant } from "../src/domain/dose-push-times";
import { runDosePlan } from "../src/reminders/dose-push-plan";
import type { DosePushMessage } from "../src/reminders/dose-push-queue";
import { call, db } from "./helpers";
import { captureDoseQueue, deliver, doseEnv, doseUser } from "./dose-push-fixtures";
import { standInsPerTest } from "./push-fixtures";
import { at } from "./reminders-fixtures";

// The dose-time push, server side: the hourly plan queues each timed dose of its hour with a delay
// to the dose's minute; the consumer sends one push per device, exactly once, naming only what is
// still unlogged, then one follow-up. Only the push service (fetch) and the queue are stood in for.

const mocks = standInsPerTest();
let queue: ReturnType<typeof captureDoseQueue>;
beforeEach(() => {
  queue = captureDoseQueue();
});
afterEach(() => {
  queue.restore();
  vi.useRealTimers();
});

/** Runs the plan of the tick at `tick`, `lateMs` after it (the plan message's own queue trip). */
async function plan(tick: string, lateMs = 5_000) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at(tick) + lateMs);
  await runDosePlan(doseEnv, { kind: "dose-plan", scheduledTime: at(tick), afterUserId: 0 });
  return queue.take().filter((q) => q.body.kind === "dose-push") as Array<{ body: DosePushMessage; delaySeconds: number | undefined }>;
}

describe("dose-time push", () => {
  it("the plan queues each timed dose of the tick's hour, delayed to its local minute (a :30 zone)", async () => {
    // Asia/Kolkata is UTC+5:30: the tick of 02:00Z covers 07:30–08:29 local.
    const user = await doseUser({ timezone: "Asia/Kolkata", medications: [{ name: "Metformin", times: ["07:45", "08:15", "20:00"] }] });
    const queued = await plan("2027-06-01T02:00:00Z");
    expect(queued.map((q) => [q.body.userId, q.body.date, q.body.at, q.body.push, q.delaySeconds])).toEqual([
      [user.id, "2027-06-01", "07:45", "first", 15 * 60 - 5],
      [user.id, "2027-06-01", "08:15", "first", 45 * 60 - 5],
    ]);
    expect(queued[0]!.body.dueAt).toBe(at("2027-06-01T02:15:00Z"));
  });

  it("sends the push the contract describes: generic text, Taken and Snooze, the tap-to-confirm URL, high urgency, an hour's TTL; listed at /dev/pushes", async () => {
    const user = await doseUser({
      timezone: "America/New_York",
      medications: [
        { name: "Metformin", times: ["08:30"] },
        { name: "Lisinopril", times: ["08:30", "20:00"] },
      ],
    });
    const [device] = user.devices;
    const queued = await plan("2027-06-01T12:00:00Z");
    expect(queued).toHaveLength(1);
    await deliver(queued[0]!.body);
    const [m1, m2] = user.medicationIds;
    const payload = {
      kind: "dose",
      title: "Dose reminder",
      body: "Time for 2 medications",
      url: "/doses/confirm?date=2027-06-01&at=08:30",
      tag: "dose-2027-06-01-0830",
      lang: "en",
      doses: [m1, m2].map((id) => ({ clientId: `p-${device!.id}-${id}-20270601-0830`, medicationId: id, date: "2027-06-01", at: "08:30" })),
      actions: [
        { action: "taken", title: "Taken" },
        { action: "snooze", title: "Snooze 15 min" },
      ],
    };
    expect(await mocks.push.received(device!)).toEqual([payload]);
    const [request] = mocks.push.to(device!);
    expect([request!.headers.get("Urgency"), request!.headers.get("TTL"), request!.headers.get("Topic")]).toEqual([
      "high",
      "3600",
      "dose-2027-06-01-0830",
    ]);
    const outbox = await call("GET", "/dev/pushes", { env: doseEnv });
    expect(outbox.body.find((p: { deviceId: number }) => p.deviceId === device!.id)).toMatchObject({
      userId: user.id,
      topic: "dose-2027-06-01-0830",
      urgency: "high",
      ttl: 3600,
      payload,
    });
  });

  it("names the medications, in the account's language, only when the lock screen may show them", async () => {
    const user = await doseUser({
      timezone: "Europe/Berlin",
      locale: "de",
      showNames: true,
      medications: [
        { name: "Metformin", times: ["09:00"] },
        { name: "Ramipril", times: ["09:00"] },
      ],
    });
    const [queued] = await plan("2027-06-01T07:00:00Z");
    await deliver(queued!.body);
    const [received] = await mocks.push.received(user.devices[0]!);
    expect(received.body).toBe("Zeit für \u2068Metformin\u2069 und \u2068Ramipril\u2069");
    expect(received.actions.map((a: { title: string }) => a.title)).toEqual(["Genommen", "In 15 Min. erinnern"]);
  });

  it("exactly once per device: a doubled tick, a redelivered message and two isolates at once send one push each", async () => {
    const user = await doseUser({ timezone: "UTC", devices: 2, medications: [{ name: "Metformin", times: ["10:10"] }] });
    const first = await plan("2027-06-01T10:00:00Z");
    const doubled = await plan("2027-06-01T10:00:00Z");
    expect(doubled.map((q) => q.body)).toEqual(first.map((q) => q.body));
    await Promise.all([deliver(first[0]!.body), deliver(doubled[0]!.body)]);
    await deliver(first[0]!.body);
    for (const device of user.devices) expect(await mocks.push.received(device)).toHaveLength(1);
    // Each delivery queued the follow-up (before its claim, so a crash cannot lose it); delivered
    // twice and at once, they still make one follow-up push per device.
    const followUps = queue.pushes().filter((q) => (q.body as DosePushMessage).push === "follow-up");
    expect(followUps).toHaveLength(3);
    await Promise.all(followUps.map((q) => deliver(q.body)));
    await deliver(followUps[0]!.body);
    for (const device of user.devices) expect(await mocks.push.received(device)).toHaveLength(2);
  });

  it("sends nothing for a dose already logged, and only the unlogged ones of a shared time", async () => {
    const user = await doseUser({
      timezone: "UTC",
      medications: [
        { name: "Metformin", times: ["10:10"] },
        { name: "Ramipril", times: ["10:10"] },
      ],
    });
    const [queued] = await plan("2027-06-01T10:00:00Z");
    const log = (medicationId: number) =>
      db()
        .insert(doseEvents)
        .values({
          medicationId,
          clientId: `t-${medicationId}`,
          kind: "taken",
          localDate: "2027-06-01",
          at: "10:10",
          planned: 1,
          amount: 1,
          takenAt: 0,
          recordedAt: 0,
        });
    await log(user.medicationIds[0]!);
    await deliver(queued!.body);
    const [received] = await mocks.push.received(user.devices[0]!);
    expect(received.doses.map((d: { medicationId: number }) => d.medicationId)).toEqual([user.medicationIds[1]]);
    // Both logged now: the follow-up finds nothing to ask about.
    await log(user.medicationIds[1]!);
    const [followUp] = queue.pushes();
    await deliver(followUp!.body);
    expect(await mocks.push.received(user.devices[0]!)).toHaveLength(1);
  });

  it("one follow-up after the chosen minutes while unlogged, claimed like the first; none when the setting is off", async () => {
    const user = await doseUser({ timezone: "UTC", followUp: 15, medications: [{ name: "Metformin", times: ["10:10"] }] });
    const [queued] = await plan("2027-06-01T10:00:00Z");
    await deliver(queued!.body);
    const [followUp, ...more] = queue.take();
    expect(more).toEqual([]);
    expect(followUp!.body).toMatchObject({ push: "follow-up", claim: "follow-up", dueAt: at("2027-06-01T10:25:00Z") });
    await deliver(followUp!.body, followUp!.body);
    expect(await mocks.push.received(user.devices[0]!)).toHaveLength(2);
    expect(queue.take()).toEqual([]);

    const off = await doseUser({ timezone: "UTC", followUp: 0, medications: [{ name: "Ramipril", times: ["10:20"] }] });
    const [offQueued] = (await plan("2027-06-01T10:00:00Z")).filter((q) => q.body.userId === off.id);
    await deliver(offQueued!.body);
    expect(await mocks.push.received(off.devices[0]!)).toHaveLength(1);
    expect(queue.take()).toEqual([]);
  });

  it("a push service that answers 503 gets the push on the message's retry, and the other device only once", async () => {
    const user = await doseUser({ timezone: "UTC", devices: 2, followUp: 0, medications: [{ name: "Metformin", times: ["10:10"] }] });
    const [queued] = await plan("2027-06-01T10:00:00Z");
    mocks.push.answer(503);
    await deliver(queued!.body);
    await deliver(queued!.body);
    for (const device of user.devices) expect(await mocks.push.received(device)).toHaveLength(1);
    const claims = await db()
      .select()
      .from(dosePushClaims)
      .where(and(eq(dosePushClaims.localDate, "2027-06-01"), eq(dosePushClaims.at, "10:10")));
    expect(claims.filter((c) => user.devices.some((d) => d.id === c.deviceId))).toHaveLength(2);
  });

  it("a DST gap fires at the first instant after it; a repeated time fires once (America/New_York 2027)", async () => {
    expect(new Date(doseInstant("2027-03-14", "02:30", "America/New_York")).toISOString()).toBe("2027-03-14T07:00:00.000Z");
    expect(new Date(doseInstant("2027-11-07", "01:30", "America/New_York")).toISOString()).toBe("2027-11-07T05:30:00.000Z");
    const user = await doseUser({ timezone: "America/New_York", medications: [{ name: "Metformin", times: ["01:30", "02:30"] }] });
    const mine = (q: Array<{ body: DosePushMessage }>) =>
      q.filter((x) => x.body.userId === user.id).map((x) => `${x.body.date} ${x.body.at}`);
    // Spring forward: 02:00 EST jumps to 03:00 EDT (07:00Z); 02:30 never shows, so it goes at the jump.
    expect(mine(await plan("2027-03-14T06:00:00Z"))).toEqual(["2027-03-14 01:30"]);
    expect(mine(await plan("2027-03-14T07:00:00Z"))).toEqual(["2027-03-14 02:30"]);
    // Fall back: 01:30 shows at 05:30Z (EDT) and again at 06:30Z (EST); only the first is planned.
    expect(mine(await plan("2027-11-07T05:00:00Z"))).toEqual(["2027-11-07 01:30"]);
    expect(mine(await plan("2027-11-07T06:00:00Z"))).toEqual([]);
    expect(mine(await plan("2027-11-07T07:00:00Z"))).toEqual(["2027-11-07 02:30"]);
  });
});
