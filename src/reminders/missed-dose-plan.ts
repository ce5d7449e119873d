import { missedPlanPage } from "../data/missed-dose";
import { createDb } from "../db/client";
import { doseTimesBetween, type PlanMedication } from "../domain/dose-push-times";
import { parseRegimen } from "../domain/regimen";
import { zoneOrUtc } from "../domain/time";
import type { Env } from "../env";
import { errorSummary } from "../log/error-summary";
import { delayUntil, doseQueue } from "./dose-push-queue";

// The hourly plan of missed-dose alerts, beside the dose pushes' (dose-push-plan.ts) and the same
// way: each tick puts one plan message on REMINDER_QUEUE; its consumer reads the people some member
// watches, a page at a time, and queues one check per (member, local date, time) whose dose falls in
// the tick's hour, delayed to the dose's minute plus that member's minutes. The check
// (missed-dose.ts) decides at that moment whether anything is still unlogged, and its claim sends
// it once: a redelivered or doubled plan queues the same checks again, harmlessly.

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** People per page: one batch (people, members, medications) in one round trip. */
export const MISSED_PLAN_PAGE_SIZE = 200;
/** Queues' sendBatch takes at most 100 messages. */
const MESSAGES_PER_SEND = 100;
/** A plan invocation's subrequests (of 1,000): pages read and sendBatch calls; past it, a continuation. */
const PLAN_SUBREQUESTS = 900;

export interface MissedPlanMessage {
  kind: "missed-plan";
  /** The tick's scheduled time: the doses of [scheduledTime, scheduledTime + 1 h) are planned. */
  scheduledTime: number;
  /** People after this id (a plan too big for one invocation continues in a new message). */
  afterPersonId: number;
}

export interface MissedCheckMessage {
  kind: "missed-check";
  personId: number;
  /** The member to alert. */
  userId: number;
  date: string;
  at: string;
  /** The dose's instant on the person's clock. */
  dueAt: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const id = (n: unknown) => Number.isSafeInteger(n) && (n as number) > 0;

/** A missed-dose message this consumer can trust, or null (not one of ours). */
export function asMissedMessage(body: unknown): MissedPlanMessage | MissedCheckMessage | null {
  if (typeof body !== "object" || body === null) return null;
  const b = body as Record<string, unknown>;
  if (b.kind === "missed-plan")
    return Number.isSafeInteger(b.scheduledTime) && Number.isSafeInteger(b.afterPersonId) && (b.afterPersonId as number) >= 0
      ? { kind: "missed-plan", scheduledTime: b.scheduledTime as number, afterPersonId: b.afterPersonId as number }
      : null;
  if (b.kind !== "missed-check" || !id(b.personId) || !id(b.userId) || !Number.isSafeInteger(b.dueAt)) return null;
  if (typeof b.date !== "string" || !DATE.test(b.date) || typeof b.at !== "string" || !TIME.test(b.at)) return null;
  const { personId, userId, date, at, dueAt } = b as unknown as MissedCheckMessage;
  return { kind: "missed-check", personId, userId, date, at, dueAt };
}

/** The tick's part: one plan message (when a queue is bound). Never throws. */
export async function queueMissedDosePlan(env: Env, scheduledTime: number): Promise<boolean> {
  const queue = doseQueue(env) as Queue<MissedPlanMessage> | undefined;
  if (!queue) return false;
  try {
    await queue.send({ kind: "missed-plan", scheduledTime, afterPersonId: 0 });
    return true;
  } catch (err) {
    console.error(`[missed-dose] plan of ${new Date(scheduledTime).toISOString()} not queued: ${errorSummary(err)}`);
    return false;
  }
}

/** The medications whose regimen reads; a bad one is logged and left out, never stopping the others. */
export function readableMedications<T extends { id: number; regimen: string; pillsPerDay: number }>(rows: T[]) {
  return rows.flatMap((x) => {
    try {
      return [{ ...x, regimen: parseRegimen(x.regimen, x.pillsPerDay) }];
    } catch (err) {
      console.error(`[missed-dose] medication ${x.id}: unreadable regimen, left out: ${errorSummary(err)}`);
      return [];
    }
  });
}

export interface WatchingMember {
  userId: number;
  minutes: number;
  /** When alerts were turned on: no check for a dose before it. */
  since: number | null;
}

/** One person's checks of the hour: a message per alerting member and time of day, with its instant to run. */
export function missedChecks(
  personId: number,
  timezone: string,
  medications: PlanMedication[],
  members: WatchingMember[],
  scheduledTime: number,
): Array<{ body: MissedCheckMessage; checkAt: number }> {
  const times = doseTimesBetween(medications, zoneOrUtc(timezone), scheduledTime, scheduledTime + HOUR);
  return times.flatMap((time) =>
    members
      .filter((member) => member.since !== null && member.since <= time.dueAt)
      .map((member) => ({
        body: { kind: "missed-check" as const, personId, userId: member.userId, date: time.date, at: time.at, dueAt: time.dueAt },
        checkAt: time.dueAt + member.minutes * MINUTE,
      })),
  );
}

export interface MissedPlanSummary {
  people: number;
  queued: number;
  /** Where a continuation starts, when the plan ran out of subrequests; null: done. */
  continueAfter: number | null;
}

/** Plans the hour from `afterPersonId` on; throws on a database or queue failure (the message is retried). */
export async function runMissedDosePlan(env: Env, message: MissedPlanMessage): Promise<MissedPlanSummary> {
  const queue = doseQueue(env) as Queue<MissedPlanMessage | MissedCheckMessage> | undefined;
  const summary: MissedPlanSummary = { people: 0, queued: 0, continueAfter: null };
  if (!queue) return summary;
  const db = createDb(env);
  let after = message.afterPersonId;
  let subrequests = 0;
  for (;;) {
    const page = await missedPlanPage(db, after, MISSED_PLAN_PAGE_SIZE);
    subrequests++;
    if (page.people.length === 0) break;
    const checks = page.people.flatMap((personId) => {
      try {
        const rows = page.medications.filter((x) => x.personId === personId);
        const members = page.members.filter((x) => x.personId === personId);
        if (rows.length === 0) return [];
        return missedChecks(personId, rows[0]!.timezone, readableMedications(rows), members, message.scheduledTime);
      } catch (err) {
        // One person's data must not stop everyone else's alerts.
        console.error(`[missed-dose] person ${personId}: could not plan the hour: ${errorSummary(err)}`);
        return [];
      }
    });
    for (let i = 0; i < checks.length; i += MESSAGES_PER_SEND) {
      const now = Date.now();
      await queue.sendBatch(
        checks.slice(i, i + MESSAGES_PER_SEND).map((c) => ({ body: c.body, delaySeconds: delayUntil(c.checkAt, now) })),
      );
      subrequests++;
    }
    summary.people += page.people.length;
    summary.queued += checks.length;
    after = page.people[page.people.length - 1]!;
    if (page.people.length < MISSED_PLAN_PAGE_SIZE) break;
    // The next page may cost a read and a send per 100 checks (a few per person): stop while that fits.
    if (subrequests + 1 + Math.ceil((MISSED_PLAN_PAGE_SIZE * 8) / MESSAGES_PER_SEND) > PLAN_SUBREQUESTS) {
      await queue.send({ kind: "missed-plan", scheduledTime: message.scheduledTime, afterPersonId: after });
      summary.continueAfter = after;
      break;
    }
  }
  console.log(JSON.stringify({ event: "missed_dose_plan", scheduledTime: new Date(message.scheduledTime).toISOString(), ...summary }));
  return summary;
}
