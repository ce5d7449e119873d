import type { DevPush } from "../data/dose-push";
import { claimMissedDose, missedCheckContext, recordMissedDose } from "../data/missed-dose";
import { createDb, type Db } from "../db/client";
import { dueAt } from "../domain/dose-push-times";
import { zoneOrUtc } from "../domain/time";
import { isLocal, type Env } from "../env";
import { formatTime } from "../i18n/format";
import { currentLocale } from "../i18n/current";
import { isolate } from "../i18n/Rich";
import * as m from "../generated/i18n";
import { errorSummary } from "../log/error-summary";
import { inAccountLocale } from "../mail/locale";
import { appUrl, createMailer } from "../mail/mailer";
import { missedDoseEmail } from "../mail/templates/MissedDoseEmail";
import { vapidKeys } from "../push/keys";
import type { PushPayload } from "../push/message";
import { sendPush, type PushOptions, type PushTarget } from "../push/send";
import { doseQueue, delayUntil } from "./dose-push-queue";
import { asMissedMessage, readableMedications, runMissedDosePlan, type MissedCheckMessage } from "./missed-dose-plan";

// One missed-dose check, consumed from REMINDER_QUEUE when its member's minutes have passed since
// the dose (the hourly plan put it there with that delay, missed-dose-plan.ts). It reads, at that
// moment, whether the member still wants alerts (and had them on before the dose) and what of that
// time is still unlogged; nothing left, nothing is sent. Then it claims (person, member, date, time)
// and sends one push to the member's devices, or, with no device (or push off here), one e-mail when
// the member's address takes mail. Nothing got through and worth another try: the claim is given
// back and the message retried.

const MINUTE = 60_000;
/** A check delivered this late is dropped: an alert hours after the fact helps nobody. */
export const MISSED_CHECK_LATEST = 2 * 3_600_000;
/** The push service keeps an alert this long (s) for a device that is off. */
const MISSED_PUSH_TTL = 3_600;
/** Workers keep at most six connections open per invocation. */
const PARALLEL_PUSHES = 6;

export type MissedOutcome = "pushed" | "emailed" | "nothing" | "later" | "retry";

/** The text of an alert: it names the person, the time on the person's clock, and the medications only when the member allows names. */
export function missedDoseText(
  member: { locale: string | null; pushShowNames: boolean },
  person: string,
  at: number,
  timezone: string,
  names: string[],
) {
  return inAccountLocale(member.locale, () => {
    const lang = currentLocale();
    const time = formatTime(at, zoneOrUtc(timezone));
    const text = member.pushShowNames
      ? m.missed_dose_text_names({
          person,
          time,
          names: new Intl.ListFormat(lang, { type: "conjunction" }).format(names.map((name) => isolate(name))),
        })
      : m.missed_dose_text({ person, time });
    return { lang, time, text };
  });
}

/** The push a member's devices get: one per (person, date, time), replacing nothing else. */
export function missedDosePush(
  member: { locale: string | null; pushShowNames: boolean },
  person: { id: number; name: string },
  message: MissedCheckMessage,
  timezone: string,
  names: string[],
): PushPayload {
  const { lang, text } = missedDoseText(member, isolate(person.name), message.dueAt, timezone, names);
  const title = inAccountLocale(member.locale, () => m.missed_dose_title());
  return { title, body: text, url: "/", tag: `missed-${person.id}-${message.date}-${message.at.replace(":", "")}`, lang };
}

/** The queue consumer's hook: handles a missed-dose message (true) or leaves it to the others (false). */
export async function consumeMissedDoseMessage(env: Env, message: Message<unknown>): Promise<boolean> {
  const body = asMissedMessage(message.body);
  if (!body) return false;
  if (body.kind === "missed-plan") {
    try {
      await runMissedDosePlan(env, body);
      message.ack();
    } catch (err) {
      // Checks already queued are claimed when sent: planning the hour again doubles none.
      console.error(`[missed-dose] plan message ${message.id} failed, retried: ${errorSummary(err)}`);
      message.retry();
    }
    return true;
  }
  const outcome = await runMissedCheck(env, body);
  if (outcome === "retry") message.retry();
  else message.ack();
  return true;
}

/** Runs one check; never throws. */
export async function runMissedCheck(env: Env, message: MissedCheckMessage, now = Date.now()): Promise<MissedOutcome> {
  const label = `missed-dose check of person ${message.personId} for member ${message.userId} at ${message.date} ${message.at}`;
  try {
    return await check(env, createDb(env), message, label, now);
  } catch (err) {
    console.error(`[missed-dose] ${label}: failed, retried by the queue: ${errorSummary(err)}`);
    return "retry";
  }
}

async function check(env: Env, db: Db, message: MissedCheckMessage, label: string, now: number): Promise<MissedOutcome> {
  const { personId, userId, date, at } = message;
  const context = await missedCheckContext(db, personId, userId, date, at);
  const member = context.member;
  if (!member?.alerts || member.since === null || member.since > message.dueAt) return "nothing";
  const due = message.dueAt + member.minutes * MINUTE;
  if (now < due - MINUTE) {
    // The member chose more minutes since the plan: check again then.
    await doseQueue(env)?.send(message as never, { delaySeconds: delayUntil(due, now) });
    return "later";
  }
  if (now > due + MISSED_CHECK_LATEST) {
    console.warn(`[missed-dose] ${label}: delivered too late; dropped`);
    return "nothing";
  }
  const medications = readableMedications(context.medications);
  const unlogged = dueAt(medications, date, at).filter((x) => !context.logged.has(x.id));
  if (unlogged.length === 0) return "nothing";
  const timezone = context.medications[0]!.timezone;
  const vapid = vapidKeys(env);
  const devices = vapid ? context.devices : [];
  if (devices.length === 0 && !member.emailable) return "nothing";
  if (!(await claimMissedDose(db, personId, userId, date, at, now))) return "nothing";
  const names = unlogged.map((x) => x.name);
  const claim = { personId, userId, date, at };

  if (devices.length > 0) {
    const payload = missedDosePush(member, { id: personId, name: member.personName }, message, timezone, names);
    const options: PushOptions = { ttl: MISSED_PUSH_TTL, topic: payload.tag, urgency: "high" };
    const results = await inParallel(devices.map((target: PushTarget) => () => sendPush(target, payload, options, vapid!)));
    const gone = devices.filter((_, i) => !results[i]!.ok && (results[i] as { kind: string }).kind === "gone").map((d) => d.id);
    const reached = results.some((r) => r.ok);
    const retry = !reached && results.some((r) => !r.ok && r.kind === "retry");
    const outbox: DevPush[] = isLocal(env)
      ? devices
          .filter((_, i) => results[i]!.ok)
          .map((d) => ({
            deviceId: d.id,
            userId,
            sentAt: Date.now(),
            topic: options.topic!,
            urgency: "high",
            ttl: MISSED_PUSH_TTL,
            payload,
          }))
      : [];
    for (const r of results) if (!r.ok && r.kind !== "gone") console.error(`[missed-dose] ${label}: ${r.error}`);
    if (retry || gone.length > 0 || outbox.length > 0) await recordMissedDose(db, claim, retry, gone, outbox);
    return retry ? "retry" : reached ? "pushed" : "nothing";
  }

  const email = inAccountLocale(member.locale, () =>
    missedDoseEmail({
      to: member.email,
      person: member.personName,
      time: formatTime(message.dueAt, zoneOrUtc(timezone)),
      names: member.pushShowNames ? names : null,
      dashboardUrl: `${appUrl(env)}/`,
    }),
  );
  const [result] = await createMailer(env, db).send([email]);
  if (result!.ok) return "emailed";
  console.error(`[missed-dose] ${label}: e-mail not sent: ${result!.error}`);
  if (result!.permanent) return "nothing";
  await recordMissedDose(db, claim, true, [], []);
  return "retry";
}

async function inParallel<T>(jobs: Array<() => Promise<T>>): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
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
