import { foreignKey, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./schema-accounts";

// People and who may care for them (re-exported by schema.ts, the schema drizzle reads).

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
  // The time zone of a person without an account (their day, dose pushes and alerts; src/auth/access.ts
  // personZoneOf); null for an account's own person, whose zone is the account's. Last: added by ALTER TABLE.
  timezone: text("timezone"),
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
    // When missed-dose alerts were last turned on (null: off): no alert for a dose before it. Last:
    // added by ALTER TABLE (migration 0021), and insert-selects list columns in table order.
    missedDoseAlertsSince: integer("missed_dose_alerts_since"),
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

// One row per missed-dose alert sent (member, person, local date, time of day): INSERT … ON CONFLICT
// DO NOTHING decides who sends, so a redelivered check or a re-run hour alerts once
// (src/reminders/missed-dose.ts). Ends with the membership; pruned after 30 days.
export const missedDoseClaims = sqliteTable(
  "missed_dose_claims",
  {
    personId: integer("person_id").notNull(),
    userId: integer("user_id").notNull(),
    localDate: text("local_date").notNull(),
    at: text("at").notNull(),
    claimedAt: integer("claimed_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.personId, t.userId, t.localDate, t.at] }),
    foreignKey({ columns: [t.personId, t.userId], foreignColumns: [memberships.personId, memberships.userId] }).onDelete("cascade"),
    index("missed_dose_claims_claimed_idx").on(t.claimedAt),
  ],
);

// Who did what with a person's data, and when (GET …/activity, owners and managers): kept one year
// (the hourly prune). The actor's name is a copy, so an entry still reads after the actor's account
// is gone (actor_user_id then NULL). `subject` names what was acted on (a medication's name, a
// member's name, a role, a count): never an address, a password or a token.
export const activity = sqliteTable(
  "activity",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    personId: integer("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    kind: text("kind").notNull(),
    subject: text("subject"),
    at: integer("at").notNull(),
  },
  (t) => [index("activity_person_at_idx").on(t.personId, t.at)],
);
