import type { Env } from "../env";

// The dose-time push's messages on REMINDER_QUEUE, beside the refill batches (src/reminders/fanout.ts):
// a plan of the tick's hour (dose-push-plan.ts) and one push of one user's time of day (dose-push.ts).

export type DosePushKind = "first" | "follow-up" | "snooze";

export interface DosePushMessage {
  kind: "dose-push";
  userId: number;
  date: string;
  at: string;
  /** The instant it is meant for: the dose's minute, or that plus the follow-up or snooze delay. */
  dueAt: number;
  push: DosePushKind;
  /** The claim's kind: 'first', 'follow-up' or 'snooze-<minute of the snooze>'. */
  claim: string;
  /** A person without an account the push is about (the receiver a member of theirs); left out: the receiver's own. */
  person?: number;
}

export interface DosePlanMessage {
  kind: "dose-plan";
  /** The tick's scheduled time: the hour planned is [scheduledTime, scheduledTime + 1 h). */
  scheduledTime: number;
  /** Users after this id (a plan too big for one invocation continues in a new message). */
  afterUserId: number;
}

export type DoseQueueMessage = DosePlanMessage | DosePushMessage;

/** Kept by the push service this long; a message redelivered later than that is dropped too. */
export const DOSE_PUSH_TTL = 3_600;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** REMINDER_QUEUE, for the dose messages it carries beside the refill batches. */
export const doseQueue = (env: Env) => env.REMINDER_QUEUE as unknown as Queue<DoseQueueMessage> | undefined;

/** A dose push message this consumer can trust, or null. */
export function asDosePushMessage(body: unknown): DosePushMessage | null {
  if (typeof body !== "object" || body === null || (body as { kind?: unknown }).kind !== "dose-push") return null;
  const b = body as Partial<DosePushMessage>;
  if (!Number.isSafeInteger(b.userId) || (b.userId as number) <= 0) return null;
  if (typeof b.date !== "string" || !DATE.test(b.date) || typeof b.at !== "string" || !TIME.test(b.at)) return null;
  if (!Number.isSafeInteger(b.dueAt) || !["first", "follow-up", "snooze"].includes(b.push as string)) return null;
  if (typeof b.claim !== "string" || !/^(?:first|follow-up|snooze-\d{1,12})$/.test(b.claim)) return null;
  if (b.person !== undefined && (!Number.isSafeInteger(b.person) || b.person <= 0)) return null;
  return b as DosePushMessage;
}

/** A plan message this consumer can trust, or null. */
export function asDosePlanMessage(body: unknown): DosePlanMessage | null {
  if (typeof body !== "object" || body === null || (body as { kind?: unknown }).kind !== "dose-plan") return null;
  const { scheduledTime, afterUserId } = body as Partial<DosePlanMessage>;
  if (!Number.isSafeInteger(scheduledTime) || !Number.isSafeInteger(afterUserId) || (afterUserId as number) < 0) return null;
  return { kind: "dose-plan", scheduledTime: scheduledTime!, afterUserId: afterUserId! };
}

/** Seconds until `at` (a queue delay; Queues take up to 12 hours). */
export const delayUntil = (at: number, now = Date.now()) => Math.min(43_200, Math.max(0, Math.ceil((at - now) / 1000)));

/**
 * The claim a message takes on each device: its own kind, suffixed with the person for a push about
 * someone else, so the receiver's own push and Dad's at the same minute are claimed apart.
 */
export const claimKindOf = (message: Pick<DosePushMessage, "claim" | "person">) =>
  message.person === undefined ? message.claim : `${message.claim}-p${message.person}`;

/** The follow-up of a first push, when the user asked for one. */
export function followUpOf(message: DosePushMessage, minutes: number): DosePushMessage | null {
  if (message.push !== "first" || minutes <= 0) return null;
  return { ...message, push: "follow-up", claim: "follow-up", dueAt: message.dueAt + minutes * 60_000 };
}
