import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { reminderLog } from "../db/schema";
import { RECENT_REMINDER_DAYS } from "../shared/reminders";
import type { Owner } from "./medications";

/**
 * The owner's reminder log of about the last RECENT_REMINDER_DAYS days (a primary-key range), for
 * the session's batch. The window starts a day early in UTC (SQLite's own clock, so the statement is
 * the same on every request and can be prepared once); the exact window is cut in the user's zone
 * by recentReminders.
 */
export const reminderLogOf = (db: Db, owner: Owner) =>
  db
    .select({ localDate: reminderLog.localDate, status: reminderLog.status, medications: reminderLog.medications })
    .from(reminderLog)
    .where(and(eq(reminderLog.userId, owner), gte(reminderLog.localDate, sql.raw(`date('now', '-${RECENT_REMINDER_DAYS} days')`))));
