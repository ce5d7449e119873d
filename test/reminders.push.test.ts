import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pushSubscriptions, reminderLog, users } from "../src/db/schema";
import { withinBudget } from "../src/reminders/budget";
import { isolate } from "../src/i18n/Rich";
import { db } from "./helpers";
import { addMedication, at, logRows, makeUser, postmarkEnv, tick, userWithMedication } from "./reminders-fixtures";
import { newDevice, standInsPerTest, pushKeys, vapidClaims, type Device } from "./push-fixtures";

// The daily reminder by Web Push: sent by the hourly job to the push service (the outbound fetch,
// answered here), decrypted with the device's own keys, with the e-mail's exactly-once guarantees.

const env = { ...postmarkEnv, ...pushKeys, SUPPORT_EMAIL: "help@refills.example" };
const NINE = "2025-03-10T09:00:00Z";
const TEN = "2025-03-10T10:00:00Z";

const mocks = standInsPerTest();

async function pushUser(options: { by?: "push" | "both"; showNames?: boolean; locale?: string; devices?: number; daysLeft?: number } = {}) {
  const user = await userWithMedication({
    timezone: "UTC",
    hour: 9,
    savedAt: "2025-03-10T00:00:00Z",
    daysLeft: options.daysLeft ?? 2,
    countedOn: "2025-03-10",
    locale: options.locale ?? null,
  });
  await db()
    .update(users)
    .set({ remindersBy: options.by ?? "push", pushShowNames: options.showNames ?? false })
    .where(eq(users.id, user.id));
  const devices: Device[] = [];
  for (let i = 0; i < (options.devices ?? 1); i++) {
    const device = await newDevice();
    devices.push(device);
    await db()
      .insert(pushSubscriptions)
      .values({
        userId: user.id,
        endpoint: device.subscription.endpoint,
        ...device.subscription.keys,
        label: "Chrome on Android",
        createdAt: at("2025-03-01T00:00:00Z"),
      });
  }
  return { ...user, devices };
}
const subscriptionIds = async (userId: number) =>
  (await db().select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).map((r) => r.id);

describe("reminders by push", () => {
  it("sends one encrypted push the device can read, with VAPID, TTL 12 h, normal urgency and a per-user topic; no e-mail", async () => {
    const user = await pushUser();
    const [device] = user.devices as [Device];
    const before = Math.floor(Date.now() / 1000);
    await tick(NINE, env);

    expect(mocks.push.to(device)).toHaveLength(1);
    const [request] = mocks.push.to(device) as [(typeof mocks.push.requests)[number]];
    expect(await mocks.push.received(device)).toEqual([
      { title: "Refill reminder", body: "1 medication needs a refill soon", url: "/", tag: "refill-reminder", lang: "en" },
    ]);
    expect(request.headers.get("TTL")).toBe("43200");
    expect(request.headers.get("Urgency")).toBe("normal");
    expect(request.headers.get("Topic")).toBe(`reminder-${user.id}`);
    expect(request.headers.get("Content-Encoding")).toBe("aes128gcm");
    const claims = await vapidClaims(request.headers.get("Authorization"));
    expect(claims.aud).toBe("https://fcm.googleapis.com");
    expect(claims.sub).toBe("mailto:help@refills.example");
    expect(claims.k).toBe(pushKeys.VAPID_PUBLIC_KEY);
    expect(claims.exp).toBeGreaterThan(before);
    expect(claims.exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 24 * 3600);

    expect(mocks.postmark.attempted(user.email)).toBe(0);
    expect((await logRows(user.id)).map((r) => [r.status, r.pushState])).toEqual([
      ["sent", { sent: await subscriptionIds(user.id), failed: [] }],
    ]);
  });

  it("names the medications, in the account's language, only when the account allows it on the lock screen", async () => {
    const user = await pushUser({ showNames: true, locale: "de" });
    await addMedication(user.id, { name: "Lisinopril", pillsRemaining: 1, countedOn: "2025-03-10" });
    await tick(NINE, env);
    const [message] = await mocks.push.received(user.devices[0]!);
    expect(message.title).toBe("Nachbestell-Erinnerung");
    expect(message.body).toBe(`Bald nachbestellen: ${isolate("Lisinopril")} und ${isolate("Metformin")}`);
    expect(message.lang).toBe("de");

    const generic = await pushUser({ locale: "de" });
    await addMedication(generic.id, { name: "Lisinopril", pillsRemaining: 1, countedOn: "2025-03-10" });
    await tick(TEN.replace("10:00", "09:00"), env);
    const [hidden] = await mocks.push.received(generic.devices[0]!);
    expect(hidden.body).toBe("2 Medikamente müssen bald nachbestellt werden");
    expect(JSON.stringify(hidden)).not.toContain("Lisinopril");
  });

  it("'both': one e-mail and one push per device, one reminder in the log", async () => {
    const user = await pushUser({ by: "both", devices: 2 });
    await tick(NINE, env);
    expect(mocks.postmark.delivered(user.email)).toBe(1);
    for (const device of user.devices) expect(await mocks.push.received(device)).toHaveLength(1);
    expect((await logRows(user.id)).map((r) => r.status)).toEqual(["sent"]);
  });

  it("a doubled tick sends one push", async () => {
    const user = await pushUser();
    await Promise.all([tick(NINE, env), tick(NINE, env)]);
    await tick(NINE, env);
    expect(mocks.push.to(user.devices[0]!)).toHaveLength(1);
    expect(mocks.postmark.attempted(user.email)).toBe(0);
  });

  it("410 deletes the subscription and, with no other device reached, the reminder falls back to e-mail", async () => {
    const user = await pushUser();
    mocks.push.answer(410);
    await tick(NINE, env);
    expect(await subscriptionIds(user.id)).toEqual([]);
    expect(mocks.postmark.delivered(user.email)).toBe(1);
    expect((await logRows(user.id)).map((r) => r.status)).toEqual(["sent"]);
    // Next day: no device left, e-mail again.
    await tick("2025-03-11T09:00:00Z", env);
    expect(mocks.push.requests).toHaveLength(1);
    expect(mocks.postmark.delivered(user.email)).toBe(2);
  });

  it("404 deletes too; a device that got it keeps the day from falling back to e-mail", async () => {
    const user = await pushUser({ devices: 2 });
    mocks.push.answer(201, 404);
    await tick(NINE, env);
    expect(await subscriptionIds(user.id)).toHaveLength(1);
    expect(mocks.postmark.attempted(user.email)).toBe(0);
  });

  it("503 keeps the subscription and retries at the next tick, to that device only; never a second push to one that got it", async () => {
    const user = await pushUser({ devices: 2 });
    const [first, second] = user.devices as [Device, Device];
    mocks.push.answer(201, 503);
    await tick(NINE, env);
    expect(await subscriptionIds(user.id)).toHaveLength(2);
    expect((await logRows(user.id)).map((r) => r.status)).toEqual(["retry"]);
    expect(mocks.postmark.attempted(user.email)).toBe(0);

    await tick(TEN, env);
    expect(await mocks.push.received(first)).toHaveLength(1);
    expect(mocks.push.to(first)).toHaveLength(1);
    expect(mocks.push.to(second).map((r) => r.status)).toEqual([503, 201]);
    expect((await logRows(user.id)).map((r) => r.status)).toEqual(["sent"]);
    await tick("2025-03-10T11:00:00Z", env);
    expect(mocks.push.requests).toHaveLength(3);
  });

  it("429 on the day's last tick: the device fails for the day and the reminder falls back to e-mail", async () => {
    const user = await pushUser();
    await db()
      .update(users)
      .set({ notificationHour: 23, nextNotificationAt: at("2025-03-10T23:00:00Z") })
      .where(eq(users.id, user.id));
    mocks.push.answer(429);
    await tick("2025-03-10T23:00:00Z", env);
    expect(await subscriptionIds(user.id)).toHaveLength(1);
    expect(mocks.postmark.delivered(user.email)).toBe(1);
    expect((await logRows(user.id)).map((r) => r.status)).toEqual(["sent"]);
  });

  it("413 is logged as our bug, keeps the device and falls back to e-mail", async () => {
    const user = await pushUser();
    mocks.push.answer(413);
    await tick(NINE, env);
    expect(await subscriptionIds(user.id)).toHaveLength(1);
    expect(mocks.postmark.delivered(user.email)).toBe(1);
    // Not retried: the state records the device as failed for the day.
    await tick(TEN, env);
    expect(mocks.push.requests).toHaveLength(1);
  });

  it("a claim taken over from an attempt that died mid-send pushes nothing again (it may have arrived)", async () => {
    const user = await pushUser();
    await db()
      .insert(reminderLog)
      .values({
        userId: user.id,
        localDate: "2025-03-10",
        status: "sending",
        attempts: 1,
        updatedAt: at("2025-03-10T08:00:00Z"),
        pushState: { sent: [], failed: [] },
      });
    await tick(TEN, env);
    expect(mocks.push.requests).toHaveLength(0);
    expect(mocks.postmark.attempted(user.email)).toBe(0);
    expect((await logRows(user.id)).map((r) => r.status)).toEqual(["failed"]);
  });

  it("with push off on the server, a push-only account gets the e-mail", async () => {
    const user = await pushUser();
    await tick(NINE, postmarkEnv);
    expect(mocks.push.requests).toHaveLength(0);
    expect(mocks.postmark.delivered(user.email)).toBe(1);
  });

  it("e-mail-only accounts are not pushed even with devices listed", async () => {
    const user = await pushUser({ by: "both" });
    await db().update(users).set({ remindersBy: "email" }).where(eq(users.id, user.id));
    await tick(NINE, env);
    expect(mocks.push.requests).toHaveLength(0);
    expect(mocks.postmark.delivered(user.email)).toBe(1);
  });
});

describe("subrequest budget", () => {
  const due = (pushDevices: number, n: number) => Array.from({ length: n }, () => ({ pushDevices }));
  it("400 e-mail users fit one batch (804); users with 10 devices make it smaller, never over", () => {
    expect(withinBudget(due(0, 400))).toHaveLength(400);
    // 5 statements + 66 × (2 + 10) = 797 ≤ 804
    expect(withinBudget(due(10, 400))).toHaveLength(66);
    expect(withinBudget(due(1, 400))).toHaveLength(266);
    expect(withinBudget([{ pushDevices: 10 }])).toHaveLength(1);
  });

  it("push users with ten devices and an e-mail user in one tick: every device pushed once, nothing else sent", async () => {
    const many = [];
    for (let i = 0; i < 3; i++) many.push(await pushUser({ devices: 10 }));
    const none = await makeUser({ timezone: "UTC", hour: 9, savedAt: "2025-03-10T00:00:00Z" });
    await tick(NINE, env);
    for (const user of many) for (const device of user.devices) expect(mocks.push.to(device)).toHaveLength(1);
    expect(mocks.postmark.attempted(none.email)).toBe(0);
  });
});
