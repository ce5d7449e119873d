import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";

/**
 * Records the account's consent to store health data as the privacy page describes: when, and the
 * privacy page's version it was given to (sign-up records the same two in its own insert).
 */
export async function recordHealthDataConsent(db: Db, userId: number, version: string, now: number): Promise<void> {
  await db.update(users).set({ healthDataConsentAt: now, healthDataConsentVersion: version }).where(eq(users.id, userId));
}
