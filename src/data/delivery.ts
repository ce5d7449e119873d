import { and, eq, exists, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { reminderLog, users } from "../db/schema";
import type { DeliveryChange } from "../domain/delivery";

// Stopping reminders for an address, from Postmark's webhook (confirming another address and
// turning reminders on again resume them: src/auth/email-confirmation.ts, the notification settings).
// Stopping turns email_consent off (the hourly job then e-mails the user no more; push, if chosen,
// goes on) and keeps the problem and the address for the banner; resuming clears both and turns
// consent on.

/**
 * Applies one webhook event in one batch: every account with that address (as Postmark spells it,
 * any case) stops getting reminders; a bounced reminder is marked in the log for the 'Reminders
 * sent' list, only when its user's current or pending address is the event's (Metadata is text
 * anyone can put in a message, the address is what bounced). Answers how many accounts it stopped.
 */
export async function applyDeliveryChange(db: Db, change: DeliveryChange): Promise<number> {
  // A full scan of users (the index on email is case-sensitive): webhooks are rare, a scan is cheap.
  const stop = db
    .update(users)
    .set({
      emailConsent: false,
      ...(change.problem ? { deliveryProblem: change.problem, deliveryProblemAddress: sql`${users.email}` } : {}),
    })
    .where(sql`${users.email} = ${change.address} COLLATE NOCASE`)
    .returning({ id: users.id });
  if (change.problem === "bounced" && change.reminder) {
    const { userId, localDate } = change.reminder;
    const addressIsTheUsers = exists(
      db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            sql`(${users.email} = ${change.address} COLLATE NOCASE OR ${users.pendingEmail} = ${change.address} COLLATE NOCASE)`,
          ),
        ),
    );
    const [stopped] = await db.batch([
      stop,
      db
        .update(reminderLog)
        .set({ status: "bounced" })
        .where(
          and(eq(reminderLog.userId, userId), eq(reminderLog.localDate, localDate), eq(reminderLog.status, "sent"), addressIsTheUsers),
        ),
    ]);
    return stopped.length;
  }
  return (await stop).length;
}
