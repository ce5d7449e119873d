import { localDateAt, nextReminderAt, zoneOrUtc } from "../domain/time";
import { errorSummary } from "../log/error-summary";
import type { Mailer, OutgoingEmail, SendResult } from "../mail/mailer";
import type { PushPayload } from "../push/message";
import { composeReminder, failureKind } from "./compose";
import { pushDays, pushTargets, reachable, type PushDay } from "./push";
import { claimDays, recordBatch, type Advance, type ClaimedDay, type DueUser, type Outcome } from "../data/reminder-claims";
import { medicationsByUser } from "../data/reminder-people";
import type { JobContext, TickSummary } from "./job";

// One batch of due users, processed the same way whether the cron tick reads it inline or a queue
// consumer receives it (src/reminders/fanout.ts): claim each (user, local date) atomically → count
// pills as of `now` in the user's zone → one e-mail per user with something within
// notificationDays, each its own Postmark request carrying the reminder's id as Metadata (a claim
// taken over from an earlier attempt first asks Postmark whether that id already went out) → one
// db.batch records the outcomes and moves the due time to the next local day.
// Provider outages leave the day in 'retry' and the due time where it is, so the next tick that
// same local day tries again. `now` is the tick's scheduled time, never the clock: a late tick or
// a queued batch computes exactly what the on-time tick would have.

const HOUR = 3_600_000;

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

const advanceOf = (p: Plan): Advance => ({ userId: p.user.id, localDate: p.localDate, due: p.user.nextNotificationAt, next: p.next });

/** Claims, sends and records one batch of due users; answers false (logged, counted) if the batch failed. */
export async function processBatch(context: JobContext, batch: DueUser[], summary: TickSummary): Promise<boolean> {
  const { db, now } = context;
  const all = batch.flatMap((user) => {
    try {
      return [plan(user, now)];
    } catch (err) {
      // No local date, so nothing to claim: the user stays due and the next tick tries again.
      console.error(`[reminders] user ${user.id}: could not work out the reminder's day (${failureKind(err)}); left due for the next tick`);
      summary.failed++;
      summary.complete = false;
      return [];
    }
  });
  const ids = batch.map((u) => u.id).join(",");
  // In the due set for push but with no device (or push off on this server) and no address to
  // e-mail: nothing to send, so no claim and no log row; only the due instant moves on.
  const plans = all.filter((p) => reachable(p.user, context.vapid !== null));
  const unreachable = all.filter((p) => !reachable(p.user, context.vapid !== null)).map(advanceOf);
  summary.unreachable += unreachable.length;
  try {
    const requests = plans.map((p) => ({
      userId: p.user.id,
      localDate: p.localDate,
      due: p.user.nextNotificationAt,
      email: p.user.emailable,
    }));
    const claimed = await claimDays(db, now, Date.now(), requests);
    const mine = plans.filter((p) => claimed.has(p.user.id)).map((p) => ({ ...p, ...claimed.get(p.user.id)! }));
    const finishedElsewhere = plans.filter((p) => !claimed.has(p.user.id)).map(advanceOf);
    summary.alreadyHandled += finishedElsewhere.length;
    summary.retried += mine.filter((p) => p.attempt > 1).length;

    const outcomes = await remind(context, mine, summary);
    await recordBatch(db, now, outcomes, finishedElsewhere, unreachable);
    return true;
  } catch (err) {
    // Claims stay 'sending' and become claimable again once stale; the tick that takes them over
    // asks Postmark first whether this one's e-mails went out.
    console.error(`[reminders] ${context.label}: batch failed for users ${ids}: ${errorSummary(err)}`);
    summary.batchErrors++;
    summary.complete = false;
    return false;
  }
}

/** The Metadata pair that names one user's reminder for one local date, at Postmark. */
export const REMINDER_METADATA_KEY = "reminder";
export const reminderId = (userId: number, localDate: string) => `${userId}-${localDate}`;

type Claimed = Plan & ClaimedDay;
type Pending = {
  plan: Claimed;
  message: OutgoingEmail;
  notifications: Outcome["notifications"];
  names: string[];
  payload: PushPayload | null;
  push: PushDay | null;
};

/** Counts, e-mails and outcomes for the claimed users of a batch. */
async function remind(context: JobContext, plans: Claimed[], summary: TickSummary): Promise<Outcome[]> {
  const medications = await medicationsByUser(
    context.db,
    plans.map((p) => p.user.id),
  );
  const outcomes: Outcome[] = [];
  const pending: Pending[] = [];

  for (const p of plans) {
    const base = { userId: p.user.id, localDate: p.localDate, due: p.user.nextNotificationAt, notifications: [], medications: null };
    try {
      const composed = composeReminder({
        user: p.user,
        localDate: p.localDate,
        now: context.now,
        medications: medications.get(p.user.id) ?? [],
        baseUrl: context.baseUrl,
        key: context.key,
        metadata: { [REMINDER_METADATA_KEY]: reminderId(p.user.id, p.localDate) },
      });
      if (composed.kind === "nothing_due") {
        outcomes.push({ ...base, status: "nothing_due", error: null, next: p.next });
        summary.nothingDue++;
        continue;
      }
      pending.push({
        plan: p,
        message: composed.message,
        notifications: composed.notifications,
        names: composed.names,
        payload: composed.push,
        push: null,
      });
    } catch (err) {
      // One user's data must not fail the batch: this user's day is left in 'retry' (the next tick
      // that same local day claims it again), everyone else's goes on. Logged by kind only: the
      // error's text may quote the user's data.
      const kind = failureKind(err);
      const error = `could not build the reminder (${kind})`;
      if (dayGoesOn(context, p)) {
        console.error(`[reminders] user ${p.user.id}: reminder for ${p.localDate} could not be built (${kind}), retrying at the next tick`);
        outcomes.push({ ...base, status: "retry", error, next: null, pushState: p.pushState });
        summary.retry++;
      } else {
        console.error(
          `[reminders] user ${p.user.id}: reminder for ${p.localDate} could not be built (${kind}) and the local day ends before the next tick`,
        );
        outcomes.push({ ...base, status: "failed", error, next: p.next });
        summary.failed++;
      }
    }
  }

  // Push first (src/reminders/push.ts): whether it reached a device decides a push-only user's e-mail.
  const pushing = context.vapid ? pending.filter((o) => o.plan.user.remindersBy !== "email") : [];
  if (pushing.length > 0) {
    const targets = await pushTargets(
      context.db,
      pushing.map((o) => o.plan.user),
    );
    const days = await pushDays(
      pushing.map((o) => ({ user: o.plan.user, localDate: o.plan.localDate, state: o.plan.pushState, payload: o.payload! })),
      targets,
      context.vapid!,
    );
    pushing.forEach((o, i) => {
      o.push = days[i]!;
    });
  }
  const mailing = pending.filter((o) => wantsEmail(context, o));

  // An earlier attempt of a claim (answer lost, 5xx after acceptance, invocation stopped) may have
  // gone out: ask Postmark before sending again, so a lost answer never costs a second e-mail.
  const earlier = await Promise.all(
    mailing.map((o) => (o.plan.attempt > 1 ? alreadyAccepted(context.mailer, o.plan) : Promise.resolve<Earlier>("not-sent"))),
  );
  const toSend = mailing.filter((_, i) => earlier[i] === "not-sent");
  const results = await sendEach(
    context.mailer,
    toSend.map((o) => o.message),
  );
  const resultOf = new Map(toSend.map((o, i) => [o, results[i]!]));
  const emailOf = new Map<Pending, SendResult>();
  mailing.forEach((o, i) => {
    const found = earlier[i]!;
    emailOf.set(
      o,
      found === "accepted" ? { ok: true } : found === "not-sent" ? resultOf.get(o)! : { ok: false, permanent: false, error: found.error },
    );
  });

  for (const o of pending) outcomes.push(outcomeOf(context, o, emailOf.get(o) ?? null, summary));
  return outcomes;
}

const dayGoesOn = (context: JobContext, p: Plan) => localDateAt(context.now + HOUR, p.zone) === p.localDate;

/**
 * E-mail goes only to a confirmed, consenting address: when the user chose it, and for a push-only
 * user when the push reached no device and will not be tried again today (no device, all failed
 * for good, push off on the server): the fallback. A push in doubt (an earlier attempt died
 * mid-send) gets no fallback: it may have arrived.
 */
function wantsEmail(context: JobContext, o: Pending): boolean {
  if (!o.plan.user.emailable) return false;
  if (o.plan.user.remindersBy !== "push") return true;
  if (!o.push) return true;
  if (!o.push.state || o.push.reached) return false;
  return !(o.push.pending && dayGoesOn(context, o.plan));
}

type Earlier = "accepted" | "not-sent" | { error: string };

async function alreadyAccepted(mailer: Mailer, p: Claimed): Promise<Earlier> {
  try {
    return (await mailer.wasAccepted(REMINDER_METADATA_KEY, reminderId(p.user.id, p.localDate))) ? "accepted" : "not-sent";
  } catch (err) {
    // Unknown: sending could double it. Retried like an outage (the search is asked again).
    return { error: `could not tell whether an earlier attempt went out: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/**
 * The day's outcome from its two halves. A push and an e-mail of one day are one reminder: 'sent'
 * when either reached the user, 'retry' while either half is worth another tick today.
 */
function outcomeOf(
  context: JobContext,
  { plan: p, notifications, names, push }: Pending,
  email: SendResult | null,
  summary: TickSummary,
): Outcome {
  const base = {
    userId: p.user.id,
    localDate: p.localDate,
    due: p.user.nextNotificationAt,
    pushState: push ? push.state : p.pushState,
    goneDevices: push?.gone ?? [],
  };
  if (push) summary.pushed += push.state ? push.state.sent.length - (p.pushState?.sent.length ?? 0) : 0;
  const pushRetry = Boolean(push?.pending) && dayGoesOn(context, p);
  const emailRetry = email !== null && !email.ok && !email.permanent && dayGoesOn(context, p);
  if (pushRetry && !emailRetry) {
    console.error(
      `[reminders] user ${p.user.id}: push for ${p.localDate} not delivered to every device, retrying at the next tick: ${push!.errors.join("; ")}`,
    );
    summary.retry++;
    return { ...base, status: "retry", error: push!.errors.join("; "), next: null, notifications: [], medications: names };
  }
  if (email?.ok || (push?.reached && !emailRetry)) {
    summary.sent++;
    return { ...base, status: "sent", error: null, next: p.next, notifications, medications: names };
  }
  // Nothing reached the user. With no e-mail tried, nothing is left for today: the push is in doubt
  // (an earlier attempt may have delivered it), failed for good or ran out of day, and there is no
  // address to fall back to.
  const result = email ?? { ok: false as const, permanent: true, error: push?.errors.join("; ") || "nothing delivered" };
  const failed = { ...base, error: result.error, notifications: [], medications: names };
  if (email === null) {
    console.error(
      `[reminders] user ${p.user.id}: reminder for ${p.localDate} not delivered, and nothing is left to try today: ${result.error}`,
    );
    summary.failed++;
    return { ...failed, status: "failed", next: p.next };
  }
  if (result.permanent) {
    console.error(`[reminders] user ${p.user.id}: reminder for ${p.localDate} rejected, not retried: ${result.error}`);
    summary.rejected++;
    return { ...failed, status: "rejected", next: p.next };
  }
  if (!dayGoesOn(context, p)) {
    console.error(
      `[reminders] user ${p.user.id}: reminder for ${p.localDate} failed and the local day ends before the next tick: ${result.error}`,
    );
    summary.failed++;
    return { ...failed, status: "failed", next: p.next };
  }
  console.error(`[reminders] user ${p.user.id}: reminder for ${p.localDate} not sent, retrying at the next tick: ${result.error}`);
  summary.retry++;
  return { ...failed, status: "retry", next: null };
}

async function sendEach(mailer: Mailer, messages: OutgoingEmail[]): Promise<SendResult[]> {
  if (messages.length === 0) return [];
  try {
    return await mailer.send(messages);
  } catch (err) {
    // Mailer.send promises never to throw; if one does, treat it as an outage and retry later.
    return messages.map(() => ({ ok: false as const, permanent: false, error: `mailer threw: ${String(err)}` }));
  }
}
