// GET /api/reminders/recent and the 'Reminders sent' list on the notifications screen.

/** How a day's reminder e-mail ended, as the user sees it. */
export type ReminderDelivery = "delivered" | "retrying" | "bounced" | "failed";

export interface RecentReminder {
  /** The user's local date, 'YYYY-MM-DD'. */
  date: string;
  /** The medications the e-mail named. */
  medications: string[];
  status: ReminderDelivery;
}

/** The list covers this many local days, today included. */
export const RECENT_REMINDER_DAYS = 30;
