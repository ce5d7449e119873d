import { and, eq, gte } from "drizzle-orm";
import type { Db } from "../db/client";
import { reminderLog } from "../db/schema";
import { addDays } from "../domain/time";
import { RECENT_REMINDER_DAYS } from "../shared/reminders";
import type { Owner } from "./medications";

/**
 * The owner's reminder log of about the last RECENT_REMINDER_DAYS days (a primary-key range), for
 * the session's batch. `utcToday` bounds it a day wide on either side of any zone; the exact window
 * is cut in the user's zone by recentReminders.
 */
export const reminderLogOf = (db: Db, owner: Owner, utcToday: string) =>
  db
    .select({ localDate: reminderLog.localDate, status: reminderLog.status, medications: reminderLog.medications })
    .from(reminderLog)
    .where(and(eq(reminderLog.userId, owner), gte(reminderLog.localDate, addDays(utcToday, -RECENT_REMINDER_DAYS))));
