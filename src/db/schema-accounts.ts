import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { USER_DEFAULTS } from "../shared/user";

// The account's own tables: the user and its sessions (re-exported by schema.ts, the schema drizzle reads).
// Instants are epoch milliseconds (integer); local calendar dates are 'YYYY-MM-DD' text.

/** Why mail to a user's address stopped: a hard bounce / bad address, or a spam complaint. */
export const DELIVERY_PROBLEMS = ["bounced", "complained"] as const;
export type DeliveryProblem = (typeof DELIVERY_PROBLEMS)[number];

/** A day's push per device (reminder_log.push_state). */
export interface PushState {
  sent: number[];
  failed: number[];
}

/** How the daily reminder travels (Configure Notifications → 'Reminders by'). */
export const REMINDER_CHANNELS = ["email", "push", "both"] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull().unique(),
    // The username case-folded (foldUsername, src/auth/username.ts): what uniqueness and sign-in
    // match on. Accounts that differed only in case before this column keep '<folded>#<id>'. The
    // migration's DEFAULT '' only served its backfill; every insert names it.
    usernameKey: text("username_key").notNull(),
    passwordHash: text("password_hash").notNull(),
    email: text("email").notNull(),
    fullName: text("full_name"),
    phoneNumber: text("phone_number"),
    birthdate: text("birthdate"),
    notificationDays: integer("notification_days").notNull().default(USER_DEFAULTS.notificationDays),
    emailConsent: integer("email_consent", { mode: "boolean" }).notNull().default(USER_DEFAULTS.emailConsent),
    resetTokenHash: text("reset_token_hash"),
    resetTokenExpiry: integer("reset_token_expiry"),
    timezone: text("timezone").notNull().default(USER_DEFAULTS.timezone),
    // False until the user saves a zone, so the notifications screen can offer the browser's zone.
    timezoneChosen: integer("timezone_chosen", { mode: "boolean" }).notNull().default(false),
    notificationHour: integer("notification_hour").notNull().default(USER_DEFAULTS.notificationHour),
    // The account's language and region, a BCP 47 tag ('pt-BR', 'ar-EG'): pages, e-mails and
    // reminders use it. Null until the owner signs up with a browser language or picks one.
    locale: text("locale"),
    // Next instant the local clock reads notificationHour:00 — what the hourly job selects on.
    nextNotificationAt: integer("next_notification_at").notNull(),
    createdAt: integer("created_at").notNull(),
    // Set by Postmark's webhook (a bounce or a spam complaint), with the address it concerned; the
    // webhook also turns emailConsent off. Cleared when the user turns reminders on again or
    // confirms a new address (src/data/delivery.ts).
    deliveryProblem: text("delivery_problem", { enum: DELIVERY_PROBLEMS }),
    deliveryProblemAddress: text("delivery_problem_address"),
    // When the owner of `email` opened a confirmation link sent to it; null: no mail but resets.
    emailConfirmedAt: integer("email_confirmed_at"),
    // A new address awaiting confirmation; `email` keeps getting reminders and resets until then.
    pendingEmail: text("pending_email"),
    // The one live confirmation link: SHA-256 of its token, the address it was sent to, its expiry.
    emailTokenHash: text("email_token_hash"),
    emailTokenAddress: text("email_token_address"),
    emailTokenExpiry: integer("email_token_expiry"),
    // When the owner first saved the notification settings (the first-run checklist's last step);
    // accounts older than the checklist got their creation time (migration 0008).
    remindersChosenAt: integer("reminders_chosen_at"),
    // How the daily reminder travels: e-mail, push to the user's devices, or both. Push needs
    // no confirmed address, so a user who chose it is in the job's due set (the partial index).
    remindersBy: text("reminders_by", { enum: REMINDER_CHANNELS }).notNull().default("email"),
    // Whether a push may name the medications on the lock screen; off: generic text.
    pushShowNames: integer("push_show_names", { mode: "boolean" }).notNull().default(false),
    // A push at each timed dose's minute to the user's devices (src/reminders/dose-push*.ts), and the
    // minutes after which one follow-up asks again while the doses are unlogged (0: none).
    doseReminders: integer("dose_reminders", { mode: "boolean" }).notNull().default(true),
    doseFollowUpMinutes: integer("dose_follow_up_minutes").notNull().default(30),
    // Consent to store health data as the privacy page describes: when, and the privacy page's
    // version it was given to (PRIVACY_VERSION). Null: not given yet (accounts from before sign-up asked).
    healthDataConsentAt: integer("health_data_consent_at"),
    healthDataConsentVersion: text("health_data_consent_version"),
  },
  (t) => [
    uniqueIndex("users_username_key_unique").on(t.usernameKey),
    // Addresses match case-insensitively: lower(email) = lower(?).
    index("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_email_token_idx").on(t.emailTokenHash),
    // The hourly job's due set: e-mail to a consenting, confirmed address, or push chosen
    // (src/data/reminder-claims.ts writes the same WHERE, so SQLite can use the index).
    index("users_next_notification_idx")
      .on(t.nextNotificationAt)
      .where(sql`(email_consent = 1 AND email_confirmed_at IS NOT NULL) OR reminders_by <> 'email'`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    // SHA-256 (hex) of the secret in the cookie; the secret itself is never stored.
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    // A short label from the User-Agent at sign-in ("Firefox on Windows"), not the header itself.
    browser: text("browser"),
    // "Keep me signed in on this device" was ticked: the longer idle and absolute lifetimes.
    kept: integer("kept", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);
