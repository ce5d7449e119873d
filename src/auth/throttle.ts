import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { throttles } from "../db/schema";

// Fixed windows counted in the database, so every Worker instance sees the same numbers.
// Limits recover when the window passes: a victim is never locked out for good.
export const WINDOW_MS = 15 * 60_000;
export const LIMITS = {
  loginPerAccount: 5,
  loginPerClient: 20,
  forgotPerClient: 5,
  forgotPerEmail: 3,
} as const;

export const throttleKey = {
  loginAccount: (username: string) => `login:user:${username.toLowerCase()}`,
  loginClient: (ip: string) => `login:ip:${ip}`,
  forgotClient: (ip: string) => `forgot:ip:${ip}`,
  forgotEmail: (email: string) => `forgot:email:${email.toLowerCase()}`,
};

/** Seconds until the first exhausted key recovers, or 0 when none is exhausted. */
export async function secondsBlocked(db: Db, limits: Array<[key: string, limit: number]>, now = Date.now()): Promise<number> {
  const rows = await db.select().from(throttles).where(inArray(throttles.key, limits.map(([key]) => key)));
  let blockedUntil = 0;
  for (const row of rows) {
    const limit = limits.find(([key]) => key === row.key)![1];
    const windowEnd = row.windowStartedAt + WINDOW_MS;
    if (now < windowEnd && row.count >= limit) blockedUntil = Math.max(blockedUntil, windowEnd);
  }
  return blockedUntil ? Math.ceil((blockedUntil - now) / 1000) : 0;
}

/** Counts one attempt against each key (one upsert per key, one batch). */
export async function recordAttempt(db: Db, keys: string[], now = Date.now()): Promise<void> {
  const cutoff = now - WINDOW_MS;
  const statements = keys.map((key) =>
    db
      .insert(throttles)
      .values({ key, count: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: throttles.key,
        set: {
          count: sql`CASE WHEN ${throttles.windowStartedAt} <= ${cutoff} THEN 1 ELSE ${throttles.count} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${throttles.windowStartedAt} <= ${cutoff} THEN ${now} ELSE ${throttles.windowStartedAt} END`,
        },
      }),
  );
  if (statements.length > 0) await db.batch(statements as [typeof statements[0], ...typeof statements]);
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(throttles).where(eq(throttles.key, key));
}

export function retryMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}
