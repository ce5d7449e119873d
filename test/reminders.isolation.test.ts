import { env as bindings } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { pushSubscriptions, users } from "../src/db/schema";
import { db } from "./helpers";
import { at, logRows, postmarkEnv, tick, userRow, userWithMedication, type ReminderUser } from "./reminders-fixtures";
import { newDevice, pushKeys, standInsPerTest, type Device } from "./push-fixtures";

// Issue 29, F1: one user's failure in the hourly job (their reminder cannot be computed: a regimen
// that does not parse, a countdown that throws) fails only that user: the other users of the batch
// are reminded once, the failure is logged without the user's data, and the user's day is left in
// 'retry' so the next tick of the same local day picks them up again (never a claim stuck at
// 'sending'). E-mail and push share the computation. Dates are in June 2025, apart from the
// other reminder tests'.

const env = { ...postmarkEnv, ...pushKeys, SUPPORT_EMAIL: "help@refills.example", REMINDER_QUEUE: undefined };
const NINE = "2025-06-16T09:00:00Z";
const TEN = "2025-06-16T10:00:00Z";
const ELEVEN = "2025-06-16T11:00:00Z";
const BROKEN = '{"changes":[{"effectiveFrom":"2025-06-01","schedule":{"type":"daily","dose":1}'; // cut off: not JSON
const HEALTHY = '{"changes":[],"pauses":[]}'; // no changes: a daily dose of pills_per_day

const mocks = standInsPerTest();

async function threeUsers(by: "email" | "push" = "email", hour = 9) {
  const made: Array<ReminderUser & { device: Device | null }> = [];
  for (let i = 0; i < 3; i++) {
    const user = await userWithMedication({ timezone: "UTC", hour, savedAt: "2025-06-16T00:00:00Z", daysLeft: 2, countedOn: "2025-06-16" });
    let device: Device | null = null;
    if (by === "push") {
      await db().update(users).set({ remindersBy: "push", pushShowNames: true }).where(eq(users.id, user.id));
      device = await newDevice();
      await db()
        .insert(pushSubscriptions)
        .values({
          userId: user.id,
          endpoint: device.subscription.endpoint,
          ...device.subscription.keys,
          label: "Firefox on Android",
          createdAt: at("2025-06-01T00:00:00Z"),
        });
    }
    made.push({ ...user, device });
  }
  return made;
}

const setRegimen = (userId: number, regimen: string) =>
  bindings.DB.prepare("UPDATE medications SET regimen = ?1 WHERE user_id = ?2").bind(regimen, userId).run();
const statuses = async (userId: number) => (await logRows(userId)).map((r) => [r.localDate, r.status, r.attempts]);

describe("F1: one user's reminder that cannot be computed fails only that user", () => {
  it("a batch of three whose middle user's regimen is malformed: the other two are e-mailed once, the middle one is retried by the next tick", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const [first, middle, last] = await threeUsers();
    await setRegimen(middle!.id, BROKEN);

    await tick(NINE, env);
    expect([first, middle, last].map((u) => mocks.postmark.delivered(u!.email))).toEqual([1, 0, 1]);
    expect(await statuses(middle!.id)).toEqual([["2025-06-16", "retry", 1]]);
    expect((await logRows(middle!.id))[0]!.error).toBe("could not build the reminder (SyntaxError)");
    expect((await userRow(middle!.id)).nextNotificationAt).toBe(at(NINE)); // still due: not moved to tomorrow
    for (const user of [first!, last!]) expect(await statuses(user.id)).toEqual([["2025-06-16", "sent", 1]]);
    // Logged without the user's data: no medication name, no stored text, no address.
    const logged = errors.mock.calls.flat().join("\n");
    expect(logged).toContain(`user ${middle!.id}`);
    expect(logged).not.toMatch(/Metformin|changes|effectiveFrom|@example\.com/);

    // The next tick claims the day again (still broken: 'retry' again); nobody else is e-mailed twice.
    await tick(TEN, env);
    expect(await statuses(middle!.id)).toEqual([["2025-06-16", "retry", 2]]);
    // Repaired: the tick after that sends it, once.
    await setRegimen(middle!.id, HEALTHY);
    await tick(ELEVEN, env);
    expect([first, middle, last].map((u) => mocks.postmark.delivered(u!.email))).toEqual([1, 1, 1]);
    expect(await statuses(middle!.id)).toEqual([["2025-06-16", "sent", 3]]);
    expect((await userRow(middle!.id)).nextNotificationAt).toBe(at("2025-06-17T09:00:00Z"));
  });

  it("at the last tick of the user's local day the failure is final: 'failed', and the reminder moves on to tomorrow", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const [first, middle, last] = await threeUsers("email", 23);
    await setRegimen(middle!.id, BROKEN);
    await tick("2025-06-16T23:00:00Z", env);
    expect([first, middle, last].map((u) => mocks.postmark.delivered(u!.email))).toEqual([1, 0, 1]);
    expect(await statuses(middle!.id)).toEqual([["2025-06-16", "failed", 1]]);
    expect((await userRow(middle!.id)).nextNotificationAt).toBe(at("2025-06-17T23:00:00Z"));
  });

  it("the push path shares the computation: three push-only users, the middle one malformed, the other two pushed once and the middle retried", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const [first, middle, last] = await threeUsers("push");
    await setRegimen(middle!.id, BROKEN);
    await tick(NINE, env);
    for (const user of [first!, last!]) {
      expect(await mocks.push.received(user.device!)).toEqual([expect.objectContaining({ body: expect.stringContaining("Metformin") })]);
      expect(await statuses(user.id)).toEqual([["2025-06-16", "sent", 1]]);
    }
    expect(mocks.push.to(middle!.device!)).toHaveLength(0);
    expect(await statuses(middle!.id)).toEqual([["2025-06-16", "retry", 1]]);

    await setRegimen(middle!.id, HEALTHY);
    await tick(TEN, env);
    expect(await mocks.push.received(middle!.device!)).toHaveLength(1);
    for (const user of [first!, last!]) expect(mocks.push.to(user.device!)).toHaveLength(1);
    expect(await statuses(middle!.id)).toEqual([["2025-06-16", "sent", 2]]);
  });
});
