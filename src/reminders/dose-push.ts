import { claimDosePushes, doseSendContext, recordDosePushes, type DevPush } from "../data/dose-push";
import { createDb, type Db } from "../db/client";
import { dueAt, type PlanMedication } from "../domain/dose-push-times";
import { parseRegimen } from "../domain/regimen";
import { isLocal, type Env } from "../env";
import { errorSummary } from "../log/error-summary";
import { vapidKeys, type VapidKeys } from "../push/keys";
import { sendPush, type PushOptions, type PushResult } from "../push/send";
import { doseTag, dosePush } from "./dose-push-message";
import { claimKindOf, doseQueue, DOSE_PUSH_TTL, followUpOf, delayUntil, type DosePushMessage } from "./dose-push-queue";

// One dose push, consumed from REMINDER_QUEUE at its minute (the hourly plan, a follow-up or a
// snooze put it there with a delay, src/reminders/dose-push-plan.ts). Exactly once per device: the
// consumer claims (device, date, time, kind) before sending, so a duplicate or redelivered message,
// or two isolates, find the rows taken and send nothing. Only doses still unlogged when it runs are
// named; none left, nothing is sent. A device the push service could not take now (429/5xx, no
// network) gives its claim back and the message is retried for it alone. A first push queues its
// follow-up before claiming anything (see send).

/** Workers keep at most six connections open per invocation. */
const PARALLEL_PUSHES = 6;

export interface DosePushOutcome {
  /** Devices that got it now. */
  sent: number;
  /** Retry the message (some device is worth another try, or the database failed). */
  retry: boolean;
}

/** Sends one queued dose push; never throws. */
export async function runDosePush(env: Env, message: DosePushMessage, now = Date.now()): Promise<DosePushOutcome> {
  const vapid = vapidKeys(env);
  const about = message.person === undefined ? "" : ` about person ${message.person}`;
  const label = `dose push ${message.push} of user ${message.userId}${about} at ${message.date} ${message.at}`;
  if (!vapid) return { sent: 0, retry: false };
  if (now > message.dueAt + DOSE_PUSH_TTL * 1000) {
    console.warn(`[dose-push] ${label}: delivered more than ${DOSE_PUSH_TTL} s late; dropped`);
    return { sent: 0, retry: false };
  }
  try {
    return await send(env, createDb(env), vapid, message, label, now);
  } catch (err) {
    console.error(`[dose-push] ${label}: failed, retried by the queue: ${errorSummary(err)}`);
    return { sent: 0, retry: true };
  }
}

async function send(env: Env, db: Db, vapid: VapidKeys, message: DosePushMessage, label: string, now: number): Promise<DosePushOutcome> {
  const { date, at } = message;
  const context = await doseSendContext(db, message.userId, date, at, message.person);
  const user = context.user;
  // No person: the membership ended (or stopped reminding) since the plan; nothing of theirs goes out.
  if (!user?.doseReminders || context.devices.length === 0 || !context.person) return { sent: 0, retry: false };
  const medications: PlanMedication[] = context.medications.map((x) => ({ ...x, regimen: parseRegimen(x.regimen, x.pillsPerDay) }));
  const unlogged = dueAt(medications, date, at).filter((x) => !context.logged.has(x.id));
  if (unlogged.length === 0) return { sent: 0, retry: false };

  // The follow-up is queued before the claim: once claimed, a redelivery sends nothing, so a crash
  // between the two would lose it. A duplicate or retried message queues it again; the follow-up's
  // own claim sends it once per device.
  const followUp = followUpOf(message, user.doseFollowUpMinutes);
  const queue = doseQueue(env);
  if (followUp && queue) await queue.send(followUp, { delaySeconds: delayUntil(followUp.dueAt) });

  const claimed = await claimDosePushes(
    db,
    context.devices.map((d) => d.id),
    date,
    at,
    claimKindOf(message),
    now,
  );
  const targets = context.devices.filter((d) => claimed.has(d.id));
  const options: PushOptions = { ttl: DOSE_PUSH_TTL, topic: doseTag(date, at, message.person), urgency: "high" };
  const person = message.person === undefined ? null : { id: message.person, ...context.person };
  const payloads = targets.map((target) => dosePush(user, target.id, date, at, unlogged, person));
  const results = await sendAll(targets.map((target, i) => () => sendPush(target, payloads[i], options, vapid)));

  const retry: number[] = [];
  const gone: number[] = [];
  const outbox: DevPush[] = [];
  results.forEach((result, i) => {
    const target = targets[i]!;
    if (result.ok) {
      if (isLocal(env))
        outbox.push({
          deviceId: target.id,
          userId: user.id,
          sentAt: Date.now(),
          topic: options.topic,
          urgency: options.urgency,
          ttl: options.ttl,
          payload: payloads[i],
        });
      return;
    }
    if (result.kind === "retry") retry.push(target.id);
    else if (result.kind === "gone") gone.push(target.id);
    else console.error(`[push] bug: user ${user.id} device ${target.id}: ${result.error}`);
    if (result.kind !== "gone") console.error(`[dose-push] ${label}: device ${target.id}: ${result.error}`);
  });
  if (retry.length + gone.length + outbox.length > 0)
    await recordDosePushes(db, { date, at, kind: claimKindOf(message) }, retry, gone, outbox);

  return { sent: results.filter((r) => r.ok).length, retry: retry.length > 0 };
}

async function sendAll(jobs: Array<() => Promise<PushResult>>): Promise<PushResult[]> {
  const results: PushResult[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PUSHES, jobs.length) }, worker));
  return results;
}
