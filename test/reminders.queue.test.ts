import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../src/index";
import type { ReminderBatchMessage } from "../src/reminders/fanout";
import { claim } from "../src/data/reminder-claims";
import { runReminderTick } from "../src/reminders/tick";
import { db } from "./helpers";
import {
  at,
  captureQueue,
  consume,
  deleteCreatedUsers,
  logRows,
  mockPostmark,
  postmarkEnv,
  tick,
  userRow,
  userWithMedication,
  type ReminderUser,
} from "./reminders-fixtures";

// The fan-out: a tick past its inline budget hands the rest of the users due to REMINDER_QUEUE in
// batches of ids, and the queue handler processes them with the tick's own batch code. Whatever the
// queue does — duplicate a message, redeliver it, deliver it after or during the next tick — each
// user gets one e-mail per local day. Batches of 2 and one inline batch stand in for 500 and 10.
// Dates are in 2024, before every other reminder test's, so no other file's users are due here.

const TINY = { batchSize: 2, maxInlineBatches: 1 };

let postmark: ReturnType<typeof mockPostmark>;
let queue: ReturnType<typeof captureQueue>;
beforeEach(() => {
  postmark = mockPostmark();
  queue = captureQueue();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await deleteCreatedUsers();
});

/** `n` users due at `hour`:00 UTC on 2024-06-03, each with a medication 2 days from running out; in id order. */
async function dueUsers(n: number, hour = 9): Promise<ReminderUser[]> {
  const made: ReminderUser[] = [];
  for (let i = 0; i < n; i++)
    made.push(await userWithMedication({ timezone: "UTC", hour, savedAt: "2024-06-03T00:00:00Z", daysLeft: 2, countedOn: "2024-06-03" }));
  return made.sort((a, b) => a.id - b.id);
}

const delivered = (users: ReminderUser[]) => users.map((u) => postmark.delivered(u.email));
const ids = (users: ReminderUser[]) => users.map((u) => u.id);

/**
 * Holds Postmark's answers to these addresses (a batch's e-mails go out in parallel, one request
 * each) until released, to run something while that batch is mid-send.
 */
function holdPostmarkCallsTo(emails: string[]) {
  const answer = vi.mocked(globalThis.fetch).getMockImplementation();
  if (!answer) throw new Error("mockPostmark() first");
  let release!: () => void;
  let reached!: () => void;
  let released = false;
  const releasedPromise = new Promise<void>((resolve) => (release = resolve)).then(() => void (released = true));
  const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
  vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const to = request.method === "POST" ? ((await request.clone().json()) as { To: string }).To : null;
    if (!released && to && emails.includes(to)) {
      reached();
      await releasedPromise;
    }
    return answer(request);
  });
  return { reached: reachedPromise, release };
}

describe("a tick past its inline budget", () => {
  it("queues the rest as batches of ids, each due user in one message; the queue handler e-mails each once and acks", async () => {
    expect(env.REMINDER_QUEUE).toBeDefined(); // wrangler.toml's producer reaches the test pool
    const users = await dueUsers(7);
    const summary = await runReminderTick(postmarkEnv, at("2024-06-03T09:00:00Z"), TINY);
    expect(summary).toMatchObject({ due: 2, sent: 2, queued: 5, queueMessages: 3, batchErrors: 0, complete: true });
    expect(queue.sent).toEqual([
      { scheduledTime: at("2024-06-03T09:00:00Z"), userIds: ids(users.slice(2, 4)) },
      { scheduledTime: at("2024-06-03T09:00:00Z"), userIds: ids(users.slice(4, 6)) },
      { scheduledTime: at("2024-06-03T09:00:00Z"), userIds: ids(users.slice(6)) },
    ]);
    expect(delivered(users)).toEqual([1, 1, 0, 0, 0, 0, 0]);

    const { ids: messageIds, result } = await consume(queue.sent);
    expect(result.explicitAcks).toEqual(messageIds);
    expect(result.retryMessages).toEqual([]);
    expect(delivered(users)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    for (const user of users) {
      expect(await logRows(user.id)).toMatchObject([{ localDate: "2024-06-03", status: "sent", attempts: 1 }]);
      expect((await userRow(user.id)).nextNotificationAt).toBe(at("2024-06-04T09:00:00Z"));
    }
  });

  it("without a queue bound, works inline as before: the rest stay due and the next tick continues", async () => {
    queue.restore();
    const users = await dueUsers(5);
    const noQueue = { ...postmarkEnv, REMINDER_QUEUE: undefined };
    expect(await runReminderTick(noQueue, at("2024-06-03T09:00:00Z"), TINY)).toMatchObject({ sent: 2, queued: 0, complete: false });
    expect(await runReminderTick(noQueue, at("2024-06-03T10:00:00Z"), TINY)).toMatchObject({ sent: 2, complete: false });
    expect(await runReminderTick(noQueue, at("2024-06-03T11:00:00Z"), TINY)).toMatchObject({ sent: 1, complete: true });
    expect(delivered(users)).toEqual([1, 1, 1, 1, 1]);
  });

  it("a second invocation of the same tick queues only users still due: those the first sent are not queued again", async () => {
    const users = await dueUsers(5);
    await runReminderTick(postmarkEnv, at("2024-06-03T09:00:00Z"), TINY);
    await consume(queue.sent.splice(0));
    expect(delivered(users)).toEqual([1, 1, 1, 1, 1]);
    const again = await runReminderTick(postmarkEnv, at("2024-06-03T09:00:00Z"), TINY);
    expect(again).toMatchObject({ due: 0, queued: 0 });
    expect(queue.sent).toEqual([]);
    expect(postmark.calls).toHaveLength(5); // one request per e-mail
  });
});

describe("the queue delivers at least once: each user still gets one e-mail", () => {
  it("a duplicated message, and the whole batch delivered again", async () => {
    const users = await dueUsers(6);
    await runReminderTick(postmarkEnv, at("2024-06-03T09:00:00Z"), TINY);
    const [first, ...rest] = queue.sent;
    const once = await consume([first, first, ...rest]);
    expect(once.result.explicitAcks).toEqual(once.ids);
    const twice = await consume(queue.sent);
    expect(twice.result.explicitAcks).toEqual(twice.ids);
    expect(delivered(users)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(postmark.calls.flatMap((c) => c.messages)).toHaveLength(6);
    for (const user of users) expect(await logRows(user.id)).toMatchObject([{ status: "sent", attempts: 1 }]);
  });

  it("the same batches processed concurrently", async () => {
    const users = await dueUsers(6);
    await runReminderTick(postmarkEnv, at("2024-06-03T09:00:00Z"), TINY);
    await Promise.all([consume(queue.sent), consume(queue.sent), consume([...queue.sent].reverse())]);
    expect(delivered(users)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it("messages processed after the next cron tick has sent their users: nothing is sent, they are acked", async () => {
    const users = await dueUsers(5);
    await runReminderTick(postmarkEnv, at("2024-06-03T09:00:00Z"), TINY);
    await tick("2024-06-03T10:00:00Z"); // the queue is late: the next tick finds the same users still due
    expect(delivered(users)).toEqual([1, 1, 1, 1, 1]);
    const late = await consume(queue.sent);
    expect(late.result.explicitAcks).toEqual(late.ids);
    expect(delivered(users)).toEqual([1, 1, 1, 1, 1]);
    expect(postmark.calls.flatMap((c) => c.messages)).toHaveLength(5);
  });

  it("a batch mid-send when the next tick runs: the tick does not take over its fresh claims", async () => {
    // The batch's claims are stamped with the clock, not with its tick's time (an hour before the
    // next tick), so the next tick does not mistake them for an invocation that died.
    const users = await dueUsers(6);
    await runReminderTick(postmarkEnv, at("2024-06-03T09:00:00Z"), TINY);
    const hold = holdPostmarkCallsTo(users.slice(2, 4).map((u) => u.email));
    const queued = consume([queue.sent[0]]);
    await hold.reached;
    await tick("2024-06-03T10:00:00Z");
    expect(delivered(users)).toEqual([1, 1, 0, 0, 1, 1]);
    hold.release();
    expect((await queued).result.retryMessages).toEqual([]);
    await consume(queue.sent.slice(1));
    expect(delivered(users)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it("across local midnight: a 23:00 batch mid-send and the 00:00 tick, which sees the same users on the next local date", async () => {
    // The (user, local date) key differs between the two, so the claim also needs the due instant
    // unchanged and no live claim of the user for a neighbouring date.
    const users = await dueUsers(4, 23);
    await runReminderTick(postmarkEnv, at("2024-06-03T23:00:00Z"), TINY);
    const hold = holdPostmarkCallsTo(users.slice(2, 4).map((u) => u.email));
    const queued = consume([queue.sent[0]]);
    await hold.reached;
    await tick("2024-06-04T00:00:00Z");
    expect(delivered(users)).toEqual([1, 1, 0, 0]);
    hold.release();
    await queued;
    expect(delivered(users)).toEqual([1, 1, 1, 1]);
    for (const user of users.slice(2)) {
      expect(await logRows(user.id)).toEqual([expect.objectContaining({ localDate: "2024-06-03", status: "sent" })]);
      expect((await userRow(user.id)).nextNotificationAt).toBe(at("2024-06-04T23:00:00Z"));
    }
    await tick("2024-06-04T23:00:00Z"); // the next local day's reminder goes ahead
    expect(delivered(users)).toEqual([2, 2, 2, 2]);
  });

  it("a processor that read a user before another finished it cannot claim the user for the next local date", async () => {
    // The 00:00 tick read the user while the 23:00 batch was sending; the batch has since finished
    // and advanced the due instant. The tick's claim carries the instant it read, and fails.
    const [user] = await dueUsers(1, 23);
    await tick("2024-06-03T23:00:00Z");
    const read = { userId: user.id, localDate: "2024-06-04", due: at("2024-06-03T23:00:00Z") };
    expect(await claim(db(), at("2024-06-04T00:00:00Z"), Date.now(), [read])).toEqual(new Map());
    const current = { ...read, due: at("2024-06-04T23:00:00Z") };
    expect(await claim(db(), at("2024-06-04T23:00:00Z"), Date.now(), [current])).toEqual(new Map([[user.id, 1]]));
  });
});

describe("failures in a queued batch follow the tick's rules", () => {
  it("Postmark 503: the day is left in 'retry', the message is acked, and the next tick sends once", async () => {
    const users = await dueUsers(4);
    await runReminderTick(postmarkEnv, at("2024-06-03T09:00:00Z"), TINY);
    postmark.answer(503, 503);
    const failed = await consume([queue.sent[0]]);
    expect(failed.result.explicitAcks).toEqual(failed.ids); // the outage is recorded; retrying is the ticks' job
    for (const user of users.slice(2)) {
      expect(await logRows(user.id)).toMatchObject([{ status: "retry", attempts: 1, error: expect.stringContaining("503") }]);
      expect((await userRow(user.id)).nextNotificationAt).toBe(at("2024-06-03T09:00:00Z"));
    }
    await tick("2024-06-03T10:00:00Z");
    expect(delivered(users)).toEqual([1, 1, 1, 1]);
    for (const user of users.slice(2)) expect(await logRows(user.id)).toMatchObject([{ status: "sent", attempts: 2 }]);
    await consume([queue.sent[0]]); // redelivered after all
    expect(delivered(users)).toEqual([1, 1, 1, 1]);
  });

  it("Postmark 503 at 23:00: the local day ends before the next tick, so the day is marked failed", async () => {
    const users = await dueUsers(3, 23);
    await runReminderTick(postmarkEnv, at("2024-06-03T23:00:00Z"), TINY);
    postmark.answer(503);
    await consume(queue.sent);
    expect(await logRows(users[2].id)).toMatchObject([{ localDate: "2024-06-03", status: "failed" }]);
    expect((await userRow(users[2].id)).nextNotificationAt).toBe(at("2024-06-04T23:00:00Z"));
  });

  it("a batch that cannot be processed (database down, no APP_SECRET) is retried by the queue, and sends once when it succeeds", async () => {
    const users = await dueUsers(3);
    await runReminderTick(postmarkEnv, at("2024-06-03T09:00:00Z"), TINY);
    const down = () => {
      throw new Error("D1 is down");
    };
    const broken = { ...postmarkEnv, DB: { prepare: down, batch: down, exec: down } as unknown as D1Database };
    const dbDown = await consume(queue.sent, broken);
    expect(dbDown.result.retryMessages.map((m) => m.msgId)).toEqual(dbDown.ids);
    expect(dbDown.result.explicitAcks).toEqual([]);
    const noSecret = await consume(queue.sent, { ...postmarkEnv, APP_SECRET: undefined });
    expect(noSecret.result.retryMessages.map((m) => m.msgId)).toEqual(noSecret.ids);
    expect(delivered(users)).toEqual([1, 1, 0]);
    expect((await userRow(users[2].id)).nextNotificationAt).toBe(at("2024-06-03T09:00:00Z"));

    const redelivered = await consume(queue.sent);
    expect(redelivered.result.explicitAcks).toEqual(redelivered.ids);
    expect(delivered(users)).toEqual([1, 1, 1]);
  });

  it("a message that is not a reminder batch is logged and acked, not retried forever", async () => {
    const errors = vi.spyOn(console, "error");
    const junk = await consume([{ scheduledTime: "soon", userIds: [1] }, { scheduledTime: 1, userIds: [] }, null]);
    expect(junk.result.explicitAcks).toEqual(junk.ids);
    expect(errors.mock.calls.flat().join("\n")).toMatch(/not a reminder batch/);
    expect(postmark.calls).toHaveLength(0);
  });
});

describe("through the queue the test pool builds from wrangler.toml", () => {
  it("the tick's messages reach this Worker's queue handler and each user is e-mailed once", async () => {
    queue.restore(); // really enqueue
    const users = await dueUsers(5);
    // The pool's consumer calls the Worker's own queue(); give it the Postmark bindings of these tests.
    const queueHandler = worker.queue.bind(worker);
    const handled: ReminderBatchMessage[] = [];
    vi.spyOn(worker, "queue").mockImplementation(async (batch, _env, ctx) => {
      handled.push(...batch.messages.map((m) => m.body as ReminderBatchMessage));
      await queueHandler(batch, postmarkEnv, ctx);
    });
    expect(await runReminderTick(postmarkEnv, at("2024-06-03T09:00:00Z"), TINY)).toMatchObject({ queued: 3, queueMessages: 2 });
    await vi.waitUntil(() => delivered(users).every((n) => n === 1), { timeout: 30_000, interval: 50 });
    expect(handled.map((m) => m.userIds)).toEqual(expect.arrayContaining([ids(users.slice(2, 4)), ids(users.slice(4))]));
    expect(delivered(users)).toEqual([1, 1, 1, 1, 1]);
  }, 40_000);
});
