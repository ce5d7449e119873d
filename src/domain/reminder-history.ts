import type { ReminderStatus } from "../db/schema";
import { RECENT_REMINDER_DAYS, type RecentReminder, type ReminderDelivery } from "../shared/reminders";
import { addDays } from "./time";

// The 'Reminders sent' list from the reminder log: days with an e-mail (sent, being retried,
// bounced, or given up), newest first, within the last RECENT_REMINDER_DAYS local days. Days with
// nothing due sent no e-mail and are not listed.

const DELIVERY_OF: Partial<Record<ReminderStatus, ReminderDelivery>> = {
  sent: "delivered",
  sending: "retrying",
  retry: "retrying",
  bounced: "bounced",
  rejected: "bounced",
  failed: "failed",
};

export interface ReminderLogRow {
  localDate: string;
  status: ReminderStatus;
  medications: string[] | null;
}

export function recentReminders(rows: ReminderLogRow[], today: string): RecentReminder[] {
  const first = addDays(today, -(RECENT_REMINDER_DAYS - 1));
  return rows
    .filter((r) => r.localDate >= first && r.localDate <= today && DELIVERY_OF[r.status])
    .sort((a, b) => b.localDate.localeCompare(a.localDate))
    .map((r) => ({ date: r.localDate, medications: r.medications ?? [], status: DELIVERY_OF[r.status]! }));
}
