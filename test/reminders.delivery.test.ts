import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { notifications, reminderLog, users } from "../src/db/schema";
import { MISSING_SECRET_MESSAGE } from "../src/mail/unsubscribe";
import { dueUsersQuery } from "../src/data/reminder-claims";
import { db, uniqueName } from "./helpers";
import {
  addMedication,
  at,
  deleteCreatedUsers,
  logRows,
  makeUser,
  mockPostmark,
  postmarkEnv,
  tick,
  trackUsers,
  userRow,
  userWithMedication,
} from "./reminders-fixtures";

// What happens to an e-mail once it is due: Postmark's answers (mocked at fetch), retries within
// the local day, permanent rejections, the records kept, and batches of at most 500.

let postmark: ReturnType<typeof mockPostmark>;
let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  postmark = mockPostmark();
  errors = vi.spyOn(console, "error");
});
afterEach(async () => {
  postmark.restore();
  errors.mockRestore();
  await deleteCreatedUsers();
});

const loggedAbout = (userId: number) =>
  errors.mock.calls.map((args: unknown[]) => args.join(" ")).filter((line: string) => line.includes(`user ${userId}:`));

describe("provider outages are retried on later ticks of the same local day", () => {
  it("500, 503, 429 and a network error, then success: one e-mail, five attempts, each failure logged", async () => {
    const user = await userWithMedication({
      timezone: "UTC",
      hour: 9,
      savedAt: "2025-03-01T00:00:00Z",
      daysLeft: 2,
      countedOn: "2025-03-01",
    });
    postmark.answer(500, 503, 429, "network");
    for (const [hour, attempts] of [
      ["09", 1],
      ["10", 2],
      ["11", 3],
      ["12", 4],
    ] as const) {
      await tick(`2025-03-01T${hour}:00:00Z`);
      expect(await logRows(user.id)).toMatchObject([
        { localDate: "2025-03-01", status: "retry", attempts, error: expect.stringMatching(/Postmark/) },
      ]);
      expect((await userRow(user.id)).nextNotificationAt).toBe(at("2025-03-01T09:00:00Z")); // still due
    }
    await tick("2025-03-01T13:00:00Z");
    expect(await logRows(user.id)).toMatchObject([{ status: "sent", attempts: 5, error: null }]);
    expect(postmark.attempted(user.email)).toBe(5);
    expect(postmark.delivered(user.email)).toBe(1);
    expect((await userRow(user.id)).nextNotificationAt).toBe(at("2025-03-02T09:00:00Z"));
    expect(loggedAbout(user.id)).toHaveLength(4);
    await tick("2025-03-01T14:00:00Z");
    expect(postmark.attempted(user.email)).toBe(5);
  });

  it("gives up when the local day ends before the next tick: marked failed, logged, tomorrow goes ahead", async () => {
    const user = await userWithMedication({
      timezone: "America/Chicago",
      hour: 22,
      savedAt: "2025-03-01T12:00:00Z",
      daysLeft: 2,
      countedOn: "2025-03-01",
    });
    postmark.answer(503, 500);
    await tick("2025-03-02T04:00:00Z"); // 22:00 CST: the 23:00 tick is still the same day
    expect(await logRows(user.id)).toMatchObject([{ status: "retry" }]);
    await tick("2025-03-02T05:00:00Z"); // 23:00 CST: the next tick would be tomorrow
    expect(await logRows(user.id)).toMatchObject([
      { localDate: "2025-03-01", status: "failed", attempts: 2, error: expect.stringContaining("500") },
    ]);
    expect(loggedAbout(user.id).at(-1)).toMatch(/failed and the local day ends/);
    expect((await userRow(user.id)).nextNotificationAt).toBe(at("2025-03-03T04:00:00Z"));
    await tick("2025-03-02T06:00:00Z");
    expect(postmark.attempted(user.email)).toBe(2);
    await tick("2025-03-03T04:00:00Z");
    expect(postmark.delivered(user.email)).toBe(1);
  });
});

describe("an invocation that died mid-send", () => {
  it("leaves its claim in 'sending'; the next tick takes it over once stale, and sends", async () => {
    const user = await userWithMedication({
      timezone: "UTC",
      hour: 9,
      savedAt: "2025-03-01T00:00:00Z",
      daysLeft: 2,
      countedOn: "2025-03-01",
    });
    await db()
      .insert(reminderLog)
      .values({ userId: user.id, localDate: "2025-03-01", status: "sending", attempts: 1, updatedAt: at("2025-03-01T09:00:00Z") });
    await tick("2025-03-01T09:00:00Z"); // the same tick again: the claim is fresh, not taken
    expect(postmark.calls).toHaveLength(0);
    expect((await userRow(user.id)).nextNotificationAt).toBe(at("2025-03-01T09:00:00Z"));
    await tick("2025-03-01T10:00:00Z");
    expect(postmark.delivered(user.email)).toBe(1);
    expect(await logRows(user.id)).toMatchObject([{ status: "sent", attempts: 2 }]);
  });
});

describe("permanent rejections are recorded and not retried", () => {
  it("422 with ErrorCode 406 (inactive recipient)", async () => {
    const user = await userWithMedication({
      timezone: "UTC",
      hour: 9,
      savedAt: "2025-03-01T00:00:00Z",
      daysLeft: 2,
      countedOn: "2025-03-01",
    });
    postmark.answer({ status: 422, errorCode: 406 });
    await tick("2025-03-01T09:00:00Z");
    await tick("2025-03-01T10:00:00Z");
    expect(postmark.attempted(user.email)).toBe(1);
    expect(await logRows(user.id)).toMatchObject([{ status: "rejected", attempts: 1, error: expect.stringMatching(/422\/406/) }]);
    expect(loggedAbout(user.id)).toEqual([expect.stringMatching(/rejected, not retried/)]);
    expect((await userRow(user.id)).nextNotificationAt).toBe(at("2025-03-02T09:00:00Z"));
    expect(await db().select().from(notifications).where(eq(notifications.userId, user.id))).toEqual([]);
  });

  it("one inactive recipient in a batch does not stop the others", async () => {
    const [inactive, active] = await Promise.all(
      [1, 2].map(() =>
        userWithMedication({ timezone: "UTC", hour: 9, savedAt: "2025-03-01T00:00:00Z", daysLeft: 2, countedOn: "2025-03-01" }),
      ),
    );
    postmark.deactivate(inactive.email);
    await tick("2025-03-01T09:00:00Z");
    expect(postmark.calls).toHaveLength(2);
    expect(await logRows(inactive.id)).toMatchObject([{ status: "rejected", error: expect.stringMatching(/406/) }]);
    expect(await logRows(active.id)).toMatchObject([{ status: "sent" }]);
  });
});

describe("records and batches", () => {
  it("keeps one notification record per medication, updated by each reminder", async () => {
    const user = await makeUser({ timezone: "UTC", hour: 9, days: 7, savedAt: "2025-03-01T00:00:00Z" });
    const now = await addMedication(user.id, { name: "Lisinopril", pillsRemaining: 3, countedOn: "2025-03-01" });
    const upcoming = await addMedication(user.id, { name: "Atorvastatin", pillsRemaining: 12, countedOn: "2025-03-01" });
    await addMedication(user.id, { name: "Vitamin D", pillsRemaining: 90, countedOn: "2025-03-01" });
    await tick("2025-03-01T09:00:00Z");
    await tick("2025-03-02T09:00:00Z");
    const rows = await db().select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(notifications.medicationId);
    expect(rows.map(({ medicationId, type, sentAt }) => ({ medicationId, type, sentAt }))).toEqual([
      { medicationId: now, type: "refill-needed", sentAt: at("2025-03-02T09:00:00Z") },
      { medicationId: upcoming, type: "upcoming-refill", sentAt: at("2025-03-02T09:00:00Z") },
    ]);
    expect(postmark.delivered(user.email)).toBe(2);
  });

  it("sends 401 due users (two batches) one Postmark request each, each e-mailed once, the reminder's id as Metadata", async () => {
    const tag = uniqueName("bulk");
    const due = at("2025-03-05T09:00:00Z");
    await env.DB.prepare(
      `INSERT INTO users (username, username_key, password_hash, email, email_confirmed_at, timezone, timezone_chosen, notification_hour, notification_days, email_consent, next_notification_at, created_at)
       SELECT ?1 || '_' || key, ?1 || '_' || key, 'x', ?1 || '_' || key || '@example.com', 0, 'UTC', 1, 9, 7, 1, ?2, 0 FROM json_each(?3)`,
    )
      .bind(tag, due, JSON.stringify(Array.from({ length: 401 }, () => 0)))
      .run();
    const ids = (await env.DB.prepare("SELECT id FROM users WHERE username LIKE ?1 || '_%'").bind(tag).all<{ id: number }>()).results.map(
      (r) => r.id,
    );
    trackUsers(ids);
    await env.DB.prepare(
      `INSERT INTO medications (user_id, name, pills_per_day, pills_remaining, counted_on, pills_per_refill)
       SELECT id, 'Metformin', 1, 2, '2025-03-05', 30 FROM users WHERE username LIKE ?1 || '_%'`,
    )
      .bind(tag)
      .run();
    // Without a queue, a tick does one batch of 400 (its subrequest budget) and the next tick the rest.
    const noQueue = { ...postmarkEnv, REMINDER_QUEUE: undefined };
    await tick(due, noQueue);
    expect(postmark.calls.filter((c) => c.messages[0]!.To.startsWith(`${tag}_`))).toHaveLength(400);
    await tick(due, noQueue);
    const mine = postmark.calls.filter((c) => c.messages[0]!.To.startsWith(`${tag}_`));
    expect(mine).toHaveLength(401);
    expect(postmark.calls.every((c) => c.messages.length === 1 && c.token === postmarkEnv.POSTMARK_SERVER_TOKEN)).toBe(true);
    expect(new Set(mine.map((c) => c.messages[0]!.To)).size).toBe(401);
    const [first] = mine[0]!.messages;
    expect(first!.Metadata).toEqual({ reminder: expect.stringMatching(/^\d+-2025-03-05$/) });
    expect(postmark.searches).toEqual([]); // first attempts need no search
    await tick(due, noQueue);
    expect(postmark.calls).toHaveLength(401);
  });

  it("selects due users through the partial index on next_notification_at", async () => {
    const query = dueUsersQuery(db(), at("2025-03-05T09:00:00Z"), { nextNotificationAt: 0, id: 0 }).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join("\n");
    expect(details).toMatch(/USING INDEX users_next_notification_idx/);
    expect(details).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
  });
});

describe("refusing to send", () => {
  it("with Postmark configured but no APP_SECRET: nothing is sent, the reason is logged, users stay due", async () => {
    const user = await userWithMedication({
      timezone: "UTC",
      hour: 9,
      savedAt: "2025-03-01T00:00:00Z",
      daysLeft: 2,
      countedOn: "2025-03-01",
    });
    await tick("2025-03-01T09:00:00Z", { ...env, POSTMARK_SERVER_TOKEN: "server-token-for-tests" });
    expect(postmark.calls).toHaveLength(0);
    expect(errors.mock.calls.flat().join(" ")).toContain(MISSING_SECRET_MESSAGE);
    expect(await logRows(user.id)).toEqual([]);
    expect((await userRow(user.id)).nextNotificationAt).toBe(at("2025-03-01T09:00:00Z"));
    await tick("2025-03-01T10:00:00Z");
    expect(postmark.delivered(user.email)).toBe(1);
  });

  it("withdrawn consent between ticks", async () => {
    const user = await userWithMedication({
      timezone: "UTC",
      hour: 9,
      savedAt: "2025-03-01T00:00:00Z",
      daysLeft: 2,
      countedOn: "2025-03-01",
    });
    await db().update(users).set({ emailConsent: false }).where(eq(users.id, user.id));
    await tick("2025-03-01T09:00:00Z");
    expect(postmark.calls).toHaveLength(0);
  });
});
