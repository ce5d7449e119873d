import { planPage } from "../data/dose-push";
import { createDb } from "../db/client";
import { doseTimesBetween, type PlanMedication } from "../domain/dose-push-times";
import { parseRegimen } from "../domain/regimen";
import { zoneOrUtc } from "../domain/time";
import type { Env } from "../env";
import { errorSummary } from "../log/error-summary";
import { vapidKeys } from "../push/keys";
import { delayUntil, doseQueue, type DosePlanMessage, type DosePushMessage } from "./dose-push-queue";

// The hourly plan of dose pushes. The Cron Trigger stays the only schedule: each tick puts one
// plan message on REMINDER_QUEUE (its own invocation, so the refill reminders keep their budget),
// and the plan's consumer reads the users with push devices and dose reminders on, a page at a
// time, and queues one message per (user, local date, time) whose minute falls in the tick's hour,
// delayed to that minute. A plan message redelivered or doubled queues the same pushes again: the
// consumer's claims (src/reminders/dose-push.ts) send each once.

const HOUR = 3_600_000;
/** Users per page: one statement pair (users, their medications) in one round trip. */
export const PLAN_PAGE_SIZE = 500;
/** Queues' sendBatch takes at most 100 messages (each well under 1 KB here). */
const MESSAGES_PER_SEND = 100;
/** A plan invocation's subrequests (of 1,000): pages read and sendBatch calls; past it, a continuation. */
export const PLAN_SUBREQUESTS = 900;

/** The tick's part: one plan message (when push is on and a queue is bound). Never throws. */
export async function queueDosePlan(env: Env, scheduledTime: number): Promise<boolean> {
  const queue = doseQueue(env);
  if (!queue || !vapidKeys(env)) return false;
  try {
    await queue.send({ kind: "dose-plan", scheduledTime, afterUserId: 0 });
    return true;
  } catch (err) {
    console.error(`[dose-push] plan of ${new Date(scheduledTime).toISOString()} not queued: ${errorSummary(err)}`);
    return false;
  }
}

/** A medication to plan, with the person it is about (null: the receiver's own) and that person's zone. */
export type PlannedMedication = PlanMedication & { person: number | null; zone?: string };

/**
 * The pushes of one user's hour, as queue messages: one per time of day for its own medications, and
 * one per time for each person without an account it is reminded of. Each at the person's local
 * minute (a person's day is in the person's zone: Dad's 08:00 in Lisbon, wherever his daughter is);
 * the receiver's zone only for a medication read without one.
 */
export function dosePushMessages(
  user: { id: number; timezone: string },
  medications: Array<PlanMedication & { person?: number | null; zone?: string | null }>,
  scheduledTime: number,
): DosePushMessage[] {
  const byPerson = new Map<number | null, PlanMedication[]>();
  const zones = new Map<number | null, string>();
  for (const x of medications) {
    byPerson.set(x.person ?? null, [...(byPerson.get(x.person ?? null) ?? []), x]);
    zones.set(x.person ?? null, zoneOrUtc(x.zone ?? user.timezone));
  }
  return [...byPerson].flatMap(([person, list]) =>
    doseTimesBetween(list, zones.get(person)!, scheduledTime, scheduledTime + HOUR).map(
      (time): DosePushMessage => ({
        kind: "dose-push",
        userId: user.id,
        date: time.date,
        at: time.at,
        dueAt: time.dueAt,
        push: "first",
        claim: "first",
        ...(person !== null && { person }),
      }),
    ),
  );
}

export interface PlanSummary {
  users: number;
  queued: number;
  /** Where a continuation starts, when the plan ran out of subrequests; null: done. */
  continueAfter: number | null;
}

/** Plans the hour from `afterUserId` on; throws on a database or queue failure (the message is retried). */
export async function runDosePlan(env: Env, message: DosePlanMessage): Promise<PlanSummary> {
  const queue = doseQueue(env);
  const summary: PlanSummary = { users: 0, queued: 0, continueAfter: null };
  if (!queue || !vapidKeys(env)) return summary;
  const db = createDb(env);
  let after = message.afterUserId;
  let subrequests = 0;
  for (;;) {
    const page = await planPage(db, after, PLAN_PAGE_SIZE);
    subrequests++;
    if (page.users.length === 0) break;
    const byUser = new Map<number, PlannedMedication[]>();
    for (const { userId, ...x } of page.medications)
      byUser.set(userId, [
        ...(byUser.get(userId) ?? []),
        { ...x, person: x.person === null ? null : Number(x.person), regimen: parseRegimen(x.regimen, x.pillsPerDay) },
      ]);
    const messages = page.users.flatMap((user) => {
      try {
        return dosePushMessages(user, byUser.get(user.id) ?? [], message.scheduledTime);
      } catch (err) {
        // One user's data must not stop everyone else's pushes.
        console.error(`[dose-push] user ${user.id}: could not plan the hour: ${errorSummary(err)}`);
        return [];
      }
    });
    for (let i = 0; i < messages.length; i += MESSAGES_PER_SEND) {
      const now = Date.now();
      await queue.sendBatch(messages.slice(i, i + MESSAGES_PER_SEND).map((body) => ({ body, delaySeconds: delayUntil(body.dueAt, now) })));
      subrequests++;
    }
    summary.users += page.users.length;
    summary.queued += messages.length;
    after = page.users[page.users.length - 1]!.id;
    if (page.users.length < PLAN_PAGE_SIZE) break;
    // The next page may cost a read and a send per 100 of its users' doses: stop while that still fits.
    if (subrequests + 1 + Math.ceil((PLAN_PAGE_SIZE * 8) / MESSAGES_PER_SEND) > PLAN_SUBREQUESTS) {
      await queue.send({ kind: "dose-plan", scheduledTime: message.scheduledTime, afterUserId: after });
      summary.continueAfter = after;
      break;
    }
  }
  console.log(JSON.stringify({ event: "dose_plan", scheduledTime: new Date(message.scheduledTime).toISOString(), ...summary }));
  return summary;
}
