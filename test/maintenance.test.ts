import { env } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION_IDLE_TIMEOUT } from "../src/auth/session";
import { WINDOW_MS } from "../src/auth/throttle";
import { createDb } from "../src/db/client";
import {
  devEmails,
  devPushes,
  dosePushClaims,
  invites,
  people,
  pushSubscriptions,
  reminderLog,
  sessions,
  throttles,
} from "../src/db/schema";
import { MISSING_SECRET_MESSAGE } from "../src/mail/unsubscribe";
import { DEV_EMAIL_RETENTION, DOSE_PUSH_CLAIM_RETENTION, INVITE_RETENTION, prune, REMINDER_LOG_RETENTION } from "../src/data/prune";
import { db, uniqueName } from "./helpers";
import { at, deleteCreatedUsers, makeUser, mockPostmark, postmarkEnv, tick, userWithMedication } from "./reminders-fixtures";

// The hourly job prunes what grows by itself: expired and idle sessions, throttle counters whose
// window is over, the development outbox after a week and the reminder log after 60 days. Each limit
// is checked on both sides (a row just past it goes, a row just inside it stays).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = at("2025-03-10T09:00:00Z");

const mine = { throttleKeys: [] as string[], mailTo: [] as string[] };
afterEach(async () => {
  vi.restoreAllMocks();
  await deleteCreatedUsers(); // their sessions and reminder log rows go with them (ON DELETE CASCADE)
  await db()
    .delete(throttles)
    .where(inArray(throttles.key, mine.throttleKeys.splice(0)));
  await db()
    .delete(devEmails)
    .where(inArray(devEmails.to, mine.mailTo.splice(0)));
});

/** Two users (neither due a reminder) with rows on both sides of every limit at `now`. */
async function seed(now: number) {
  const [alice, bob] = [
    await makeUser({ timezone: "UTC", hour: 9, savedAt: now, consent: false }),
    await makeUser({ timezone: "UTC", hour: 9, savedAt: now, consent: false }),
  ];
  const session = (userId: number, name: string, lastSeenAt: number, expiresAt: number) => ({
    id: uniqueName(name),
    userId,
    createdAt: lastSeenAt,
    lastSeenAt,
    expiresAt,
  });
  const s = {
    expired: session(alice.id, "expired", now - HOUR, now),
    idle: session(alice.id, "idle", now - SESSION_IDLE_TIMEOUT, now + DAY),
    live: session(alice.id, "live", now - SESSION_IDLE_TIMEOUT + 1, now + 1),
    othersLive: session(bob.id, "others", now - HOUR, now + DAY),
  };
  await db().insert(sessions).values(Object.values(s));

  const key = uniqueName("throttle");
  const t = { over: `${key}:over`, current: `${key}:current` };
  mine.throttleKeys.push(t.over, t.current);
  await db()
    .insert(throttles)
    .values([
      { key: t.over, count: 9, windowStartedAt: now - WINDOW_MS },
      { key: t.current, count: 9, windowStartedAt: now - WINDOW_MS + 1 },
    ]);

  const to = `${uniqueName("outbox")}@example.com`;
  mine.mailTo.push(to);
  const mail = (subject: string, createdAt: number) => ({ to, subject, text: subject, html: `<p>${subject}</p>`, headers: {}, createdAt });
  await db()
    .insert(devEmails)
    .values([mail("old", now - DEV_EMAIL_RETENTION), mail("recent", now - DEV_EMAIL_RETENTION + 1)]);

  const log = (userId: number, localDate: string, updatedAt: number) => ({
    userId,
    localDate,
    status: "sent" as const,
    attempts: 1,
    updatedAt,
  });
  await db()
    .insert(reminderLog)
    .values([
      log(alice.id, "2025-01-09", now - REMINDER_LOG_RETENTION),
      log(alice.id, "2025-01-10", now - REMINDER_LOG_RETENTION + 1),
      log(bob.id, "2025-03-10", now),
    ]);

  return { alice, bob, sessions: s, throttles: t, to };
}

type Seeded = Awaited<ReturnType<typeof seed>>;

/** What is left of the seeded rows. */
async function left(seeded: Seeded) {
  const users = [seeded.alice.id, seeded.bob.id];
  const [sessionRows, throttleRows, mailRows, logRows] = await Promise.all([
    db().select({ id: sessions.id }).from(sessions).where(inArray(sessions.userId, users)),
    db()
      .select({ key: throttles.key })
      .from(throttles)
      .where(inArray(throttles.key, Object.values(seeded.throttles))),
    db().select({ subject: devEmails.subject }).from(devEmails).where(eq(devEmails.to, seeded.to)),
    db()
      .select({ userId: reminderLog.userId, localDate: reminderLog.localDate })
      .from(reminderLog)
      .where(inArray(reminderLog.userId, users)),
  ]);
  return {
    sessions: sessionRows.map((r) => r.id).sort(),
    throttles: throttleRows.map((r) => r.key).sort(),
    devEmails: mailRows.map((r) => r.subject).sort(),
    reminderLog: logRows.map((r) => `${r.userId === seeded.alice.id ? "alice" : "bob"} ${r.localDate}`).sort(),
  };
}

const prunedShape = (seeded: Seeded) => ({
  sessions: [seeded.sessions.live.id, seeded.sessions.othersLive.id].sort(),
  throttles: [seeded.throttles.current],
  devEmails: ["recent"],
  reminderLog: ["alice 2025-01-10", "bob 2025-03-10"],
});

const untouchedShape = (seeded: Seeded) => ({
  sessions: Object.values(seeded.sessions)
    .map((s) => s.id)
    .sort(),
  throttles: Object.values(seeded.throttles).sort(),
  devEmails: ["old", "recent"],
  reminderLog: ["alice 2025-01-09", "alice 2025-01-10", "bob 2025-03-10"],
});

/**
 * The D1 binding with every batch recorded (each statement's SQL and values), failing the batches
 * `fails` picks as Drizzle reports a failed query: its message carries the values on a second line.
 */
function watchedD1(fails: (sql: string[]) => boolean = () => false) {
  const batches: Array<Array<{ sql: string; params: unknown[] }>> = [];
  let prepared = 0;
  const binding = {
    prepare(query: string) {
      prepared++;
      return env.DB.prepare(query);
    },
    async batch(statements: D1PreparedStatement[]) {
      const sent = statements.map((s) => {
        const { statement, params } = s as unknown as { statement: string; params: unknown[] };
        return { sql: statement, params };
      });
      batches.push(sent);
      if (fails(sent.map((s) => s.sql))) throw new Error(`Failed query: ${sent[0]!.sql}\nparams: ${sent[0]!.params.join(", ")}`);
      return env.DB.batch(statements);
    },
    exec: (query: string) => env.DB.exec(query),
  };
  return { DB: binding as unknown as D1Database, batches, prepared: () => prepared };
}

const isPrune = (sql: string[]) => sql.some((s) => s.startsWith('delete from "sessions"'));

describe("prune(db, now)", () => {
  it("deletes the rows past each limit, keeps those inside it and other users' rows, in one batch", async () => {
    const seeded = await seed(NOW);
    expect(await left(seeded)).toEqual(untouchedShape(seeded));
    const d1 = watchedD1();
    const pruned = await prune(createDb({ DB: d1.DB }), NOW);
    expect(await left(seeded)).toEqual(prunedShape(seeded));
    // One round trip: every statement prepared went out in the one batch.
    expect(d1.batches).toHaveLength(1);
    expect(d1.batches[0]).toHaveLength(9);
    expect(d1.prepared()).toBe(9);
    // Counts of what went (at least the seeded rows; nothing else here is past a limit).
    expect(pruned.sessions).toBeGreaterThanOrEqual(2);
    expect(pruned.throttles).toBeGreaterThanOrEqual(1);
    expect(pruned.devEmails).toBeGreaterThanOrEqual(1);
    expect(pruned.reminderLog).toBeGreaterThanOrEqual(1);
    expect(await prune(db(), NOW)).toEqual({
      sessions: 0,
      throttles: 0,
      devEmails: 0,
      reminderLog: 0,
      dosePushClaims: 0,
      devPushes: 0,
      invites: 0,
      missedDoseClaims: 0,
      activity: 0,
    });
  });

  it("reads the reminder log by rowid range, not the whole table", async () => {
    const d1 = watchedD1();
    await prune(createDb({ DB: d1.DB }), NOW);
    const statement = d1.batches[0]!.find((s) => s.sql.startsWith('delete from "reminder_log"'))!;
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
      .bind(...statement.params)
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail);
    expect(details).toContainEqual(expect.stringMatching(/^SEARCH reminder_log USING INTEGER PRIMARY KEY \(rowid<\?\)$/));
    expect(details.filter((d) => d.startsWith("SCAN"))).toEqual([]);
  });
});

describe("the hourly cron", () => {
  it("prunes after the reminders, as of the tick's scheduled time", async () => {
    const seeded = await seed(NOW);
    await tick(NOW - HOUR);
    expect(await left(seeded)).toEqual(untouchedShape(seeded)); // an hour earlier nothing is past a limit
    await tick(NOW);
    expect(await left(seeded)).toEqual(prunedShape(seeded));
  });

  it("prunes even when no reminder can be sent (Postmark without APP_SECRET)", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const seeded = await seed(NOW);
    await tick(NOW, { ...postmarkEnv, APP_SECRET: undefined });
    expect(error).toHaveBeenCalledWith(`[reminders] tick 2025-03-10T09:00:00.000Z: ${MISSING_SECRET_MESSAGE}`);
    expect(await left(seeded)).toEqual(prunedShape(seeded));
  });

  it("a pruning failure is logged without the query's values and does not stop the e-mails", async () => {
    const postmark = mockPostmark();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const seeded = await seed(NOW);
    const due = await userWithMedication({
      timezone: "UTC",
      hour: 9,
      savedAt: "2025-03-09T12:00:00Z",
      daysLeft: 3,
      countedOn: "2025-03-09",
    });
    const d1 = watchedD1(isPrune);

    await tick(NOW, { ...postmarkEnv, DB: d1.DB }); // resolves: the invocation does not fail

    expect(postmark.delivered(due.email)).toBe(1);
    expect(d1.batches.filter((b) => isPrune(b.map((s) => s.sql)))).toHaveLength(1);
    expect(await left(seeded)).toEqual(untouchedShape(seeded));
    const logged = error.mock.calls.map((args) => String(args[0])).filter((line) => line.startsWith("[prune]"));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^\[prune\] 2025-03-10T09:00:00\.000Z failed: .*Failed query: delete from "sessions"/);
    expect(logged[0]).not.toContain("params");
    expect(logged[0]).not.toContain(String(NOW - SESSION_IDLE_TIMEOUT));

    // The next tick prunes what this one could not, and what has passed a limit since.
    await tick(NOW + HOUR);
    expect(await left(seeded)).toEqual({
      sessions: [seeded.sessions.othersLive.id],
      throttles: [],
      devEmails: [],
      reminderLog: ["bob 2025-03-10"],
    });
  });
});

describe("dose pushes", () => {
  it("a dose push's claim goes after two days, the development push outbox after a week; each a step inside stays", async () => {
    const user = await makeUser({ timezone: "UTC", hour: 9, savedAt: NOW, consent: false });
    const [device] = await db()
      .insert(pushSubscriptions)
      .values({
        userId: user.id,
        endpoint: `https://fcm.googleapis.com/fcm/send/${uniqueName("d")}`,
        p256dh: "k",
        auth: "a",
        createdAt: NOW,
      })
      .returning();
    const claim = (at: string, claimedAt: number) => ({ deviceId: device!.id, localDate: "2025-03-08", at, kind: "first", claimedAt });
    await db()
      .insert(dosePushClaims)
      .values([claim("08:00", NOW - DOSE_PUSH_CLAIM_RETENTION), claim("20:00", NOW - DOSE_PUSH_CLAIM_RETENTION + 1)]);
    const sent = (topic: string, sentAt: number) => ({
      deviceId: device!.id,
      userId: user.id,
      sentAt,
      topic,
      urgency: "high",
      ttl: 3600,
      payload: {},
    });
    await db()
      .insert(devPushes)
      .values([sent("old", NOW - DEV_EMAIL_RETENTION), sent("new", NOW - DEV_EMAIL_RETENTION + 1)]);

    const pruned = await prune(db(), NOW);
    expect(pruned.dosePushClaims).toBeGreaterThanOrEqual(1);
    expect(pruned.devPushes).toBeGreaterThanOrEqual(1);
    const claims = await db().select().from(dosePushClaims).where(eq(dosePushClaims.deviceId, device!.id));
    expect(claims.map((c) => c.at)).toEqual(["20:00"]);
    const outbox = await db().select().from(devPushes).where(eq(devPushes.userId, user.id));
    expect(outbox.map((p) => p.topic)).toEqual(["new"]);
  });
});

describe("invitations", () => {
  it("an invitation goes 30 days after its link stopped working; one a step inside stays", async () => {
    const owner = await makeUser({ timezone: "UTC", hour: 9, savedAt: NOW, consent: false });
    const [person] = await db().select().from(people).where(eq(people.accountUserId, owner.id));
    const invite = (email: string, expiresAt: number) => ({
      personId: person!.id,
      email,
      role: "viewer" as const,
      tokenHash: uniqueName("hash"),
      invitedBy: owner.id,
      createdAt: expiresAt - 7 * 86_400_000,
      expiresAt,
    });
    await db()
      .insert(invites)
      .values([invite("old@example.com", NOW - INVITE_RETENTION), invite("kept@example.com", NOW - INVITE_RETENTION + 1)]);
    expect((await prune(db(), NOW)).invites).toBeGreaterThanOrEqual(1);
    const left = await db().select().from(invites).where(eq(invites.personId, person!.id));
    expect(left.map((i) => i.email)).toEqual(["kept@example.com"]);
  });
});
