import type { Db } from "../db/client";
import type { PushState } from "../db/schema";
import { pushTargetsOfUsers } from "../data/push";
import type { VapidKeys } from "../push/keys";
import type { PushPayload } from "../push/message";
import { REMINDER_PUSH_TTL, sendPush, type PushResult, type PushTarget } from "../push/send";
import type { DueUser } from "../data/reminder-claims";

// The push half of a day's reminder, before the e-mail half: every device of the user
// that the day has not yet reached or given up on gets one push. Exactly once per device and day:
// the day's claim (src/data/reminder-claims.ts claimDays) carries what earlier attempts recorded, and a
// day whose earlier attempt died mid-send (state unknown) is not pushed again at all.

/** Workers keep at most six connections open per invocation; more would only queue. */
const PARALLEL_PUSHES = 6;

export interface PushDay {
  /** The day's state after this attempt (null: unknown, nothing pushed). */
  state: PushState | null;
  /** Some device has the day's push (now or in an earlier attempt). */
  reached: boolean;
  /** Some device answered 429/5xx or could not be reached: worth another try next tick. */
  pending: boolean;
  /** Devices whose subscription the push service says is gone (404/410). */
  gone: number[];
  /** Why devices failed, for the day's log row (never an endpoint). */
  errors: string[];
}

export interface PushAsk {
  user: DueUser;
  localDate: string;
  state: PushState | null;
  /** The push's text, made with the rest of the user's reminder (src/reminders/compose.ts). */
  payload: PushPayload;
}

/**
 * Whether anything can carry the user's reminder today: their e-mail (confirmed and consenting;
 * also a push-only account's fallback), or push, when chosen and on here, to at least one device.
 */
export const reachable = (user: DueUser, pushOn: boolean) =>
  user.emailable || (pushOn && user.remindersBy !== "email" && user.pushDevices > 0);

/** The devices of these users, by user: one statement, only when some of them has one. */
export async function pushTargets(db: Db, users: DueUser[]): Promise<Map<number, PushTarget[]>> {
  const byUser = new Map<number, PushTarget[]>();
  const ids = users.filter((u) => u.pushDevices > 0).map((u) => u.id);
  if (ids.length === 0) return byUser;
  for (const { userId, ...target } of await pushTargetsOfUsers(db, ids)) byUser.set(userId, [...(byUser.get(userId) ?? []), target]);
  return byUser;
}

/** Pushes each ask's day to its devices; answers one PushDay per ask, in order. */
export async function pushDays(asks: PushAsk[], targets: Map<number, PushTarget[]>, vapid: VapidKeys): Promise<PushDay[]> {
  const jobs: Array<{ ask: number; target: PushTarget; payload: unknown; topic: string }> = [];
  asks.forEach((ask, i) => {
    if (!ask.state) return;
    const done = new Set([...ask.state.sent, ...ask.state.failed]);
    const payload = ask.payload;
    // One topic per user: a late push replaces an undelivered older one on the push service.
    const topic = `reminder-${ask.user.id}`;
    for (const target of targets.get(ask.user.id) ?? []) if (!done.has(target.id)) jobs.push({ ask: i, target, payload, topic });
  });
  const results: PushResult[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      const job = jobs[i]!;
      results[i] = await sendPush(job.target, job.payload, { ttl: REMINDER_PUSH_TTL, topic: job.topic, urgency: "normal" }, vapid);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PUSHES, jobs.length) }, worker));

  const days: PushDay[] = asks.map((ask) =>
    ask.state
      ? {
          state: { sent: [...ask.state.sent], failed: [...ask.state.failed] },
          reached: ask.state.sent.length > 0,
          pending: false,
          gone: [],
          errors: [],
        }
      : {
          state: null,
          reached: false,
          pending: false,
          gone: [],
          errors: ["push in doubt: an earlier attempt stopped while sending, so nothing is pushed again today"],
        },
  );
  jobs.forEach((job, i) => {
    const day = days[job.ask]!;
    const result = results[i]!;
    if (result.ok) {
      day.state!.sent.push(job.target.id);
      day.reached = true;
      return;
    }
    day.errors.push(`device ${job.target.id}: ${result.error}`);
    if (result.kind === "retry") {
      day.pending = true;
      return;
    }
    day.state!.failed.push(job.target.id);
    if (result.kind === "gone") day.gone.push(job.target.id);
    // Not the device's fault: a request we built wrong (413: payload too large, 400, 403 VAPID).
    else console.error(`[push] bug: user ${asks[job.ask]!.user.id} device ${job.target.id}: ${result.error}`);
  });
  return days;
}
