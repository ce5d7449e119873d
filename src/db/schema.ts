import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { Unit } from "../domain/regimen";
import { USER_DEFAULTS } from "../shared/user";

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

/** What a member may do with a person's data (src/auth/access.ts decides; each role includes the ones before). */
export const ROLES = ["viewer", "helper", "manager", "owner"] as const;
export type Role = (typeof ROLES)[number];

// A person whose medications are tracked: every account's own (accountUserId set: that account), or
// one without an account ("Dad", accountUserId null), owned by the account that added them. What a
// person owns (medications, pharmacies and what hangs off them) is scoped by person_id. An existing
// account's own person has the account's id (migration 0018_people); a newer one need not.
export const people = sqliteTable("people", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  accountUserId: integer("account_user_id")
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: integer("created_at").notNull(),
});

// Who may see or change a person's data, and how (ROLES); the account's own person has its 'owner'
// membership. The reminder and alert settings are each member's own (used by later work).
export const memberships = sqliteTable(
  "memberships",
  {
    personId: integer("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
    remindMe: integer("remind_me", { mode: "boolean" }).notNull().default(false),
    missedDoseAlerts: integer("missed_dose_alerts", { mode: "boolean" }).notNull().default(false),
    missedDoseAfterMinutes: integer("missed_dose_after_minutes").notNull().default(60),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.userId] }), index("memberships_user_idx").on(t.userId)],
);

// An invitation to care for a person, e-mailed as /invites/{token}: only the token's SHA-256 is kept.
// Pending while accepted_at is null and expires_at is ahead; withdrawing one ends it (expires_at = now)
// and keeps the row, so it still counts toward what its sender may send in a day.
export const invites = sqliteTable(
  "invites",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    personId: integer("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    // Lowercased: accepting compares it with the invitee's confirmed address, case-insensitively.
    email: text("email").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: integer("invited_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    acceptedAt: integer("accepted_at"),
  },
  (t) => [index("invites_person_idx").on(t.personId), index("invites_invited_by_idx").on(t.invitedBy, t.createdAt)],
);

export const pharmacies = sqliteTable(
  "pharmacies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // The account that owns the person (people.account_user_id, or the 'owner' membership's user);
    // every query scopes by personId.
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    phoneNumber: text("phone_number").notNull(),
    // Added by ALTER TABLE (migration 0018_people), so nullable in the schema; every insert sets it.
    personId: integer("person_id").references(() => people.id, { onDelete: "cascade" }),
  },
  (t) => [index("pharmacies_user_idx").on(t.userId), index("pharmacies_person_idx").on(t.personId)],
);

/** How a medication's count follows its doses (medications.count_by). */
export const COUNT_MODES = ["schedule", "log"] as const;
export type CountMode = (typeof COUNT_MODES)[number];

export const medications = sqliteTable(
  "medications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // RESTRICT: a pharmacy in use cannot be deleted (the API says so before the database must).
    pharmacyId: integer("pharmacy_id").references(() => pharmacies.id, { onDelete: "restrict" }),
    pillsPerDay: real("pills_per_day").notNull(),
    // The count as it was on countedOn (local date); the current count is derived, see domain/countdown.
    pillsRemaining: real("pills_remaining").notNull(),
    countedOn: text("counted_on").notNull(),
    pillsPerRefill: integer("pills_per_refill").notNull(),
    lastRefillDate: text("last_refill_date"),
    // The prescription, when the patient tracks it: refills the pharmacy may still fill (null = not
    // tracked) and the local date it expires.
    refillsLeft: integer("refills_left"),
    prescriptionExpiresOn: text("prescription_expires_on"),
    // What the counts are in, and when it is taken: the JSON of a Regimen (src/domain/regimen.ts).
    // pillsPerDay above is then the average daily use (older clients, the CSV's old column).
    unit: text("unit").$type<Unit>().notNull().default("tablet"),
    regimen: text("regimen").notNull().default('{"changes":[],"pauses":[]}'),
    // Whether unlogged scheduled doses are assumed taken ('schedule') or only logged ones count ('log').
    countBy: text("count_by", { enum: COUNT_MODES }).notNull().default("schedule"),
    // What the dose logs dated on or after countedOn add up to (src/data/dose-log-sql.ts keeps them):
    // the amounts that come off, the scheduled doses of the logged occurrences, and the latest
    // logged day with its scheduled doses (today's, which the plan has not charged yet).
    loggedTaken: real("logged_taken").notNull().default(0),
    loggedPlanned: real("logged_planned").notNull().default(0),
    loggedLastDate: text("logged_last_date"),
    loggedLastPlanned: real("logged_last_planned").notNull().default(0),
    // The package a refill comes in, when the patient gave it: items (pens, strips) and the amount
    // each holds, in the unit (src/domain/limits.ts). Both null, or both set.
    packageItems: integer("package_items"),
    packageAmount: real("package_amount"),
    // The person it belongs to: what every query scopes by. user_id above is the account that owns
    // that person. Added by ALTER TABLE (migration 0018_people: a rebuild would cascade-delete dose
    // and supply events on D1), so nullable in the schema; every insert sets it.
    personId: integer("person_id").references(() => people.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("medications_user_idx").on(t.userId),
    index("medications_pharmacy_idx").on(t.pharmacyId),
    index("medications_person_idx").on(t.personId),
  ],
);

/** What a dose log says: an occurrence taken or skipped, or a use not tied to one. */
export const DOSE_EVENT_KINDS = ["taken", "skipped", "extra"] as const;
export type DoseEventKind = (typeof DOSE_EVENT_KINDS)[number];

// One row per logged occurrence (medication, local date, time) and per extra use. The app's
// clientId makes a replay the same row; a second log of an occurrence replaces the first.
export const doseEvents = sqliteTable(
  "dose_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    medicationId: integer("medication_id")
      .notNull()
      .references(() => medications.id, { onDelete: "cascade" }),
    clientId: text("client_id").notNull(),
    kind: text("kind", { enum: DOSE_EVENT_KINDS }).notNull(),
    localDate: text("local_date").notNull(),
    // 'HH:MM' of a timed occurrence; '' for an untimed one and for an extra.
    at: text("at").notNull().default(""),
    // The occurrence's scheduled dose (taken, skipped); null for an extra.
    planned: real("planned"),
    // What was taken (taken, extra); null when skipped.
    amount: real("amount"),
    takenAt: integer("taken_at"),
    // 0: an as-needed use, which a medication counted by schedule keeps as history only.
    counted: integer("counted").notNull().default(1),
    recordedAt: integer("recorded_at").notNull(),
  },
  (t) => [
    uniqueIndex("dose_events_client_idx").on(t.medicationId, t.clientId),
    uniqueIndex("dose_events_occurrence_idx").on(t.medicationId, t.localDate, t.at).where(sql`kind <> 'extra'`),
    index("dose_events_date_idx").on(t.medicationId, t.localDate),
  ],
);

/** What changed a medication's supply. */
export const SUPPLY_EVENT_KINDS = ["created", "refill", "correction", "undo"] as const;
export type SupplyEventKind = (typeof SUPPLY_EVENT_KINDS)[number];

// One row per change of a medication's supply, written in the same batch as the change: the count
// lives on the medication, the events explain it (and let the newest refill be undone exactly).
export const supplyEvents = sqliteTable(
  "supply_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    medicationId: integer("medication_id")
      .notNull()
      .references(() => medications.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SUPPLY_EVENT_KINDS }).notNull(),
    // The user's local date the event is for: a refill's pick-up day, otherwise the day it was recorded.
    localDate: text("local_date").notNull(),
    // The count just before and after the event, both as of countedOn (a refill picked up before the
    // stored count's date is counted from that date).
    pillsBefore: real("pills_before"),
    pillsAfter: real("pills_after").notNull(),
    countedOn: text("counted_on").notNull(),
    pillsAdded: real("pills_added"),
    // A refill: 1 when it used one of the prescription's refills (an undo gives it back).
    refillsUsed: integer("refills_used").notNull().default(0),
    // A refill: the last refill date before it, restored by an undo.
    lastRefillBefore: text("last_refill_before"),
    // An undo: the refill it reverted.
    revertsEventId: integer("reverts_event_id"),
    recordedAt: integer("recorded_at").notNull(),
  },
  (t) => [index("supply_events_medication_idx").on(t.medicationId, t.id)],
);

// A user's calendar subscription: the SHA-256 (hex) of the secret in the feed's URL, never the secret.
// One per user; a new secret replaces the row, so the old URL stops working.
export const calendarFeeds = sqliteTable(
  "calendar_feeds",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("calendar_feeds_token_hash_idx").on(t.tokenHash)],
);

/**
 * Which list of the reminder e-mail named the medication: its supply's ('refill-needed',
 * 'upcoming-refill') or, with supply enough, its prescription's ('prescription').
 */
export const NOTIFICATION_TYPES = ["refill-needed", "upcoming-refill", "prescription"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

// The last reminder per medication, and what kind it was.
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    medicationId: integer("medication_id")
      .notNull()
      .references(() => medications.id, { onDelete: "cascade" }),
    sentAt: integer("sent_at").notNull(),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
  },
  (t) => [uniqueIndex("notifications_user_medication_idx").on(t.userId, t.medicationId)],
);

/**
 * A day's reminder: claimed ('sending'), then how it ended; 'retry' is claimed again by a later tick.
 * 'bounced': sent, then reported undeliverable by Postmark's webhook.
 */
export const REMINDER_STATUSES = ["sending", "sent", "nothing_due", "retry", "failed", "rejected", "bounced"] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];

// One row per user and local day: the guard that makes a second reminder e-mail impossible.
export const reminderLog = sqliteTable(
  "reminder_log",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    localDate: text("local_date").notNull(),
    status: text("status", { enum: REMINDER_STATUSES }).notNull(),
    attempts: integer("attempts").notNull().default(1),
    updatedAt: integer("updated_at").notNull(),
    error: text("error"),
    /** Names of the medications a sent reminder listed. */
    medications: text("medications", { mode: "json" }).$type<string[]>(),
    /**
     * The day's push, by subscription id: accepted, or failed for good. A retry pushes only to the
     * others. Null while unknown (a claim taken over from an attempt that died mid-send): then
     * nothing is pushed again that day.
     */
    pushState: text("push_state", { mode: "json" }).$type<PushState>(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.localDate] })],
);

// A device that gets the daily reminder by Web Push: the push service's endpoint and the browser's
// keys (RFC 8291) are the user's secrets — never logged, never exported beyond label and date.
// One row per endpoint: a browser that subscribes under another account moves to it.
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    // A short label from the User-Agent ("Chrome on Android"), shown in the device list.
    label: text("label"),
    createdAt: integer("created_at").notNull(),
    // The session (its id, the cookie's hash) that registered the device: a password change or
    // "sign out everywhere else" keeps only the devices of the session doing it (null: from before
    // this was recorded, kept by none).
    sessionId: text("session_id"),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint), index("push_subscriptions_user_idx").on(t.userId)],
);

// One dose push per device, local date, time and kind ('first', 'follow-up', 'snooze-<minute>'):
// whoever inserts the row sends it, so a doubled tick, a redelivered message or two isolates send once.
export const dosePushClaims = sqliteTable(
  "dose_push_claims",
  {
    deviceId: integer("device_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    localDate: text("local_date").notNull(),
    at: text("at").notNull(),
    kind: text("kind").notNull(),
    claimedAt: integer("claimed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.localDate, t.at, t.kind] })],
);

// Fixed-window counters for login and forgot-password throttling, shared by every Worker instance.
export const throttles = sqliteTable("throttles", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: integer("window_started_at").notNull(),
});

// Development outbox (used only when Postmark is not configured).
export const devEmails = sqliteTable("dev_emails", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
  createdAt: integer("created_at").notNull(),
});

// Development push outbox (`npm run dev` and the tests): each push sent, as the device decrypts it.
export const devPushes = sqliteTable("dev_pushes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  deviceId: integer("device_id").notNull(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  sentAt: integer("sent_at").notNull(),
  topic: text("topic").notNull(),
  urgency: text("urgency").notNull(),
  ttl: integer("ttl").notNull(),
  payload: text("payload", { mode: "json" }).$type<unknown>().notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type MedicationRow = typeof medications.$inferSelect;
export type PharmacyRow = typeof pharmacies.$inferSelect;
export type PersonRow = typeof people.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type SupplyEventRow = typeof supplyEvents.$inferSelect;
