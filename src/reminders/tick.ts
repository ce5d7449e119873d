import type { Env } from "../env";
import { enqueueRemaining } from "./fanout";
import { emptySummary, iso, openJob, processPage, type TickSummary } from "./page";
import { PAGE_SIZE, selectDueUsers, type Cursor } from "./store";

// The hourly job (architecture "Hourly reminders"). `now` is the tick's scheduled time, never the
// clock. The tick pages through the users due (oldest first, through the partial index) and
// processes pages itself while it is within its budget; past it, with a queue bound, it hands the
// rest to REMINDER_QUEUE as pages of user ids (src/reminders/fanout.ts) and the same Worker's
// queue consumer processes them with the same code (src/reminders/page.ts). Without a queue the
// rest stays due and the next tick continues — slower, never lost or doubled.

/** Workers' subrequest limit per invocation (paid plan); every Turso statement or batch is one. */
export const SUBREQUEST_LIMIT = 1_000;
/** A page: select, claim, medications, one Postmark batch (≤ 500), the record batch. */
export const SUBREQUESTS_PER_PAGE = 5;
/** Kept free for logging, the fan-out's first calls and anything a page does twice. */
const SUBREQUEST_MARGIN = 50;

export interface TickOptions {
  /** Stop starting pages inline after this much wall time. */
  budgetMs?: number;
  /** Stop starting pages inline after this many. */
  maxInlinePages?: number;
  /** Users per page, inline and in each queued message (tests use tiny pages). */
  pageSize?: number;
}

/**
 * With a queue, the tick does a little inline (a small tick needs no queue round trip) and fans out
 * early: 20 consumers do pages in parallel, the tick only one after another. Without one, it goes
 * as far as one invocation allows.
 */
function budget(options: TickOptions, hasQueue: boolean): Required<TickOptions> {
  const inlineLimit = Math.floor((SUBREQUEST_LIMIT - SUBREQUEST_MARGIN) / SUBREQUESTS_PER_PAGE);
  const defaults = hasQueue ? { budgetMs: 60_000, maxInlinePages: 10 } : { budgetMs: 10 * 60_000, maxInlinePages: inlineLimit };
  return {
    budgetMs: options.budgetMs ?? defaults.budgetMs,
    maxInlinePages: Math.min(options.maxInlinePages ?? defaults.maxInlinePages, inlineLimit),
    pageSize: Math.min(options.pageSize ?? PAGE_SIZE, PAGE_SIZE),
  };
}

export async function runReminderTick(env: Env, now: number, options: TickOptions = {}): Promise<TickSummary> {
  const summary = emptySummary();
  const label = `tick ${iso(now)}`;
  const job = openJob(env, now, label);
  if (!job) return { ...summary, complete: false };
  const queue = env.REMINDER_QUEUE;
  const limits = budget(options, Boolean(queue));

  const started = Date.now();
  let cursor: Cursor | null = null;
  let pages = 0;
  let stoppedAt: Cursor | null = null;
  for (;;) {
    const page = await selectDueUsers(job.db, now, cursor, limits.pageSize);
    if (page.length === 0) break;
    summary.due += page.length;
    await processPage(job, page, summary);
    pages++;
    const last = page[page.length - 1];
    cursor = { nextNotificationAt: last.nextNotificationAt, id: last.id };
    if (page.length < limits.pageSize) break;
    if (pages >= limits.maxInlinePages || Date.now() - started > limits.budgetMs) {
      stoppedAt = cursor;
      break;
    }
  }

  if (stoppedAt && queue) {
    const subrequestsLeft = SUBREQUEST_LIMIT - SUBREQUEST_MARGIN - pages * SUBREQUESTS_PER_PAGE;
    await enqueueRemaining({ db: job.db, queue, now, after: stoppedAt, pageSize: limits.pageSize, subrequestsLeft, label }, summary);
  } else if (stoppedAt) {
    console.warn(`[reminders] ${label}: inline budget used after ${summary.due} users and no REMINDER_QUEUE bound; the rest stay due for the next tick`);
    summary.complete = false;
  }
  if (summary.due > 0) console.log(`[reminders] ${label}: ${JSON.stringify(summary)}`);
  return summary;
}
