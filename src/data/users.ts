import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { nextReminderAt } from "../domain/time";
import type { NotificationSettingsPayload } from "../shared/settings-schemas";
import type { Owner } from "./medications";

// The account's own settings columns, as the pages and the API read and change them. Sessions,
// passwords and addresses are src/auth's.

/** When the reminder settings were first saved (the first-run checklist's step): a read for signedIn. */
export const remindersChosenOf = (db: Db, owner: Owner) =>
  db.select({ remindersChosenAt: users.remindersChosenAt }).from(users).where(eq(users.id, owner));

/** Whether the user ever saved a time zone (until then the settings offer the browser's own). */
export const timezoneChosenOf = (db: Db, owner: Owner) =>
  db.select({ chosen: users.timezoneChosen }).from(users).where(eq(users.id, owner));

/** The unsubscribe link's one change: no more reminder e-mails. */
export const stopReminderEmails = (db: Db, userId: number) => db.update(users).set({ emailConsent: false }).where(eq(users.id, userId));

/**
 * The browser's zone for an account that never chose one, with the next reminder moved to match;
 * false when a zone was chosen meanwhile (another tab, the settings).
 */
export async function setBrowserTimeZone(
  db: Db,
  user: { id: number; notificationHour: number },
  timezone: string,
  now: number,
): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ timezone, timezoneChosen: true, nextNotificationAt: nextReminderAt(timezone, user.notificationHour, now) })
    .where(and(eq(users.id, user.id), eq(users.timezoneChosen, false)))
    .returning({ id: users.id });
  return updated.length > 0;
}

/**
 * Saves the notification settings and moves the next reminder with them, in one statement (the
 * per-day log still guarantees one e-mail a day if the new hour comes round again today). Answers
 * the updated row, or undefined when the account is gone.
 */
export async function saveNotificationSettings(
  db: Db,
  userId: number,
  input: NotificationSettingsPayload & { timezone: string },
  now: number,
) {
  const [row] = await db
    .update(users)
    .set({
      notificationDays: input.notificationDays,
      emailConsent: input.emailConsent,
      timezone: input.timezone,
      timezoneChosen: true,
      // The first save answers the first-run checklist's 'Choose when to get reminders'.
      remindersChosenAt: sql`coalesce(${users.remindersChosenAt}, ${now})`,
      notificationHour: input.notificationHour,
      ...(input.remindersBy ? { remindersBy: input.remindersBy } : {}),
      ...(input.pushShowNames !== undefined ? { pushShowNames: input.pushShowNames } : {}),
      ...(input.doseReminders !== undefined ? { doseReminders: input.doseReminders } : {}),
      ...(input.doseFollowUpMinutes !== undefined ? { doseFollowUpMinutes: input.doseFollowUpMinutes } : {}),
      nextNotificationAt: nextReminderAt(input.timezone, input.notificationHour, now),
      // Turning reminders on is the user's answer to a reported bounce or complaint.
      ...(input.emailConsent ? { deliveryProblem: null, deliveryProblemAddress: null } : {}),
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}
