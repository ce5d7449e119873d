import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { Unit } from "../domain/regimen";
import { type PushState, users } from "./schema-accounts";
import { people } from "./schema-people";

// Every table, as drizzle-kit reads it (drizzle.config.ts): the accounts' and the people's in their
// own files, re-exported here; what people own and the job's records below. Instants are epoch
// milliseconds (integer); local calendar dates are 'YYYY-MM-DD' text.
export * from "./schema-accounts";
export * from "./schema-people";

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

// A member's calendar subscription for one person: the SHA-256 (hex) of the secret in the feed's URL,
// never the secret. One per (account, person); a new secret replaces the row, so the old URL stops
// working. The feed's read checks the membership too (src/data/calendar.ts), so a removed member's
// feed answers 404 even while its row is still there.
export const calendarFeeds = sqliteTable(
  "calendar_feeds",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    personId: integer("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.personId] }), uniqueIndex("calendar_feeds_token_hash_idx").on(t.tokenHash)],
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
