import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { devicesOf } from "../auth/account-changes";
import type { Db } from "../db/client";
import {
  activity,
  calendarFeeds,
  doseEvents,
  invites,
  medications,
  memberships,
  notifications,
  people,
  pharmacies,
  pushSubscriptions,
  reminderLog,
  supplyEvents,
  users,
} from "../db/schema";

// "Export my data": everything stored about the user, one section per kind of record, read in the
// signed-in batch (one round trip). A new kind of record is one more line in exportSections.
// People: the account's own person and the people it owns (role 'owner'), each with what is theirs
// (rows carry personId); never the data of people others own, even where the account manages them.

/** The ids of the people `owner` owns, its own person included, as a subquery. */
const ownedBy = (db: Db, owner: SQL<number>) =>
  db
    .select({ id: memberships.personId })
    .from(memberships)
    .where(and(eq(memberships.userId, owner), eq(memberships.role, "owner")));

/** `owner` the account; `now` the request's instant (what is still pending). */
export const exportSections = (db: Db, owner: SQL<number>, now: SQL<number>) => {
  const owned = ownedBy(db, owner);
  const ownedMedications = db.select({ id: medications.id }).from(medications).where(inArray(medications.personId, owned));
  return {
    profile: db.select().from(users).where(eq(users.id, owner)),
    people: db
      .select({
        id: people.id,
        name: people.name,
        self: sql<number>`${people.accountUserId} is not null`.as("self"),
        createdAt: people.createdAt,
      })
      .from(people)
      .where(inArray(people.id, owned))
      .orderBy(asc(people.id)),
    // Each owned person's members by name and role: the name members see of each other, never another
    // account's address (the export names only the account's own) or its own alert settings.
    members: db
      .select({
        personId: memberships.personId,
        name: sql<string>`coalesce(nullif(trim(${users.fullName}), ''), ${users.username})`.as("member_name"),
        role: memberships.role,
        since: memberships.createdAt,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(inArray(memberships.personId, owned))
      .orderBy(asc(memberships.personId), asc(memberships.createdAt), asc(memberships.userId)),
    // Pending invitations to the owned people. An address is shown only when this account typed it
    // (its own data); one a manager typed is that manager's.
    pendingInvites: db
      .select({
        personId: invites.personId,
        email: sql<string | null>`case when ${invites.invitedBy} = ${owner} then ${invites.email} end`.as("invite_email"),
        role: invites.role,
        createdAt: invites.createdAt,
        expiresAt: invites.expiresAt,
      })
      .from(invites)
      .where(and(inArray(invites.personId, owned), isNull(invites.acceptedAt), gt(invites.expiresAt, now)))
      .orderBy(asc(invites.id)),
    // The account's own memberships of people others own: its role and its own settings there, not
    // those people's data.
    membershipsElsewhere: db
      .select({
        personId: memberships.personId,
        role: memberships.role,
        remindMe: memberships.remindMe,
        missedDoseAlerts: memberships.missedDoseAlerts,
        missedDoseAfterMinutes: memberships.missedDoseAfterMinutes,
        since: memberships.createdAt,
      })
      .from(memberships)
      .where(and(eq(memberships.userId, owner), sql`${memberships.role} <> 'owner'`))
      .orderBy(asc(memberships.personId)),
    // The owned people's activity record (who did what, with the actor's name as recorded).
    activity: db
      .select({
        personId: activity.personId,
        at: activity.at,
        actorName: activity.actorName,
        kind: activity.kind,
        subject: activity.subject,
      })
      .from(activity)
      .where(inArray(activity.personId, owned))
      .orderBy(asc(activity.id)),
    pharmacies: db.select().from(pharmacies).where(inArray(pharmacies.personId, owned)).orderBy(asc(pharmacies.id)),
    medications: db.select().from(medications).where(inArray(medications.personId, owned)).orderBy(asc(medications.id)),
    refillHistory: db.select().from(supplyEvents).where(inArray(supplyEvents.medicationId, ownedMedications)).orderBy(asc(supplyEvents.id)),
    // Every dose logged: taken, skipped, or used besides the schedule.
    doseLog: db.select().from(doseEvents).where(inArray(doseEvents.medicationId, ownedMedications)).orderBy(asc(doseEvents.id)),
    // Whether a calendar feed is on, and since when (its secret's hash is dropped like every secret).
    calendarFeed: db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, owner)),
    remindersSent: db.select().from(notifications).where(eq(notifications.userId, owner)).orderBy(asc(notifications.id)),
    reminderLog: db.select().from(reminderLog).where(eq(reminderLog.userId, owner)).orderBy(asc(reminderLog.localDate)),
    signedInDevices: devicesOf(db, owner, now),
    // The devices that get push: label and date only (the endpoint and keys are the device's secrets).
    pushDevices: db
      .select({ label: pushSubscriptions.label, createdAt: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, owner))
      .orderBy(asc(pushSubscriptions.id)),
  };
};

// Whatever holds a secret is never exported, whichever table it is in: password hashes, reset and
// confirmation tokens, session ids (a session id is its token's hash).
const SECRET_KEY = /hash|token|secret/i;

/** The row without its secret columns; `idIsSecret` for sessions, whose id is the token's hash. */
const withoutSecrets = (row: Record<string, unknown>, idIsSecret = false) =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET_KEY.test(key) && !(idIsSecret && key === "id")));

type Sections = { [K in keyof ReturnType<typeof exportSections>]: Array<Record<string, unknown>> };

/** The export file's content: the profile as one object, every other section as a list of rows. */
export function exportDocument(data: Sections, exportedAt: number) {
  const { profile, signedInDevices, ...lists } = data;
  return {
    exportedAt: new Date(exportedAt).toISOString(),
    profile: profile[0] ? withoutSecrets(profile[0]) : null,
    ...Object.fromEntries(Object.entries(lists).map(([name, rows]) => [name, rows.map((row) => withoutSecrets(row))])),
    signedInDevices: signedInDevices.map((row) => withoutSecrets(row, true)),
  };
}

/** `refill-tracker-export-YYYY-MM-DD.json`, dated in the user's own zone. */
export const exportFileName = (localDate: string) => `refill-tracker-export-${localDate}.json`;
