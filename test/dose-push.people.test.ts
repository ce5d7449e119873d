import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { doseEvents, medications, memberships, people, type Role } from "../src/db/schema";
import { runDosePlan } from "../src/reminders/dose-push-plan";
import type { DosePushMessage } from "../src/reminders/dose-push-queue";
import { doseActionRequest, readDosePush } from "../src/shared/dose-push";
import { call, db, signUp } from "./helpers";
import { captureDoseQueue, deliver, doseEnv, doseUser } from "./dose-push-fixtures";
import { standInsPerTest } from "./push-fixtures";
import { at, deleteCreatedPeople, deleteCreatedUsers, trackUsers } from "./reminders-fixtures";

// Dose-time pushes for a person without an account ("Dad"): each member who gets Dad's daily
// reminder (owner, manager, helper; a viewer with remind_me) gets a push on their own devices at
// Dad's dose times, naming Dad, once per device. Its Taken logs on Dad's medication through
// /api/profiles/{Dad}/doses and its Snooze through /api/profiles/{Dad}/doses/snooze, where the
// membership is checked again; its body opens /p/{Dad}/doses/confirm; a viewer's push has no buttons.

const mocks = standInsPerTest();
let queue: ReturnType<typeof captureDoseQueue>;
const made: number[] = [];
beforeEach(() => {
  queue = captureDoseQueue();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at(TICK) + 5_000);
});
afterEach(async () => {
  queue.restore();
  vi.useRealTimers();
  await deleteCreatedUsers();
  await deleteCreatedPeople(made);
});

const TICK = "2027-06-01T08:00:00Z";

/** A signed-up account with one push device (in UTC), and no medications of its own. */
async function member(options: { showNames?: boolean } = {}) {
  const account = await signUp();
  trackUsers([account.id]);
  const user = await doseUser({ userId: account.id, timezone: "UTC", medications: [], showNames: options.showNames });
  return { ...account, device: user.devices[0]! };
}

/** "Dad", owned by `owner`, taking Warfarin at 08:30. */
async function dadOf(owner: { id: number }) {
  const [dad] = await db()
    .insert(people)
    .values({ name: "Dad", createdAt: at(TICK) })
    .returning({ id: people.id });
  made.push(dad!.id);
  await join(dad!.id, owner.id, "owner");
  const regimen = {
    changes: [{ effectiveFrom: "2020-01-01", schedule: { type: "daily", dose: 1, times: [{ at: "08:30", dose: 1 }] } }],
    pauses: [],
  };
  const [row] = await db()
    .insert(medications)
    .values({
      userId: owner.id,
      personId: dad!.id,
      name: "Warfarin",
      pillsPerDay: 1,
      pillsRemaining: 500,
      countedOn: "2020-01-01",
      pillsPerRefill: 30,
      regimen: JSON.stringify(regimen),
    })
    .returning({ id: medications.id });
  return { id: dad!.id, medicationId: row!.id };
}

const join = (personId: number, userId: number, role: Role, remindMe = false) =>
  db()
    .insert(memberships)
    .values({ personId, userId, role, remindMe, createdAt: at(TICK) });

/** The plan's pushes for these accounts. */
async function plan(userIds: number[]) {
  await runDosePlan(doseEnv, { kind: "dose-plan", scheduledTime: at(TICK), afterUserId: 0 });
  return queue
    .take()
    .map((q) => q.body)
    .filter((b): b is DosePushMessage => b.kind === "dose-push" && userIds.includes(b.userId));
}

describe("dose pushes for a person without an account", () => {
  it("owner and manager devices get 'Dad: time for …' once each; a viewer without remind_me gets nothing; Taken logs on Dad's medication", async () => {
    const owner = await member();
    const manager = await member({ showNames: true });
    const viewer = await member();
    const dad = await dadOf(owner);
    await join(dad.id, manager.id, "manager");
    await join(dad.id, viewer.id, "viewer", false);

    const queued = await plan([owner.id, manager.id, viewer.id]);
    expect(queued.map((b) => [b.userId, b.at, b.person]).sort()).toEqual(
      [
        [owner.id, "08:30", dad.id],
        [manager.id, "08:30", dad.id],
      ].sort(),
    );
    // Delivered twice: still one push per device.
    for (const body of [...queued, ...queued]) await deliver(body);

    const [toOwner, ...moreOwner] = await mocks.push.received(owner.device);
    const [toManager, ...moreManager] = await mocks.push.received(manager.device);
    expect([moreOwner, moreManager]).toEqual([[], []]);
    expect(await mocks.push.received(viewer.device)).toEqual([]);
    expect(toOwner.body).toBe("\u2068Dad\u2069: time for a dose");
    expect(toManager.body).toBe("\u2068Dad\u2069: time for \u2068Warfarin\u2069");
    expect(toManager.doses.map((d: { medicationId: number }) => d.medicationId)).toEqual([dad.medicationId]);
    expect(toManager.actions.map((a: { action: string }) => a.action)).toEqual(["taken", "snooze"]);

    // The manager's Taken, as the service worker sends it, logs on Dad's medication.
    vi.setSystemTime(at("2027-06-01T08:31:00Z"));
    const request = doseActionRequest("taken", readDosePush(toManager)!);
    expect(request.path).toBe(`/api/profiles/${dad.id}/doses`);
    const res = await call("POST", request.path, { cookie: manager.cookie, env: doseEnv, body: request.body });
    expect(res.status, res.text).toBeLessThan(300);
    const logged = await db().select().from(doseEvents).where(eq(doseEvents.medicationId, dad.medicationId));
    expect(logged.map((e) => [e.localDate, e.at, e.kind])).toEqual([["2027-06-01", "08:30", "taken"]]);
  });

  it("a viewer with remind_me gets the push without a Taken button, and a stranger replaying its Taken is refused", async () => {
    const owner = await member();
    const viewer = await member();
    const stranger = await member();
    const dad = await dadOf(owner);
    await join(dad.id, viewer.id, "viewer", true);
    const queued = await plan([viewer.id]);
    expect(queued.map((b) => b.person)).toEqual([dad.id]);
    await deliver(queued[0]!);
    const [received] = await mocks.push.received(viewer.device);
    expect(received.body).toBe("\u2068Dad\u2069: time for a dose");
    expect(received.actions).toEqual([]);
    vi.setSystemTime(at("2027-06-01T08:31:00Z"));
    const request = doseActionRequest("taken", readDosePush(received)!);
    for (const who of [viewer, stranger]) {
      const res = await call("POST", request.path, { cookie: who.cookie, env: doseEnv, body: request.body });
      expect(res.status).toBe(who === viewer ? 403 : 404);
    }
    expect(await db().select().from(doseEvents).where(eq(doseEvents.medicationId, dad.medicationId))).toEqual([]);
  });

  it("a member removed after the plan gets nothing when the push comes due", async () => {
    const owner = await member();
    const helper = await member();
    const dad = await dadOf(owner);
    await join(dad.id, helper.id, "helper");
    const queued = await plan([helper.id]);
    expect(queued).toHaveLength(1);
    await db()
      .delete(memberships)
      .where(and(eq(memberships.personId, dad.id), eq(memberships.userId, helper.id)));
    await deliver(queued[0]!);
    expect(await mocks.push.received(helper.device)).toEqual([]);
  });
});

describe("Snooze and the confirm page of a push about Dad", () => {
  it("a helper's push opens Dad's confirm page; its Snooze (where the service worker sends it): 202, one push about Dad 15 minutes later to the same device, named the same, once for a doubled tap, replacing the follow-up", async () => {
    const owner = await member();
    const helper = await member({ showNames: true });
    const dad = await dadOf(owner);
    await join(dad.id, helper.id, "helper");
    const [first, ...others] = await plan([helper.id]);
    expect(others).toEqual([]);
    await deliver(first!);
    const [pushed] = await mocks.push.received(helper.device);
    expect(pushed.url).toBe(`/p/${dad.id}/doses/confirm?date=2027-06-01&at=08:30`);
    expect(pushed.actions.map((a: { action: string }) => a.action)).toEqual(["taken", "snooze"]);
    const [followUp, ...moreQueued] = queue.take();
    expect(moreQueued).toEqual([]);
    expect(followUp!.body).toMatchObject({ push: "follow-up", person: dad.id });

    // A doubled tap at 08:31: two 202s, two messages with one claim.
    vi.setSystemTime(at("2027-06-01T08:31:00Z"));
    const request = doseActionRequest("snooze", readDosePush(pushed)!);
    expect(request.path).toBe(`/api/profiles/${dad.id}/doses/snooze`);
    for (let tap = 0; tap < 2; tap++) {
      const res = await call("POST", request.path, { cookie: helper.cookie, env: doseEnv, body: request.body });
      expect(res.status, res.text).toBe(202);
    }
    const snoozes = queue.take();
    expect(snoozes.map((q) => [q.body, q.delaySeconds])).toEqual(
      Array.from({ length: 2 }, () => [
        expect.objectContaining({ push: "snooze", userId: helper.id, person: dad.id, date: "2027-06-01", at: "08:30" }),
        900,
      ]),
    );
    vi.setSystemTime(at("2027-06-01T08:46:00Z"));
    await deliver(...snoozes.map((q) => q.body));
    // The follow-up comes due at 09:00 and finds its claim taken by the snooze.
    vi.setSystemTime(at("2027-06-01T09:00:00Z"));
    await deliver(followUp!.body);
    const received = await mocks.push.received(helper.device);
    expect(received).toHaveLength(2);
    expect(received[1]).toMatchObject({ body: pushed.body, url: pushed.url, tag: pushed.tag, person: dad.id, actions: pushed.actions });
    expect(await mocks.push.received(owner.device)).toEqual([]);
  });

  it("Snooze under Dad: a viewer is 403, a stranger 404, and neither queues anything", async () => {
    const owner = await member();
    const viewer = await member();
    const stranger = await member();
    const dad = await dadOf(owner);
    await join(dad.id, viewer.id, "viewer", true);
    vi.setSystemTime(at("2027-06-01T08:31:00Z"));
    for (const [who, status, code] of [
      [viewer, 403, "error_profile_forbidden"],
      [stranger, 404, "error_profile_not_found"],
    ] as const) {
      const res = await call("POST", `/api/profiles/${dad.id}/doses/snooze`, {
        cookie: who.cookie,
        env: doseEnv,
        body: { date: "2027-06-01", at: "08:30" },
      });
      expect([res.status, res.body.code]).toEqual([status, code]);
    }
    expect(queue.take()).toEqual([]);
  });

  it("Snooze under a person with an account of their own (whose pushes go to their devices, not a helper's): 400, nothing queued", async () => {
    const mum = await member();
    const helper = await member();
    const [own] = await db().select({ id: people.id }).from(people).where(eq(people.accountUserId, mum.id));
    await join(own!.id, helper.id, "helper");
    await db()
      .insert(medications)
      .values({
        userId: mum.id,
        personId: own!.id,
        name: "Metformin",
        pillsPerDay: 1,
        pillsRemaining: 50,
        countedOn: "2020-01-01",
        pillsPerRefill: 30,
        regimen: JSON.stringify({
          changes: [{ effectiveFrom: "2020-01-01", schedule: { type: "daily", dose: 1, times: [{ at: "08:30", dose: 1 }] } }],
          pauses: [],
        }),
      });
    vi.setSystemTime(at("2027-06-01T08:31:00Z"));
    const body = { date: "2027-06-01", at: "08:30" };
    const theirs = await call("POST", `/api/profiles/${own!.id}/doses/snooze`, { cookie: helper.cookie, env: doseEnv, body });
    expect([theirs.status, theirs.body.code]).toEqual([400, "error_dose_push_nothing_due"]);
    expect(queue.take()).toEqual([]);
    // Mum's own Snooze of her own push, prefixed or not, is hers (no person in the message).
    const mine = await call("POST", `/api/profiles/${own!.id}/doses/snooze`, { cookie: mum.cookie, env: doseEnv, body });
    expect(mine.status, mine.text).toBe(202);
    const [queued] = queue.take();
    expect(queued!.body).toMatchObject({ userId: mum.id, push: "snooze" });
    expect(queued!.body).not.toHaveProperty("person");
  });
});
