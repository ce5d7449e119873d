import { and, eq, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { throttles, users } from "../db/schema";
import { foldCase, foldUsername } from "./username";

// Fixed windows counted in the database, so every Worker instance sees the same numbers.
// Limits recover when the window passes: a victim is never locked out for good. Counters whose
// window has passed are deleted by the hourly job (src/maintenance/prune.ts).
export const WINDOW_MS = 15 * 60_000;
export const LIMITS = {
  /** Failures one client may make on one account: what normally stops a guesser. */
  loginPerAccountClient: 5,
  /**
   * Every client together on one account: the ceiling for guessing from many addresses. Past it a
   * client gets only its first try; a client that has not failed on the account is always checked,
   * so guessing from elsewhere never keeps the owner out.
   */
  loginPerAccount: 30,
  loginPerClient: 20,
  forgotPerClient: 5,
  forgotPerEmail: 3,
  /** POST /api/test-email-notification: the address is the user's to choose, so cap what it sends. */
  testEmailPerUser: 5,
  /** POST /api/test-push-notification: each is a request to every device's push service. */
  testPushPerUser: 5,
  /** 'Resend email' for the confirmation link. */
  confirmationPerUser: 3,
  /**
   * Wrong current passwords on a signed-in change (e-mail, password, deletion), per account: a stolen
   * session must not become a password oracle.
   */
  currentPasswordPerUser: 5,
  /** Invitations an account sends (POST /api/profiles/:id/invites), per INVITE_WINDOW_MS: each is an e-mail to an address it chose. */
  invitesPerUser: 10,
} as const;
/** The invitations' window: a day, not WINDOW_MS (src/data/prune.ts keeps their counters that long). */
export const INVITE_WINDOW_MS = 24 * 3_600_000;
export const INVITE_PREFIX = "invites:user:";

/**
 * The unit an address is counted in. One IPv6 subscriber usually holds a whole /64, so counting
 * single IPv6 addresses would give an attacker 2^64 fresh budgets; IPv4 addresses count alone.
 */
export function clientBucket(ip: string): string {
  const address = ip.trim().toLowerCase();
  if (!address.includes(":")) return address;
  if (address.includes(".")) return address.slice(address.lastIndexOf(":") + 1); // ::ffff:192.0.2.1
  const [head = "", tail = ""] = address.split("::", 2);
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  const zeros = Array<string>(Math.max(0, 8 - headParts.length - tailParts.length)).fill("0");
  const groups = address.includes("::") ? [...headParts, ...zeros, ...tailParts] : headParts;
  const prefix = groups.slice(0, 4).map((group) => (parseInt(group, 16) || 0).toString(16));
  return `${prefix.join(":")}::/64`;
}

export const throttleKey = {
  loginAccount: (username: string) => `login:user:${foldUsername(username)}`,
  loginAccountClient: (username: string, ip: string) => `login:user-ip:${clientBucket(ip)}:${foldUsername(username)}`,
  loginClient: (ip: string) => `login:ip:${clientBucket(ip)}`,
  forgotClient: (ip: string) => `forgot:ip:${clientBucket(ip)}`,
  forgotEmail: (email: string) => `forgot:email:${foldCase(email)}`,
  testEmail: (userId: number) => `test-email:user:${userId}`,
  testPush: (userId: number) => `${TEST_PUSH_PREFIX}${userId}`,
  confirmation: (userId: number) => `confirm-email:user:${userId}`,
  currentPassword: (userId: number) => `${CURRENT_PASSWORD_PREFIX}${userId}`,
  invites: (userId: number) => `${INVITE_PREFIX}${userId}`,
};
const CURRENT_PASSWORD_PREFIX = "current-password:user:";
const TEST_PUSH_PREFIX = "test-push:user:";

type Limits = Array<[key: string, limit: number]>;

/**
 * Counts this attempt against every key: one upsert per key, each answering its new count, to run
 * in one batch (a transaction) — alone (consumeAttempt) or with a caller's own statements.
 */
export function countAttempt(db: Db, limits: Limits, now: number) {
  return limits.map(([key]) =>
    db.insert(throttles).values({ key, count: 1, windowStartedAt: now }).onConflictDoUpdate(nextCount(now)).returning(),
  );
}

/**
 * Every per-client counter of one account (loginAccountClient's keys for any client), matched by
 * prefix and exact suffix: LIKE would read a `_` in a username as a wildcard and reach other accounts.
 */
export function loginAccountClientKeys(username: string): SQL {
  const prefix = "login:user-ip:";
  const suffix = `:${foldUsername(username)}`;
  return sql`(substr(${throttles.key}, 1, ${prefix.length}) = ${prefix} AND substr(${throttles.key}, -${suffix.length}) = ${suffix})`;
}

/**
 * Every login counter of one account, its name given as SQL (e.g. read from the row a reset link
 * finds): the account's own and one per client that tried it, matched like loginAccountClientKeys.
 */
export function loginCountersOf(foldedName: SQL<string>): SQL {
  const prefix = "login:user-ip:";
  return or(
    eq(throttles.key, sql`'login:user:' || ${foldedName}`),
    and(
      eq(sql`substr(${throttles.key}, 1, ${prefix.length})`, prefix),
      eq(sql`substr(${throttles.key}, -(length(${foldedName}) + 1))`, sql`':' || ${foldedName}`),
    ),
  )!;
}

/**
 * Counts one sign-in try, to run first in its batch: the pair (this account from this client) and
 * the client always; the account only when the try is within both, so tries a client's own limit
 * refuses (never checked) cannot push the account over its ceiling for everybody else. Answers the
 * statements (pair, client, account) and their keys, for loginBlockedFor and the refunds.
 */
export function countLoginAttempt(db: Db, username: string, ip: string, now: number) {
  const keys = {
    pair: throttleKey.loginAccountClient(username, ip),
    client: throttleKey.loginClient(ip),
    account: throttleKey.loginAccount(username),
  };
  const [pair, client] = countAttempt(
    db,
    [
      [keys.pair, LIMITS.loginPerAccountClient],
      [keys.client, LIMITS.loginPerClient],
    ],
    now,
  );
  const withinClientLimits = db
    .select({
      key: sql<string>`${keys.account}`.as("key"),
      count: sql<number>`1`.as("count"),
      windowStartedAt: sql<number>`${now}`.as("window_started_at"),
    })
    .from(throttles)
    .where(
      and(
        eq(throttles.key, keys.pair),
        lte(throttles.count, LIMITS.loginPerAccountClient),
        lte(sql`(select ${throttles.count} from ${throttles} where ${throttles.key} = ${keys.client})`, LIMITS.loginPerClient),
      ),
    );
  const account = db.insert(throttles).select(withinClientLimits).onConflictDoUpdate(nextCount(now)).returning();
  return { keys, statements: [pair!, client!, account] as const };
}

type Counted = Array<{ count: number; windowStartedAt: number }>;

/** Seconds a sign-in try must wait (0 = check the password), from countLoginAttempt's answers. */
export function loginBlockedFor([pair, client, account]: [Counted, Counted, Counted], now: number): number {
  const perClient = blockedFor(
    [
      ["", LIMITS.loginPerAccountClient],
      ["", LIMITS.loginPerClient],
    ],
    [pair, client],
    now,
  );
  if (perClient) return perClient;
  // Past the account's ceiling only a client's first try in the window is checked: one guess per
  // address for an attacker, while the owner on a device that has not failed still signs in.
  const firstTry = pair[0]?.count === 1;
  return firstTry || account.length === 0 ? 0 : blockedFor([["", LIMITS.loginPerAccount]], [account], now);
}

/** A counter's next value: one more, or a fresh window when the last one (`window` long) has passed. */
const nextCount = (now: number | SQL<number>, window = WINDOW_MS) => {
  const cutoff = typeof now === "number" ? now - window : sql`(${now} - ${window})`;
  return {
    target: throttles.key,
    set: {
      count: sql`CASE WHEN ${throttles.windowStartedAt} <= ${cutoff} THEN 1 ELSE ${throttles.count} + 1 END`,
      windowStartedAt: sql`CASE WHEN ${throttles.windowStartedAt} <= ${cutoff} THEN ${now} ELSE ${throttles.windowStartedAt} END`,
    },
  };
};

/**
 * Counts an attempt of the signed-in user on the key `prefix` + their id, inside the signed-in
 * batch where only the session's owner (as SQL) is known: an unknown session counts nothing (no
 * row), so the statement never fails. Answers the counter's row, or none.
 */
function countOwnerAttempt(db: Db, prefix: string, owner: SQL<number>, now: SQL<number>) {
  const counter = db
    .select({
      key: sql<string>`${prefix} || ${users.id}`.as("key"),
      count: sql<number>`1`.as("count"),
      windowStartedAt: sql<number>`${now}`.as("window_started_at"),
    })
    .from(users)
    .where(eq(users.id, owner));
  return db.insert(throttles).select(counter).onConflictDoUpdate(nextCount(now)).returning();
}

/** A current-password check, counted before the password is looked at. */
export const countCurrentPasswordAttempt = (db: Db, owner: SQL<number>, now: SQL<number>) =>
  countOwnerAttempt(db, CURRENT_PASSWORD_PREFIX, owner, now);

/** A test notification, counted in the same batch that reads the devices it goes to. */
export const countTestPushAttempt = (db: Db, owner: SQL<number>, now: SQL<number>) => countOwnerAttempt(db, TEST_PUSH_PREFIX, owner, now);

/**
 * Counts one invitation of account `userId` (a day's window), only when `when` holds (so a refusal for
 * another reason costs nothing): for the batch that writes the invitation, guarded by `underLimit`.
 * Answers the counter's row, or none when `when` did not hold.
 */
export function countInviteSent(db: Db, userId: number, now: number, when: SQL) {
  const key = throttleKey.invites(userId);
  const counter = db
    .select({
      key: sql<string>`${key}`.as("key"),
      count: sql<number>`1`.as("count"),
      windowStartedAt: sql<number>`${now}`.as("window_started_at"),
    })
    .from(users)
    .where(and(eq(users.id, userId), when));
  return {
    count: db.insert(throttles).select(counter).onConflictDoUpdate(nextCount(now, INVITE_WINDOW_MS)).returning(),
    underLimit: lte(sql`(select ${throttles.count} from ${throttles} where ${throttles.key} = ${key})`, LIMITS.invitesPerUser),
  };
}

/** Seconds until the first key over its limit recovers (0 = go ahead), from countAttempt's answers. */
export function blockedFor(limits: Limits, counted: Array<Array<{ count: number; windowStartedAt: number }>>, now: number): number {
  let blockedUntil = 0;
  counted.forEach(([row], i) => {
    const windowEnd = row!.windowStartedAt + WINDOW_MS;
    if (now < windowEnd && row!.count > limits[i]![1]) blockedUntil = Math.max(blockedUntil, windowEnd);
  });
  return blockedUntil ? Math.ceil((blockedUntil - now) / 1000) : 0;
}

/**
 * Counts this attempt against every key FIRST and then answers the seconds until the first key over
 * its limit recovers (0 = go ahead). Counting before the check means concurrent attempts cannot all
 * pass a check made before any of them was counted (check-then-record lets 30 parallel guesses
 * through a limit of 5).
 */
export async function consumeAttempt(db: Db, limits: Limits, now = Date.now()): Promise<number> {
  const [first, ...rest] = countAttempt(db, limits, now);
  if (!first) return 0;
  return blockedFor(limits, await db.batch([first, ...rest]), now);
}

/** Takes back one counted attempt (e.g. a successful login on the per-client key). */
export const refundAttempt = (db: Db, key: string) =>
  db
    .update(throttles)
    .set({ count: sql`MAX(${throttles.count} - 1, 0)` })
    .where(eq(throttles.key, key));

export const clearAttempts = (db: Db, key: string) => db.delete(throttles).where(eq(throttles.key, key));

/** Whole minutes to wait, at least 1: what a refusal tells the person. */
export const retryMinutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
