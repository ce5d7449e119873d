import type { Db } from "../db/client";
import type { Env } from "../env";
import { errorSummary } from "../log/error-summary";
import { processBatch } from "./batch";
import { emptySummary, iso, logJobLine, openJob, type TickSummary } from "./job";
import { withinBudget } from "./budget";
import { dueKeysQuery, USER_BATCH_SIZE, selectDueUsersByIds, type Cursor, type DueUser } from "../data/reminder-claims";

// Fan-out through Cloudflare Queues (REMINDER_QUEUE, wrangler.toml), for a tick with more users
// due than one invocation can process.
//
// A message is one batch of users: the tick's scheduled time and the ids of up to USER_BATCH_SIZE users that were due
// then. Why ids rather than a cursor: a message's work is fixed when it is sent, so a duplicate,
// a retry or a late delivery covers exactly the same users, and messages are independent, so
// consumers run them in parallel. (A cursor "continue from here" message would chain the batches one
// after another, and a duplicate of it would fork a second chain.) Exactly-once is not the
// message's job: the consumer re-reads which of its users are still due at the scheduled time
// and processes them with the tick's own batch code, whose per-(user, local date) claim lets one
// processor send. The only cost of a duplicate is that read.

export interface ReminderBatchMessage {
  /** The tick's scheduled time: the instant the batch is computed for, as the tick would have. */
  scheduledTime: number;
  userIds: number[];
}

/** Due users read per fan-out query (index-only), i.e. 25 messages of 400. */
const KEYS_PER_QUERY = 10_000;
/** Queues' sendBatch takes at most 100 messages and 256 KB in all (each message also carries ~100 B of metadata). */
const MAX_MESSAGES_PER_SEND = 100;
const MAX_BYTES_PER_SEND = 200_000;
const METADATA_BYTES = 100;

interface FanOut {
  db: Db;
  queue: Queue<ReminderBatchMessage>;
  now: number;
  after: Cursor;
  batchSize: number;
  /** Each fan-out round costs two: the keys query and one sendBatch (sometimes two). */
  subrequestsLeft: number;
  label: string;
}

/**
 * Sends every user still due after `after` to the queue, in batches. Within one tick every due user
 * is in exactly one message (the keyset walk never revisits a key). If sending fails, or the
 * invocation's subrequests run out, the rest stay due for the next tick.
 */
export async function enqueueRemaining(fanOut: FanOut, summary: TickSummary): Promise<void> {
  const { db, queue, now, batchSize, label } = fanOut;
  let cursor = fanOut.after;
  let subrequestsLeft = fanOut.subrequestsLeft;
  try {
    for (;;) {
      if (subrequestsLeft < 3) {
        console.warn(
          `[reminders] ${label}: subrequests used up after queueing ${summary.queued} users; the rest stay due for the next tick`,
        );
        summary.complete = false;
        return;
      }
      const keys = await dueKeysQuery(db, now, cursor, KEYS_PER_QUERY);
      subrequestsLeft--;
      if (keys.length === 0) return;
      const messages: ReminderBatchMessage[] = [];
      // Up to batchSize users a message, fewer when their push devices would take the consumer
      // over its subrequests (src/reminders/budget.ts).
      for (let i = 0; i < keys.length; ) {
        const ids = withinBudget(keys.slice(i, i + batchSize)).map((k) => k.id);
        messages.push({ scheduledTime: now, userIds: ids });
        i += ids.length;
      }
      for (const group of sendGroups(messages)) {
        await queue.sendBatch(group.map((body) => ({ body })));
        subrequestsLeft--;
        summary.queueMessages += group.length;
        summary.queued += group.reduce((n, m) => n + m.userIds.length, 0);
      }
      cursor = keys[keys.length - 1];
      if (keys.length < KEYS_PER_QUERY) return;
    }
  } catch (err) {
    // Users already queued are processed; the rest are still due and the next tick takes them.
    console.error(`[reminders] ${label}: fan-out stopped after queueing ${summary.queued} users: ${errorSummary(err)}`);
    summary.complete = false;
  }
}

/** Messages in sendBatch-sized groups (count and bytes). */
function sendGroups(messages: ReminderBatchMessage[]): ReminderBatchMessage[][] {
  const groups: ReminderBatchMessage[][] = [];
  let group: ReminderBatchMessage[] = [];
  let bytes = 0;
  for (const message of messages) {
    const size = JSON.stringify(message).length + METADATA_BYTES;
    if (group.length > 0 && (group.length === MAX_MESSAGES_PER_SEND || bytes + size > MAX_BYTES_PER_SEND)) {
      groups.push(group);
      group = [];
      bytes = 0;
    }
    group.push(message);
    bytes += size;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/** A message body this consumer can trust, or null. */
export function asBatchMessage(body: unknown): ReminderBatchMessage | null {
  if (typeof body !== "object" || body === null) return null;
  const { scheduledTime, userIds } = body as Partial<ReminderBatchMessage>;
  if (typeof scheduledTime !== "number" || !Number.isSafeInteger(scheduledTime)) return null;
  if (!Array.isArray(userIds) || userIds.length === 0 || userIds.length > USER_BATCH_SIZE) return null;
  if (!userIds.every((id) => Number.isSafeInteger(id) && id > 0)) return null;
  return { scheduledTime, userIds };
}

/** One queued batch, processed as the tick would have at its scheduled time. */
export async function runQueuedBatch(env: Env, message: ReminderBatchMessage): Promise<TickSummary> {
  const { scheduledTime: now, userIds } = message;
  const summary = emptySummary();
  const label = `queued batch of tick ${iso(now)}`;
  const job = openJob(env, now, label);
  if (!job) return { ...summary, complete: false };
  const started = Date.now();
  let batch: DueUser[];
  try {
    batch = await selectDueUsersByIds(job.db, now, userIds);
  } catch (err) {
    console.error(`[reminders] ${label}: batch failed for users ${userIds.join(",")}: ${errorSummary(err)}`);
    return { ...summary, batchErrors: 1, complete: false };
  }
  // Devices added since the fan-out may make the batch too big: do what fits; the message is
  // retried (the rest still due) rather than going over the invocation's subrequests.
  const fits = withinBudget(batch);
  summary.due = fits.length;
  if (fits.length > 0) await processBatch(job, fits, summary);
  if (fits.length < batch.length) {
    console.warn(
      `[reminders] ${label}: ${batch.length - fits.length} users left for a retry of the message (push devices over the batch's subrequests)`,
    );
    summary.complete = false;
  }
  const gone = userIds.length - batch.length;
  if (gone) console.log(`[reminders] ${label}: ${gone} of its users no longer due (done elsewhere)`);
  logJobLine("reminder_batch", now, summary, Date.now() - started);
  return summary;
}

/**
 * The queue consumer: each message is acked once its batch is processed and recorded — including
 * users left in 'retry' by a provider outage, whom the next tick retries like any other. A batch
 * that could not be processed (database error, no APP_SECRET) is retried by the queue.
 */
export async function consumeReminderBatches(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const body = asBatchMessage(message.body);
    if (!body) {
      console.error(`[reminders] queue message ${message.id} is not a reminder batch; dropped`);
      message.ack();
      continue;
    }
    const summary = await runQueuedBatch(env, body);
    if (summary.complete) {
      message.ack();
    } else {
      console.error(
        `[reminders] queue message ${message.id} (attempt ${message.attempts}) failed; the queue retries it, and the next tick takes its users if it never succeeds`,
      );
      message.retry();
    }
  }
}
