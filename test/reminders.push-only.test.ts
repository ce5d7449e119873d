import { env as bindings } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pushSubscriptions, users } from "../src/db/schema";
import { claim, dueKeysQuery } from "../src/data/reminder-claims";
import { runReminderTick } from "../src/reminders/tick";
import { db } from "./helpers";
import { at, captureQueue, consume, logRows, postmarkEnv, tick, userRow, userWithMedication } from "./reminders-fixtures";
import { newDevice, standInsPerTest, pushKeys, type Device } from "./push-fixtures";

// Push needs no e-mail address: a user who chose push is reminded at their hour whether their
// address is unconfirmed, unsubscribed or bounced, and e-mail (chosen, or the fallback of a push
// that failed for good) goes only to a confirmed, consenting address. Dates are in May 2025, apart
// from the other reminder tests'.

const env = { ...postmarkEnv, ...pushKeys, SUPPORT_EMAIL: "help@refills.example" };
const NINE = "2025-05-12T09:00:00Z";
const TEN = "2025-05-12T10:00:00Z";

const mocks = standInsPerTest();

interface Options {
  by: "email" | "push" | "both";
  confirmed?: boolean;
  consent?: boolean;
  bounced?: boolean;
  devices?: number;
  timezone?: string;
  hour?: number;
}

/** An account with one medication 2 days from running out, reminded `by`, with its devices. */
async function account({
  by,
  confirmed = true,
  consent = true,
  bounced = false,
  devices = by === "email" ? 0 : 1,
  timezone = "UTC",
  hour = 9,
}: Options) {
  const user = await userWithMedication({
    timezone,
    hour,
    savedAt: "2025-05-12T00:00:00Z",
    daysLeft: 2,
    countedOn: "2025-05-12",
    confirmed,
    consent: consent && !bounced,
  });
  await db()
    .update(users)
    .set({ remindersBy: by, ...(bounced ? { deliveryProblem: "bounced" as const, deliveryProblemAddress: user.email } : {}) })
    .where(eq(users.id, user.id));
  const made: Device[] = [];
  for (let i = 0; i < devices; i++) {
    const device = await newDevice();
    made.push(device);
    await db()
      .insert(pushSubscriptions)
      .values({
        userId: user.id,
        endpoint: device.subscription.endpoint,
        ...device.subscription.keys,
        label: "Firefox on Android",
        createdAt: at("2025-05-01T00:00:00Z"),
      });
  }
  return { ...user, devices: made };
}
const statuses = async (userId: number) => (await logRows(userId)).map((r) => [r.localDate, r.status]);

describe("push without a confirmed, consenting address", () => {
  it("push only, address unconfirmed: one push at the local hour, never an e-mail", async () => {
    const user = await account({ by: "push", confirmed: false, timezone: "America/New_York" });
    await tick("2025-05-12T12:00:00Z", env); // 08:00 EDT: not yet
    expect(mocks.push.requests).toHaveLength(0);
    await tick("2025-05-12T13:00:00Z", env); // 09:00 EDT
    expect(await mocks.push.received(user.devices[0]!)).toEqual([expect.objectContaining({ body: "1 medication needs a refill soon" })]);
    await tick("2025-05-12T14:00:00Z", env);
    expect(mocks.push.requests).toHaveLength(1);
    expect(mocks.postmark.attempted(user.email)).toBe(0);
    expect(await statuses(user.id)).toEqual([["2025-05-12", "sent"]]);
    expect((await userRow(user.id)).nextNotificationAt).toBe(at("2025-05-13T13:00:00Z"));
  });

  it("push only, unsubscribed from e-mail or bounced: still pushed, not e-mailed", async () => {
    const unsubscribed = await account({ by: "push", consent: false });
    const bounced = await account({ by: "push", bounced: true });
    await tick(NINE, env);
    for (const user of [unsubscribed, bounced]) {
      expect(mocks.push.to(user.devices[0]!)).toHaveLength(1);
      expect(mocks.postmark.attempted(user.email)).toBe(0);
      expect(await statuses(user.id)).toEqual([["2025-05-12", "sent"]]);
    }
  });

  it("'both' with an unconfirmed or unsubscribed address: the push alone, one reminder", async () => {
    const unconfirmed = await account({ by: "both", confirmed: false, devices: 2 });
    const unsubscribed = await account({ by: "both", consent: false });
    await tick(NINE, env);
    for (const user of [unconfirmed, unsubscribed]) {
      for (const device of user.devices) expect(mocks.push.to(device)).toHaveLength(1);
      expect(mocks.postmark.attempted(user.email)).toBe(0);
      expect(await statuses(user.id)).toEqual([["2025-05-12", "sent"]]);
    }
  });

  it("e-mail only with an unconfirmed or unsubscribed address: nothing, and the job does not touch the account (as before)", async () => {
    const unconfirmed = await account({ by: "email", confirmed: false });
    const unsubscribed = await account({ by: "email", consent: false });
    // Devices listed from an earlier choice of push do not make an e-mail-only account due.
    const withDevices = await account({ by: "email", confirmed: false, devices: 1 });
    await tick(NINE, env);
    await tick(TEN, env);
    expect(mocks.push.requests).toHaveLength(0);
    expect(mocks.postmark.calls).toHaveLength(0);
    for (const user of [unconfirmed, unsubscribed, withDevices]) {
      expect(await logRows(user.id)).toEqual([]);
      expect((await userRow(user.id)).nextNotificationAt).toBe(at(NINE));
    }
  });

  it("a doubled tick sends one push", async () => {
    const user = await account({ by: "push", confirmed: false });
    await Promise.all([tick(NINE, env), tick(NINE, env)]);
    await tick(NINE, env);
    expect(mocks.push.to(user.devices[0]!)).toHaveLength(1);
    expect(mocks.postmark.calls).toHaveLength(0);
    expect(await statuses(user.id)).toEqual([["2025-05-12", "sent"]]);
  });

  it("through the queue's fan-out too: each push-only user pushed once", async () => {
    const queue = captureQueue(env);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await account({ by: "push", confirmed: false }));
    const summary = await runReminderTick(env, at(NINE), { batchSize: 2, maxInlineBatches: 1 });
    expect(summary).toMatchObject({ due: 2, sent: 2, queued: 3 });
    await consume(queue.sent, env);
    await consume(queue.sent, env); // delivered twice
    for (const user of made) expect(mocks.push.to(user.devices[0]!)).toHaveLength(1);
    expect(mocks.postmark.calls).toHaveLength(0);
  });
});

describe("when the push fails for good", () => {
  it("falls back to e-mail only with a confirmed, consenting address", async () => {
    const confirmed = await account({ by: "push" });
    const unconfirmed = await account({ by: "push", confirmed: false });
    const unsubscribed = await account({ by: "push", consent: false });
    mocks.push.answer(410, 410, 410);
    await tick(NINE, env);
    expect(mocks.postmark.delivered(confirmed.email)).toBe(1);
    expect(await statuses(confirmed.id)).toEqual([["2025-05-12", "sent"]]);
    for (const user of [unconfirmed, unsubscribed]) {
      expect(mocks.postmark.attempted(user.email)).toBe(0);
      // Final for the day: nothing left to try, so not retried at the next tick.
      expect(await statuses(user.id)).toEqual([["2025-05-12", "failed"]]);
      expect((await userRow(user.id)).nextNotificationAt).toBe(at("2025-05-13T09:00:00Z"));
    }
    await tick(TEN, env);
    expect(mocks.push.requests).toHaveLength(3);
    expect(mocks.postmark.calls).toHaveLength(1);
  });

  it("with no device left and no address to e-mail: nothing sent, no log row, moved on to the day after", async () => {
    const user = await account({ by: "push", confirmed: false });
    await db().delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    const summary = await runReminderTick(env, at(NINE));
    expect(summary).toMatchObject({ due: 1, unreachable: 1, sent: 0, failed: 0 });
    expect(await logRows(user.id)).toEqual([]);
    expect((await userRow(user.id)).nextNotificationAt).toBe(at("2025-05-13T09:00:00Z"));
    // A device added later gets the next day's push at the hour, not a backlog.
    const device = await newDevice();
    await db()
      .insert(pushSubscriptions)
      .values({ userId: user.id, endpoint: device.subscription.endpoint, ...device.subscription.keys, label: null, createdAt: at(TEN) });
    await tick(TEN, env);
    expect(mocks.push.requests).toHaveLength(0);
    await tick("2025-05-13T09:00:00Z", env);
    expect(mocks.push.to(device)).toHaveLength(1);
    expect(mocks.postmark.calls).toHaveLength(0);
  });

  it("a 503 is retried at the next tick without an e-mail; on the day's last tick the day fails, still without one", async () => {
    const user = await account({ by: "push", confirmed: false });
    mocks.push.answer(503);
    await tick(NINE, env);
    expect(await statuses(user.id)).toEqual([["2025-05-12", "retry"]]);
    await tick(TEN, env);
    expect(mocks.push.to(user.devices[0]!).map((r) => r.status)).toEqual([503, 201]);
    expect(await statuses(user.id)).toEqual([["2025-05-12", "sent"]]);

    const late = await account({ by: "push", confirmed: false, hour: 23 });
    mocks.push.answer(503);
    await tick("2025-05-12T23:00:00Z", env);
    expect(await statuses(late.id)).toEqual([["2025-05-12", "failed"]]);
    expect(mocks.postmark.calls).toHaveLength(0);
  });

  it("with push off on the server, an account with no address to e-mail gets nothing and is moved on unclaimed", async () => {
    const user = await account({ by: "push", confirmed: false });
    const summary = await runReminderTick(postmarkEnv, at(NINE));
    expect(summary).toMatchObject({ due: 1, unreachable: 1 });
    expect(mocks.push.requests).toHaveLength(0);
    expect(mocks.postmark.calls).toHaveLength(0);
    expect(await logRows(user.id)).toEqual([]);
    expect((await userRow(user.id)).nextNotificationAt).toBe(at("2025-05-13T09:00:00Z"));
  });
});

describe("the due set", () => {
  it("a claim holds only while the channel the batch read still does: e-mail consent withdrawn since the read refuses it", async () => {
    const both = await account({ by: "both" });
    const request = { userId: both.id, localDate: "2025-05-12", due: at(NINE), email: true };
    await db().update(users).set({ emailConsent: false }).where(eq(users.id, both.id));
    expect(await claim(db(), at(NINE), Date.now(), [request])).toEqual(new Map());
    // Read again (not emailable now): claimed for the push.
    expect(await claim(db(), at(NINE), Date.now(), [{ ...request, email: false }])).toEqual(new Map([[both.id, 1]]));
    const emailOnly = await account({ by: "email", consent: false });
    expect(
      await claim(db(), at(NINE), Date.now(), [{ userId: emailOnly.id, localDate: "2025-05-12", due: at(NINE), email: false }]),
    ).toEqual(new Map());
  });

  it("the fan-out's keys come through the partial index, push users included", async () => {
    const query = dueKeysQuery(db(), at(NINE), { nextNotificationAt: 0, id: 0 }, 10_000).toSQL();
    const plan = await bindings.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join("\n");
    expect(details).toMatch(/USING INDEX users_next_notification_idx/);
    expect(details).not.toMatch(/TEMP B-TREE/);
  });
});
