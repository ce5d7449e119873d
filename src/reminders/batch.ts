import { createDb, type Db } from "../db/client";
import { localDateAt, nextReminderAt, zoneOrUtc } from "../domain/time";
import type { Env } from "../env";
import { errorSummary } from "../http/errors";
import { appUrl, createMailer, MAX_BATCH, type Mailer, type OutgoingEmail, type SendResult } from "../mail/mailer";
import { reminderMessage } from "../mail/templates/ReminderEmail";
import { MISSING_SECRET_MESSAGE, unsubscribeKey, type UnsubscribeKey } from "../mail/unsubscribe";
import { needsReminder, notificationRecords, reminderContent } from "./due";
import { claim, medicationsByUser, recordBatch, type Advance, type DueUser, type Outcome } from "./store";

// One batch of due users, processed the same way whether the cron tick reads it inline or a queue
// consumer receives it (src/reminders/fanout.ts): claim each (user, local date) atomically → count
// pills as of `now` in the user's zone → one e-mail per user with something within
// notificationDays → one db.batch records the outcome and moves the due time to the next local day.
// Provider outages leave the day in 'retry' and the due time where it is, so the next tick that
// same local day tries again. `now` is the tick's scheduled time, never the clock: a late tick or
// a queued batch computes exactly what the on-time tick would have.

const HOUR = 3_600_000;

export interface TickSummary {
  due: number;
  sent: number;
  nothingDue: number;
  retry: number;
  failed: number;
  rejected: number;
  /** Due users another tick had already handled (or is handling) for their local day. */
  alreadyHandled: number;
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
  now: number;
  /** For log lines: "tick <iso>" or "queued batch of tick <iso>". */
  label: string;
}

export const iso = (t: number) => new Date(t).toISOString();

/** Everything processing a batch needs, or null (logged) when the job must not send: no secret for unsubscribe links. */
export function openJob(env: Env, now: number, label: string): JobContext | null {
  const key = unsubscribeKey(env);
  if (!key) {
    console.error(`[reminders] ${label}: ${MISSING_SECRET_MESSAGE}`);
    return null;
  }
  const db = createDb(env);
  return { db, mailer: createMailer(env, db), key, baseUrl: appUrl(env), now, label };
}

interface Plan {
  user: DueUser;
  zone: string;
  localDate: string;
  next: number;
}

function plan(user: DueUser, now: number): Plan {
  const zone = zoneOrUtc(user.timezone);
  // Logged here, where the user is known, so a bad stored zone can be found and fixed.
  if (zone !== user.timezone) console.error(`[reminders] user ${user.id}: unknown time zone "${user.timezone}", using ${zone}`);
  const next = nextReminderAt(zone, user.notificationHour, Math.max(user.nextNotificationAt, now));
  return { user, zone, localDate: localDateAt(now, zone), next };
}

/** Claims, sends and records one batch of due users; answers false (logged, counted) if the batch failed. */
export async function processBatch(context: JobContext, batch: DueUser[], summary: TickSummary): Promise<boolean> {
  const { db, now } = context;
  const plans = batch.map((user) => plan(user, now));
  const ids = batch.map((u) => u.id).join(",");
  try {
    const requests = plans.map((p) => ({ userId: p.user.id, localDate: p.localDate, due: p.user.nextNotificationAt }));
    const claimed = await claim(db, now, Date.now(), requests);
    const mine = plans.filter((p) => claimed.has(p.user.id));
    const finishedElsewhere: Advance[] = plans
      .filter((p) => !claimed.has(p.user.id))
      .map((p) => ({ userId: p.user.id, localDate: p.localDate, due: p.user.nextNotificationAt, next: p.next }));
    summary.alreadyHandled += finishedElsewhere.length;

    const outcomes = await remind(context, mine, summary);
    await recordBatch(db, now, outcomes, finishedElsewhere);
    return true;
  } catch (err) {
    // Claims stay 'sending' and become claimable again once stale, so a later tick retries them.
    console.error(`[reminders] ${context.label}: batch failed for users ${ids}: ${errorSummary(err)}`);
    summary.batchErrors++;
    summary.complete = false;
    return false;
  }
}

/** Counts, e-mails and outcomes for the claimed users of a batch. */
async function remind(context: JobContext, plans: Plan[], summary: TickSummary): Promise<Outcome[]> {
  const { db, now } = context;
  const medications = await medicationsByUser(db, plans.map((p) => p.user.id));
  const outcomes: Outcome[] = [];
  const outgoing: Array<{ plan: Plan; message: OutgoingEmail; notifications: Outcome["notifications"] }> = [];

  for (const p of plans) {
    const content = reminderContent(medications.get(p.user.id) ?? [], p.user.notificationDays, p.localDate);
    const base = { userId: p.user.id, localDate: p.localDate, due: p.user.nextNotificationAt, notifications: [] };
    if (!needsReminder(content)) {
      outcomes.push({ ...base, status: "nothing_due", error: null, next: p.next });
      summary.nothingDue++;
      continue;
    }
    const message = reminderMessage({ user: p.user, content, baseUrl: context.baseUrl, key: context.key });
    outgoing.push({ plan: p, message, notifications: notificationRecords(content) });
  }

  const results = await sendInBatches(context.mailer, outgoing.map((o) => o.message));
  outgoing.forEach(({ plan: p, notifications }, i) => {
    const result = results[i];
    const base = { userId: p.user.id, localDate: p.localDate, due: p.user.nextNotificationAt };
    if (result.ok) {
      outcomes.push({ ...base, status: "sent", error: null, next: p.next, notifications });
      summary.sent++;
    } else if (result.permanent) {
      console.error(`[reminders] user ${p.user.id}: reminder for ${p.localDate} rejected, not retried: ${result.error}`);
      outcomes.push({ ...base, status: "rejected", error: result.error, next: p.next, notifications: [] });
      summary.rejected++;
    } else if (localDateAt(now + HOUR, p.zone) !== p.localDate) {
      console.error(`[reminders] user ${p.user.id}: reminder for ${p.localDate} failed and the local day ends before the next tick: ${result.error}`);
      outcomes.push({ ...base, status: "failed", error: result.error, next: p.next, notifications: [] });
      summary.failed++;
    } else {
      console.error(`[reminders] user ${p.user.id}: reminder for ${p.localDate} not sent, retrying at the next tick: ${result.error}`);
      outcomes.push({ ...base, status: "retry", error: result.error, next: null, notifications: [] });
      summary.retry++;
    }
  });
  return outcomes;
}

async function sendInBatches(mailer: Mailer, messages: OutgoingEmail[]): Promise<SendResult[]> {
  const results: SendResult[] = [];
  for (let i = 0; i < messages.length; i += MAX_BATCH) {
    const batch = messages.slice(i, i + MAX_BATCH);
    try {
      results.push(...(await mailer.send(batch)));
    } catch (err) {
      // Mailer.send promises never to throw; if one does, treat it as an outage and retry later.
      results.push(...batch.map(() => ({ ok: false as const, permanent: false, error: `mailer threw: ${String(err)}` })));
    }
  }
  return results;
}
