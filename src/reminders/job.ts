import { createDb, type Db } from "../db/client";
import type { Env } from "../env";
import { appUrl, createMailer, type Mailer } from "../mail/mailer";
import { MISSING_SECRET_MESSAGE, unsubscribeKey, type UnsubscribeKey } from "../mail/unsubscribe";
import { vapidKeys, type VapidKeys } from "../push/keys";

// What every run of the reminder job carries, whether the tick runs a batch inline or a queue
// consumer receives it: its counts, its context, and the one line it logs.

export interface TickSummary {
  due: number;
  sent: number;
  nothingDue: number;
  retry: number;
  failed: number;
  rejected: number;
  /** Due users another tick had already handled (or is handling) for their local day. */
  alreadyHandled: number;
  /** Due users no channel reaches today (push chosen but no device or push off here, and no e-mail): moved on, never claimed. */
  unreachable: number;
  /** Claims taken over from an earlier attempt ('retry' or a stale 'sending'): each asked Postmark first. */
  retried: number;
  /** Pushes the push services accepted (one per device). */
  pushed: number;
  /** Batches that failed (database errors): their claims go stale and a later tick retries them. */
  batchErrors: number;
  /** Due users the tick handed to REMINDER_QUEUE, and in how many messages. */
  queued: number;
  queueMessages: number;
  /** False when some users were left due for a later tick (budget, failed batch or send to the queue). */
  complete: boolean;
}

export const emptySummary = (): TickSummary => ({
  due: 0,
  sent: 0,
  nothingDue: 0,
  retry: 0,
  failed: 0,
  rejected: 0,
  alreadyHandled: 0,
  unreachable: 0,
  retried: 0,
  pushed: 0,
  batchErrors: 0,
  queued: 0,
  queueMessages: 0,
  complete: true,
});

export interface JobContext {
  db: Db;
  mailer: Mailer;
  key: UnsubscribeKey;
  baseUrl: string;
  /** Null: push is off on this server; reminders go by e-mail. */
  vapid: VapidKeys | null;
  now: number;
  /** For log lines: "tick <iso>" or "queued batch of tick <iso>". */
  label: string;
}

export const iso = (t: number) => new Date(t).toISOString();

/**
 * The one structured line a tick (or a queued batch) logs: counts only, never an address, so
 * `wrangler tail` and Workers Logs can filter and chart it (README, "Watching the reminders").
 */
export function logJobLine(event: "reminder_tick" | "reminder_batch", now: number, summary: TickSummary, durationMs: number) {
  const line = {
    event,
    scheduledTime: iso(now),
    due: summary.due,
    sent: summary.sent,
    skipped: summary.nothingDue + summary.alreadyHandled + summary.unreachable,
    retried: summary.retried,
    pushed: summary.pushed,
    retrying: summary.retry,
    failed: summary.failed + summary.rejected,
    batchErrors: summary.batchErrors,
    queued: summary.queued,
    complete: summary.complete,
    durationMs: Math.round(durationMs),
  };
  console.log(JSON.stringify(line));
}

/** Everything processing a batch needs, or null (logged) when the job must not send: no secret for unsubscribe links. */
export function openJob(env: Env, now: number, label: string): JobContext | null {
  const key = unsubscribeKey(env);
  if (!key) {
    console.error(`[reminders] ${label}: ${MISSING_SECRET_MESSAGE}`);
    return null;
  }
  const db = createDb(env);
  return { db, mailer: createMailer(env, db), key, baseUrl: appUrl(env), vapid: vapidKeys(env), now, label };
}
