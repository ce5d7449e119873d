import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { vi } from "vitest";
import { medications, people, pharmacies, reminderLog, users } from "../src/db/schema";
import worker from "../src/index";
import { nextReminderAt } from "../src/domain/time";
import type { ReminderBatchMessage } from "../src/reminders/fanout";
import { db, uniqueName } from "./helpers";

// Shared by the reminder tests: users, pharmacies and medications written straight to the database
// (no dependency on the medications API), the cron fired as Cloudflare fires it, and Postmark
// answered at the fetch boundary — the only thing mocked.

export const postmarkEnv = { ...env, POSTMARK_SERVER_TOKEN: "server-token-for-tests", APP_SECRET: "app-secret-for-tests" };
export const at = (iso: string) => Date.parse(iso);

/** Fires the hourly cron at `scheduledTime`, as Cloudflare does, and waits for it to finish. */
export async function tick(scheduledTime: number | string, bindings: Cloudflare.Env = postmarkEnv) {
  const controller = createScheduledController({
    scheduledTime: typeof scheduledTime === "string" ? at(scheduledTime) : scheduledTime,
    cron: "0 * * * *",
  });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, bindings, ctx);
  await waitOnExecutionContext(ctx);
}

const created: number[] = [];

export interface ReminderUser {
  id: number;
  email: string;
}

/** A consenting user whose settings were saved at `savedAt` (so their next reminder follows from it). */
export async function makeUser(options: {
  timezone: string;
  hour: number;
  savedAt: number | string;
  days?: number;
  consent?: boolean;
  fullName?: string;
  confirmed?: boolean;
  /** The account's saved language (BCP 47); null or left out: none saved (English e-mails). */
  locale?: string | null;
}): Promise<ReminderUser> {
  const username = uniqueName("rem");
  const savedAt = typeof options.savedAt === "string" ? at(options.savedAt) : options.savedAt;
  const [row] = await db()
    .insert(users)
    .values({
      username,
      usernameKey: username,
      passwordHash: "not used by these tests",
      email: `${username}@example.com`,
      fullName: options.fullName ?? `Pat ${username}`,
      locale: options.locale ?? null,
      timezone: options.timezone,
      timezoneChosen: true,
      notificationHour: options.hour,
      notificationDays: options.days ?? 7,
      emailConsent: options.consent ?? true,
      nextNotificationAt: nextReminderAt(options.timezone, options.hour, savedAt),
      createdAt: savedAt,
      // Reminders go only to confirmed addresses; `confirmed: false` makes one that is not.
      emailConfirmedAt: options.confirmed === false ? null : savedAt,
    })
    .returning({ id: users.id, email: users.email });
  created.push(row.id);
  return row;
}

export async function addMedication(
  userId: number,
  m: {
    name?: string;
    pillsRemaining: number;
    pillsPerDay?: number;
    countedOn: string;
    pharmacy?: { name: string; phoneNumber: string } | null;
  },
) {
  let pharmacyId: number | null = null;
  if (m.pharmacy !== null) {
    const pharmacy = m.pharmacy ?? { name: "Corner Pharmacy", phoneNumber: "+12125550199" };
    [{ id: pharmacyId }] = await db()
      .insert(pharmacies)
      .values({ userId, ...pharmacy })
      .returning({ id: pharmacies.id });
  }
  const [row] = await db()
    .insert(medications)
    .values({
      userId,
      name: m.name ?? "Metformin",
      pharmacyId,
      pillsPerDay: m.pillsPerDay ?? 1,
      pillsRemaining: m.pillsRemaining,
      countedOn: m.countedOn,
      pillsPerRefill: 30,
    })
    .returning({ id: medications.id });
  return row.id;
}

/** A user due at `hour` with one medication `daysLeft` days from running out on `countedOn`. */
export async function userWithMedication(options: Parameters<typeof makeUser>[0] & { daysLeft: number; countedOn: string }) {
  const user = await makeUser(options);
  await addMedication(user.id, { pillsRemaining: options.daysLeft, countedOn: options.countedOn });
  return user;
}

/** Users made some other way, to be deleted after the test too. */
export const trackUsers = (ids: number[]) => created.push(...ids);

export async function deleteCreatedUsers() {
  const all = created.splice(0);
  // Chunks: D1 binds at most 100 parameters per statement.
  for (let i = 0; i < all.length; i += 90) {
    const ids = all.slice(i, i + 90);
    // Medications first: a pharmacy still referenced by a medication cannot go (ON DELETE RESTRICT).
    await db().batch([db().delete(medications).where(inArray(medications.userId, ids)), db().delete(users).where(inArray(users.id, ids))]);
  }
}

/** Deletes the people without an account a test added (`ids` is emptied): they outlive their owner's account. */
export async function deleteCreatedPeople(ids: number[]) {
  if (ids.length)
    await db()
      .delete(people)
      .where(inArray(people.id, ids.splice(0)));
}

export const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0];
export const logRows = (userId: number) =>
  db().select().from(reminderLog).where(eq(reminderLog.userId, userId)).orderBy(reminderLog.localDate);

/**
 * How Postmark answers one send. Beyond plain errors, the faults where it accepted the message and
 * the answer never arrived: "accepted-then-lost" (network error after acceptance), "accepted-then-500",
 * and "hang" / "accepted-then-hang" (no answer ever: the invocation is stopped there).
 */
export type Answer =
  | "ok"
  | 500
  | 503
  | 429
  | "network"
  | "accepted-then-lost"
  | "accepted-then-500"
  | "hang"
  | "accepted-then-hang"
  | { status: 422; errorCode: number };

/** A message search that fails, or that does not find a message Postmark accepted moments ago. */
export type SearchAnswer = number | "network" | "not-indexed-yet";

export interface PostmarkMessage {
  From: string;
  To: string;
  Subject: string;
  TextBody: string;
  HtmlBody: string;
  Tag?: string;
  MessageStream: string;
  Headers: Array<{ Name: string; Value: string }>;
  Metadata?: Record<string, string>;
}

export const POSTMARK_SEND_URL = "https://api.postmarkapp.com/email";
export const POSTMARK_SEARCH_URL = "https://api.postmarkapp.com/messages/outbound";

/**
 * Postmark at the fetch boundary: the single-message endpoint and the outbound message search by
 * Metadata. Send answers come from a queue (then 200 OK); every accepted message is kept, so
 * `delivered(to)` counts the e-mails that reach an inbox, and the search finds what was accepted.
 * `searchAnswers` queues failures of the search (a status code or "network").
 */
export function mockPostmark() {
  const queue: Answer[] = [];
  const searchQueue: SearchAnswer[] = [];
  const inactive = new Set<string>();
  const calls: Array<{ token: string | null; messages: PostmarkMessage[]; accepted: string[] }> = [];
  const accepted: PostmarkMessage[] = [];
  const searches: string[] = [];
  const never = new Promise<Response>(() => {});
  const passThrough = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    // The libSQL client's requests (tests on the HTTP database) go where they were going.
    if (url.hostname === "127.0.0.1") return passThrough(request);
    if (request.method === "GET" && `${url.origin}${url.pathname}` === POSTMARK_SEARCH_URL) {
      const [key, value] = [...url.searchParams].find(([k]) => k.startsWith("metadata_")) ?? [];
      searches.push(value ?? "");
      const failure = searchQueue.shift();
      if (failure === "network") throw new TypeError("Network connection lost.");
      if (failure === "not-indexed-yet") return Response.json({ TotalCount: 0, Messages: [] });
      if (failure) return Response.json({ ErrorCode: 0, Message: `status ${failure}` }, { status: failure });
      const found = accepted.filter((m) => key && m.Metadata?.[key.slice("metadata_".length)] === value);
      return Response.json({
        TotalCount: found.length,
        Messages: found.slice(0, 1).map((m) => ({ To: [{ Email: m.To }], Metadata: m.Metadata })),
      });
    }
    if (request.url !== POSTMARK_SEND_URL || request.method !== "POST")
      throw new Error(`unexpected fetch ${request.method} ${request.url}`);
    const message = (await request.json()) as PostmarkMessage;
    const call = { token: request.headers.get("X-Postmark-Server-Token"), messages: [message], accepted: [] as string[] };
    calls.push(call);
    if (inactive.has(message.To)) {
      return Response.json(
        { ErrorCode: 406, Message: "You tried to send to recipient(s) that have been marked as inactive." },
        { status: 422 },
      );
    }
    const answer = queue.shift() ?? "ok";
    const accept = () => {
      call.accepted.push(message.To);
      accepted.push(message);
    };
    if (answer === "network") throw new TypeError("Network connection lost.");
    if (answer === "hang") return never;
    if (typeof answer === "number")
      return Response.json({ ErrorCode: answer === 429 ? 429 : 0, Message: `status ${answer}` }, { status: answer });
    if (typeof answer === "object")
      return Response.json(
        { ErrorCode: answer.errorCode, Message: "You tried to send to recipient(s) that have been marked as inactive." },
        { status: answer.status },
      );
    accept();
    if (answer === "accepted-then-lost") throw new TypeError("Network connection lost.");
    if (answer === "accepted-then-500") return Response.json({ ErrorCode: 0, Message: "status 500" }, { status: 500 });
    if (answer === "accepted-then-hang") return never;
    return Response.json({
      ErrorCode: 0,
      Message: "OK",
      MessageID: `msg-${calls.length}`,
      SubmittedAt: new Date().toISOString(),
      To: message.To,
    });
  });
  return {
    calls,
    searches,
    answer: (...answers: Answer[]) => queue.push(...answers),
    /** The next searches answer these instead: a failure (status or "network"), or nothing found yet. */
    searchAnswers: (...answers: SearchAnswer[]) => searchQueue.push(...answers),
    /** Postmark marks this address inactive: every send to it answers 422 / 406. */
    deactivate: (to: string) => inactive.add(to),
    attempted: (to: string) => calls.flatMap((c) => c.messages).filter((m) => m.To === to).length,
    delivered: (to: string) => calls.flatMap((c) => c.accepted).filter((t) => t === to).length,
    messagesTo: (to: string) => calls.flatMap((c) => c.messages).filter((m) => m.To === to),
    restore: () => spy.mockRestore(),
  };
}

// Queue fan-out (test/reminders.queue.test.ts). The producer is the real binding that the test pool
// makes from wrangler.toml; capturing its sendBatch keeps the pool's own consumer from also
// delivering the messages, so each test decides when and how often a batch is processed.

export const REMINDER_QUEUE_NAME = "refill-tracker-reminders";

/** Records what the tick sends to REMINDER_QUEUE instead of enqueuing it. */
export function captureQueue(bindings: Cloudflare.Env = postmarkEnv) {
  const queue = bindings.REMINDER_QUEUE;
  if (!queue) throw new Error("REMINDER_QUEUE is not bound: wrangler.toml's [[queues.producers]] did not reach the test pool");
  const sent: ReminderBatchMessage[] = [];
  const spy = vi.spyOn(queue, "sendBatch").mockImplementation(async (messages) => {
    for (const m of messages) sent.push(structuredClone(m.body));
    return { metadata: { metrics: { backlogCount: 0, backlogBytes: 0, oldestMessageTimestamp: new Date(0) } } };
  });
  return { sent, restore: () => spy.mockRestore() };
}

let messageCounter = 0;

/** Delivers these message bodies as one batch to the Worker's queue handler, as Queues does, and answers the acks and retries. */
export async function consume(bodies: unknown[], bindings: Cloudflare.Env = postmarkEnv) {
  const messages = bodies.map((body) => ({ id: `msg-${++messageCounter}`, timestamp: new Date(), attempts: 1, body }));
  const batch = createMessageBatch(REMINDER_QUEUE_NAME, messages);
  const ctx = createExecutionContext();
  await worker.queue(batch, bindings, ctx);
  return { ids: messages.map((m) => m.id), result: await getQueueResult(batch, ctx) };
}
