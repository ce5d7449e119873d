import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { reminderLog, users } from "../db/schema";
import type { DeliveryChange } from "../domain/delivery";
import { nextReminderAt, zoneOrUtc } from "../domain/time";

// Stopping and resuming reminders for an address, from Postmark's webhook and from the user.
// Stopping turns email_consent off (the hourly job's partial index then skips the user) and keeps
// the problem and the address for the banner; resuming clears both and turns consent on.

/**
 * Applies one webhook event in one batch: every account with that address (as Postmark spells it,
 * any case) stops getting reminders; a bounced reminder is marked in the log for the 'Reminders
 * sent' list. Answers how many accounts it stopped.
 */
export async function applyDeliveryChange(db: Db, change: DeliveryChange): Promise<number> {
  // A full scan of users (the index on email is case-sensitive): webhooks are rare, a scan is cheap.
  const stop = db
    .update(users)
    .set({ emailConsent: false, ...(change.problem ? { deliveryProblem: change.problem, deliveryProblemAddress: sql`${users.email}` } : {}) })
    .where(sql`${users.email} = ${change.address} COLLATE NOCASE`)
    .returning({ id: users.id });
  if (change.problem === "bounced" && change.reminder) {
    const { userId, localDate } = change.reminder;
    const [stopped] = await db.batch([
      stop,
      db
        .update(reminderLog)
        .set({ status: "bounced" })
        .where(and(eq(reminderLog.userId, userId), eq(reminderLog.localDate, localDate), eq(reminderLog.status, "sent"))),
    ]);
    return stopped.length;
  }
  return (await stop).length;
}

/**
 * Reminders on again for a user whose mail had stopped: the problem cleared, consent on, and the
 * next reminder at the next notification hour (not at a due time left in the past). The seam for
 * e-mail confirmation: call it (or put it in the confirming batch) once the user has confirmed a
 * new address. A query builder, so it can ride in the caller's db.batch.
 */
export function resumeReminders(db: Db, user: { id: number; timezone: string; notificationHour: number }, now: number) {
  return db
    .update(users)
    .set({
      emailConsent: true,
      deliveryProblem: null,
      deliveryProblemAddress: null,
      nextNotificationAt: nextReminderAt(zoneOrUtc(user.timezone), user.notificationHour, now),
    })
    .where(eq(users.id, user.id));
}
