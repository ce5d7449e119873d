import type { Env } from "../env";
import { queueDosePlan } from "./dose-push-plan";
import { queueMissedDosePlan } from "./missed-dose-plan";
import { enqueueRemaining } from "./fanout";
import { processBatch } from "./batch";
import { emptySummary, iso, logJobLine, openJob, type TickSummary } from "./job";
import { SUBREQUESTS_PER_BATCH, withinBudget } from "./budget";
import { USER_BATCH_SIZE, selectDueUsers, type Cursor } from "../data/reminder-claims";

// The hourly job. `now` is the tick's scheduled time, never the clock. The tick reads the users due
// in batches (oldest first, through the partial index) and processes batches itself while it is
// within its budget; past it, with a queue bound, it hands the rest to REMINDER_QUEUE as batches of
// user ids (src/reminders/fanout.ts) and the same Worker's queue consumer processes them with the
// same code (src/reminders/batch.ts). Without a queue the
// rest stays due and the next tick continues — slower, never lost or doubled.

/** Workers' subrequest limit per invocation (paid plan); every Turso statement or batch is one. */
export const SUBREQUEST_LIMIT = 1_000;
export { SUBREQUESTS_PER_BATCH } from "./budget";
/** Kept free for logging, the fan-out's first calls and anything a batch does twice. */
const SUBREQUEST_MARGIN = 50;

export interface TickOptions {
  /** Stop starting batches inline after this much wall time. */
  budgetMs?: number;
  /** Stop starting batches inline after this many. */
  maxInlineBatches?: number;
  /** Users per batch, inline and in each queued message (tests use tiny batches). */
  batchSize?: number;
}

/**
 * With a queue, the tick does a little inline (a small tick needs no queue round trip) and fans out
 * early: 20 consumers do batches in parallel, the tick only one after another. Without one, it goes
 * as far as one invocation allows.
 */
function budget(options: TickOptions, hasQueue: boolean): Required<TickOptions> {
  const inlineLimit = Math.floor((SUBREQUEST_LIMIT - SUBREQUEST_MARGIN) / SUBREQUESTS_PER_BATCH);
  const defaults = hasQueue ? { budgetMs: 60_000, maxInlineBatches: 10 } : { budgetMs: 10 * 60_000, maxInlineBatches: inlineLimit };
  return {
    budgetMs: options.budgetMs ?? defaults.budgetMs,
    maxInlineBatches: Math.min(options.maxInlineBatches ?? defaults.maxInlineBatches, inlineLimit),
    batchSize: Math.min(options.batchSize ?? USER_BATCH_SIZE, USER_BATCH_SIZE),
  };
}

export async function runReminderTick(env: Env, now: number, options: TickOptions = {}): Promise<TickSummary> {
  const summary = emptySummary();
  const label = `tick ${iso(now)}`;
  // The hour's dose pushes are planned by a queue consumer of their own (one message; never throws).
  await queueDosePlan(env, now);
  await queueMissedDosePlan(env, now);
  const job = openJob(env, now, label);
  if (!job) {
    // Still one line: a tick that could not send must show up in the same place as every other.
    const refused = { ...summary, complete: false };
    logJobLine("reminder_tick", now, refused, 0);
    return refused;
  }
  const queue = env.REMINDER_QUEUE;
  const limits = budget(options, Boolean(queue));

  const started = Date.now();
  let cursor: Cursor | null = null;
  let batches = 0;
  let stoppedAt: Cursor | null = null;
  for (;;) {
    const selected = await selectDueUsers(job.db, now, cursor, limits.batchSize);
    if (selected.length === 0) break;
    // Users with push devices cost more: the batch ends where its subrequests would run out, and
    // the next batch starts after its last user.
    const batch = withinBudget(selected);
    summary.due += batch.length;
    await processBatch(job, batch, summary);
    batches++;
    const last = batch[batch.length - 1]!;
    cursor = { nextNotificationAt: last.nextNotificationAt, id: last.id };
    if (selected.length < limits.batchSize && batch.length === selected.length) break;
    if (batches >= limits.maxInlineBatches || Date.now() - started > limits.budgetMs) {
      stoppedAt = cursor;
      break;
    }
  }

  if (stoppedAt && queue) {
    const subrequestsLeft = SUBREQUEST_LIMIT - SUBREQUEST_MARGIN - batches * SUBREQUESTS_PER_BATCH;
    await enqueueRemaining({ db: job.db, queue, now, after: stoppedAt, batchSize: limits.batchSize, subrequestsLeft, label }, summary);
  } else if (stoppedAt) {
    console.warn(
      `[reminders] ${label}: inline budget used after ${summary.due} users and no REMINDER_QUEUE bound; the rest stay due for the next tick`,
    );
    summary.complete = false;
  }
  logJobLine("reminder_tick", now, summary, Date.now() - started);
  return summary;
}
