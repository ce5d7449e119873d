import { asc, eq, inArray, type SQL } from "drizzle-orm";
import { devicesOf } from "../auth/account-changes";
import type { Db } from "../db/client";
import {
  calendarFeeds,
  doseEvents,
  medications,
  notifications,
  pharmacies,
  pushSubscriptions,
  reminderLog,
  supplyEvents,
  users,
} from "../db/schema";

// "Export my data": everything stored about the user, one section per kind of record, read in the
// signed-in batch (one round trip). A new kind of record is one more line in exportSections.

/** `owner` the account, `person` its own person (what the medications and pharmacies belong to). */
export const exportSections = (db: Db, owner: SQL<number>, person: SQL<number>, now: SQL<number>) => ({
  profile: db.select().from(users).where(eq(users.id, owner)),
  pharmacies: db.select().from(pharmacies).where(eq(pharmacies.personId, person)).orderBy(asc(pharmacies.id)),
  medications: db.select().from(medications).where(eq(medications.personId, person)).orderBy(asc(medications.id)),
  refillHistory: db
    .select()
    .from(supplyEvents)
    .where(inArray(supplyEvents.medicationId, db.select({ id: medications.id }).from(medications).where(eq(medications.personId, person))))
    .orderBy(asc(supplyEvents.id)),
  // Every dose logged: taken, skipped, or used besides the schedule.
  doseLog: db
    .select()
    .from(doseEvents)
    .where(inArray(doseEvents.medicationId, db.select({ id: medications.id }).from(medications).where(eq(medications.personId, person))))
    .orderBy(asc(doseEvents.id)),
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
});

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
