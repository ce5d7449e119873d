import { and, asc, eq, or, sql } from "drizzle-orm";
import { personZoneOf } from "../auth/access";
import type { Db } from "../db/client";
import { inJsonList } from "../db/json-each";
import { medications, memberships, people, pharmacies } from "../db/schema";
import type { ReminderMedication } from "../reminders/due";
import { loggedColumns } from "./medication-row";
import { pharmacyContact } from "./medications";

// Whose medications an account's daily reminder covers: every person it holds a membership of as
// owner, manager or helper, and a person it only views when that membership's remind_me is on.
// One statement for a whole batch of accounts (the batch as one JSON parameter), so an account
// caring for ten people costs the job no more round trips than one caring for itself.

/** A reminder medication with the person it belongs to, as one receiving account sees it. */
export interface PersonReminderMedication extends ReminderMedication {
  personId: number;
  personName: string;
  /** The receiving account's own person (the reminder's untitled part). */
  own: boolean;
  /** The person's time zone (personZoneOf): their items count days from their own today. */
  zone: string | null;
}

/**
 * The memberships whose person's items reach the account's reminders: the one rule, shared by the
 * daily reminder and the dose pushes of people without an account (src/data/dose-push.ts).
 */
export const remindedMembership = or(sql`${memberships.role} <> 'viewer'`, eq(memberships.remindMe, true))!;

/** Every reminded medication of these accounts, by account (a medication of a shared person once per member). */
export async function medicationsByUser(db: Db, userIds: number[]): Promise<Map<number, PersonReminderMedication[]>> {
  const byUser = new Map<number, PersonReminderMedication[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({
      receiverId: memberships.userId,
      personId: people.id,
      personName: sql<string>`${people.name}`.as("person_name"),
      own: sql<boolean>`${people.accountUserId} IS ${memberships.userId}`.mapWith((v: unknown) => Boolean(Number(v))),
      zone: personZoneOf(people.id).as("person_zone"),
      id: medications.id,
      name: medications.name,
      pillsPerDay: medications.pillsPerDay,
      pillsRemaining: medications.pillsRemaining,
      countedOn: medications.countedOn,
      regimen: medications.regimen,
      ...loggedColumns,
      unit: medications.unit,
      refillsLeft: medications.refillsLeft,
      prescriptionExpiresOn: medications.prescriptionExpiresOn,
      ...pharmacyContact,
    })
    .from(memberships)
    .innerJoin(people, eq(people.id, memberships.personId))
    .innerJoin(medications, eq(medications.personId, memberships.personId))
    .leftJoin(pharmacies, eq(pharmacies.id, medications.pharmacyId))
    .where(and(inJsonList(memberships.userId, userIds), remindedMembership))
    .orderBy(asc(memberships.userId), asc(medications.id));
  for (const { receiverId, ...medication } of rows) {
    const list = byUser.get(receiverId) ?? [];
    list.push(medication);
    byUser.set(receiverId, list);
  }
  return byUser;
}
