import { expect, vi } from "vitest";
import type { Medication } from "../src/domain/medications";
import type { DosePushMessage } from "../src/reminders/dose-push-queue";
import { type DoseAction, doseActionRequest, readDosePush } from "../src/shared/dose-push";
import { captureDoseQueue, deliver, doseEnv } from "./dose-push-fixtures";
import { type Account, call, createPharmacy, signUp } from "./helpers";
import { type Device, mockPushService, newDevice } from "./push-fixtures";
import { at, mockPostmark, tick } from "./reminders-fixtures";

// The acceptance story's world (test/doses.acceptance.test.ts): one patient's clock (Date faked, set
// step by step), the Worker's own hourly tick and queue consumer, the push service and Postmark at
// the fetch boundary, and REMINDER_QUEUE captured so the story delivers each message at its minute.

/** St John's wall clock: NST (UTC−3:30) until 14 March 2027 02:00, NDT (UTC−2:30) from 03:00. */
export const stJohns = (date: string, time: string) =>
  Date.parse(`${date}T${time}:00${`${date}T${time}` < "2027-03-14T02:00" ? "-03:30" : "-02:30"}`);

export const setNow = (instant: number) => vi.setSystemTime(instant);

export type Queued = { body: DosePushMessage; delaySeconds: number | undefined };

/** Everything stood in for, from `now` on; `close` puts it all back. */
export function openWorld(now: number) {
  vi.useFakeTimers({ toFake: ["Date"], now });
  const postmark = mockPostmark();
  const push = mockPushService();
  const queue = captureDoseQueue();
  return {
    push,
    queue,
    close() {
      queue.restore();
      push.restore();
      postmark.restore();
      vi.useRealTimers();
    },
  };
}
export type World = ReturnType<typeof openWorld>;

/** The patient as the story needs them: the session, the phone, and the API in their name. */
export async function patientDevice(world: World, account: Account) {
  const device: Device = await newDevice();
  const api = (method: string, path: string, body?: unknown) => call(method, path, { cookie: account.cookie, env: doseEnv, body });
  const subscribed = await api("POST", "/api/push/subscriptions", device.subscription);
  expect(subscribed.status, subscribed.text).toBe(201);
  const deviceId: number = subscribed.body.id;

  /** The Cron Trigger fires at `iso`; its plan message reaches the consumer 5 s later. Answers the pushes it queued. */
  async function hourlyTick(iso: string): Promise<Queued[]> {
    setNow(at(iso));
    await tick(iso, doseEnv);
    const plans = world.queue.take();
    // The missed-dose plan goes beside it (no member watches anyone here).
    expect(plans.map((q) => q.body.kind as string)).toEqual(["dose-plan", "missed-plan"]);
    setNow(at(iso) + 5_000);
    await deliver(plans[0]!.body);
    const queued = world.queue.take() as Queued[];
    expect(queued.every((q) => q.body.kind === "dose-push" && q.body.userId === account.id)).toBe(true);
    return queued;
  }

  /** The queue hands `message` to the consumer at its minute: what the phone got, and what was queued next. */
  async function arrive(message: DosePushMessage) {
    setNow(message.dueAt);
    const before = (await world.push.received(device)).length;
    await deliver(message);
    return { received: (await world.push.received(device)).slice(before), queued: world.queue.take() as Queued[] };
  }

  /** A button on the notification, at `instant`: the service worker's own request (islands/sw/dose-push.ts). */
  async function tap(action: DoseAction, payload: unknown, instant: number) {
    setNow(instant);
    const push = readDosePush(payload);
    expect(push, "the service worker accepts the payload").not.toBeNull();
    const request = doseActionRequest(action, push!);
    return api("POST", request.path, request.body);
  }

  /** Taps on the Today screen at `instant`: POST /api/doses with fresh clientIds, as islands/doses/queue.ts sends them. */
  async function today(instant: number, doses: Array<Record<string, unknown>>) {
    setNow(instant);
    const res = await api("POST", "/api/doses", { doses: doses.map((d) => ({ clientId: crypto.randomUUID(), ...d })) });
    expect(res.status, res.text).toBe(200);
    return res;
  }

  /** Each medication's [pillsRemaining, daysLeft, runsOutOn], by name, as the dashboard's list reads them. */
  async function counts() {
    const list = (await api("GET", "/api/medications")).body as Medication[];
    return Object.fromEntries(list.map((x) => [x.name, [x.pillsRemaining, x.daysLeft, x.runsOutOn]]));
  }

  return { api, device, deviceId, hourlyTick, arrive, tap, today, counts };
}

/**
 * A patient registered through the API (health-data consent given) who lives in St John's, with
 * dose reminders on `settings`' terms, a phone subscribed to push, and `add` for her medications.
 */
export async function stJohnsPatient(world: World, settings: { pushShowNames: boolean; doseFollowUpMinutes: number }) {
  const account = await signUp();
  const saved = await call("PATCH", "/api/notifications/settings", {
    cookie: account.cookie,
    env: doseEnv,
    body: { notificationDays: 7, emailConsent: true, timezone: "America/St_Johns", notificationHour: 9, doseReminders: true, ...settings },
  });
  expect(saved.status, saved.text).toBe(200);
  const phone = await patientDevice(world, account);
  const pharmacy = await createPharmacy(account);
  const ids: Record<string, number> = {};
  /** Adds a medication through the API; answers its id (also kept in `ids` by name). */
  const add = async (body: Record<string, unknown>): Promise<number> => {
    const res = await phone.api("POST", "/api/medications", { pharmacyId: pharmacy.id, pillsPerRefill: 30, lastRefillDate: null, ...body });
    expect(res.status, res.text).toBe(201);
    ids[res.body.name] = res.body.id;
    return res.body.id;
  };
  /** A dose write's or undo's answered counts, by name, as [pillsRemaining, daysLeft, runsOutOn]. */
  const answered = (res: { body: { medications: Array<{ id: number; pillsRemaining: number; daysLeft: number; runsOutOn: string }> } }) =>
    Object.fromEntries(
      res.body.medications.map((x) => [Object.keys(ids).find((name) => ids[name] === x.id), [x.pillsRemaining, x.daysLeft, x.runsOutOn]]),
    );
  return { account, phone, ids, add, answered };
}
