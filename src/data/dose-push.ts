import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import { ownPersonOf, personZoneOf } from "../auth/access";
import type { Db } from "../db/client";
import { inJsonList, jsonRows, field } from "../db/json-each";
import { devPushes, doseEvents, dosePushClaims, medications, memberships, people, pushSubscriptions, users } from "../db/schema";
import { remindedMembership } from "./reminder-people";
import { addedOn } from "./supply";

// The dose-time push's queries (src/reminders/dose-push*.ts): the hourly plan reads users with
// push devices and dose reminders on, a page at a time; a queued push reads one user's time in
// one batch, claims its devices, then records what the push services answered.

const withDevices = sql`EXISTS (SELECT 1 FROM ${pushSubscriptions} p WHERE p.user_id = ${users.id})`;
const planUsersWhere = (afterUserId: number) => and(eq(users.doseReminders, true), gt(users.id, afterUserId), withDevices);

// Whose dose pushes reach an account's devices: its own person's, and those of each person without an
// account whose daily reminder it gets (owner, manager, helper; a viewer with remind_me). A person
// with an account gets their own pushes on their own devices, never their members'.
// A CASE rather than an OR: with an OR, SQLite scans every person (MULTI-INDEX OR) instead of
// reading the page's memberships through memberships_user_idx.
const pushedMembership = sql`CASE WHEN ${people.accountUserId} IS NULL THEN ${remindedMembership}
  ELSE ${people.accountUserId} = ${memberships.userId} END`;

/** The person of a pushed medication as the plan carries it: null for the account's own, else its id. */
const otherPerson = sql<number | null>`CASE WHEN ${people.accountUserId} IS NULL THEN ${people.id} END`.as("other_person");

const medicationColumns = {
  id: medications.id,
  name: medications.name,
  regimen: medications.regimen,
  pillsPerDay: medications.pillsPerDay,
  addedOn: addedOn.as("added_on"),
};

/** A page of users to plan (id order, after `afterUserId`) and all their medications with their person's zone: one round trip. */
export async function planPage(db: Db, afterUserId: number, limit: number) {
  const page = db
    .select({ id: users.id, timezone: users.timezone })
    .from(users)
    .where(planUsersWhere(afterUserId))
    .orderBy(asc(users.id))
    .limit(limit);
  const ids = db.select({ id: users.id }).from(users).where(planUsersWhere(afterUserId)).orderBy(asc(users.id)).limit(limit);
  const meds = db
    .select({
      userId: memberships.userId,
      person: otherPerson,
      zone: personZoneOf(memberships.personId).as("person_zone"),
      ...medicationColumns,
    })
    .from(memberships)
    .innerJoin(people, eq(people.id, memberships.personId))
    .innerJoin(medications, eq(medications.personId, memberships.personId))
    .where(and(sql`${memberships.userId} IN ${ids}`, pushedMembership));
  const [userRows, medicationRows] = await db.batch([page, meds]);
  return { users: userRows, medications: medicationRows };
}

/**
 * The person a push is about, as SQL: the account's own (`person` left out), or a person without an
 * account whose membership still gets it pushed (NULL otherwise: a removed member, a viewer who
 * turned remind_me off, finds nothing to send).
 */
const pushedPerson = (userId: number, person?: number) =>
  person === undefined
    ? ownPersonOf(userId)
    : sql<number>`(SELECT ms.person_id FROM ${memberships} ms JOIN ${people} p ON p.id = ms.person_id
        WHERE ms.user_id = ${userId} AND ms.person_id = ${person} AND p.account_user_id IS NULL
          AND (ms.role <> 'viewer' OR ms.remind_me = 1))`;

/** Everything one queued push needs of its user (and of the person it is about), in one round trip. */
export async function doseSendContext(db: Db, userId: number, date: string, at: string, person?: number) {
  const scope = pushedPerson(userId, person);
  const [user, devices, meds, logged, about] = await db.batch([
    db
      .select({
        id: users.id,
        locale: users.locale,
        timezone: users.timezone,
        pushShowNames: users.pushShowNames,
        doseReminders: users.doseReminders,
        doseFollowUpMinutes: users.doseFollowUpMinutes,
      })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({
        id: pushSubscriptions.id,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.id)),
    db.select(medicationColumns).from(medications).where(eq(medications.personId, scope)).orderBy(asc(medications.id)),
    // The occurrences of that date and time already logged (taken or skipped).
    db
      .select({ medicationId: doseEvents.medicationId })
      .from(doseEvents)
      .where(
        and(
          sql`${doseEvents.medicationId} IN (SELECT id FROM ${medications} WHERE ${medications.personId} = ${scope})`,
          eq(doseEvents.localDate, date),
          eq(doseEvents.at, at),
          sql`${doseEvents.kind} IN ('taken', 'skipped')`,
        ),
      ),
    // Who the person is to this account: the name a push about someone else starts with, and the
    // role that decides its Taken button.
    db
      .select({ name: sql<string>`${people.name}`.as("person_name"), role: memberships.role })
      .from(memberships)
      .innerJoin(people, eq(people.id, memberships.personId))
      .where(and(eq(memberships.userId, userId), eq(memberships.personId, scope))),
  ]);
  return { user: user[0], devices, medications: meds, logged: new Set(logged.map((r) => r.medicationId)), person: about[0] ?? null };
}

/** Claims (device, date, time, kind) for these devices; answers the ids this caller took. */
export async function claimDosePushes(db: Db, deviceIds: number[], date: string, at: string, kind: string, now: number) {
  if (deviceIds.length === 0) return new Set<number>();
  const rows = await db.all<{ deviceId: number }>(sql`
    INSERT INTO dose_push_claims (device_id, local_date, at, kind, claimed_at)
    SELECT value, ${date}, ${at}, ${kind}, ${now} FROM json_each(${JSON.stringify(deviceIds)})
    WHERE EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.id = value)
    ON CONFLICT DO NOTHING
    RETURNING device_id AS deviceId`);
  return new Set(rows.map((r) => Number(r.deviceId)));
}

/**
 * Snooze replaces the follow-up: it takes the follow-up's claim (`kind`: 'follow-up', or the person's
 * 'follow-up-p{id}') on every device of the user, so a follow-up already on the queue finds it taken
 * and sends nothing (one reminder, at the snoozed time).
 */
export async function supersedeFollowUp(db: Db, userId: number, date: string, at: string, kind: string, now: number) {
  await db.run(sql`
    INSERT INTO dose_push_claims (device_id, local_date, at, kind, claimed_at)
    SELECT id, ${date}, ${at}, ${kind}, ${now} FROM push_subscriptions WHERE user_id = ${userId}
    ON CONFLICT DO NOTHING`);
}

/** Whose account the request's person is (a signed-in read): the asker's own, another's, or none (a person pushed to members). */
export const personAccountOf = (db: Db, person: SQL<number>) =>
  db.select({ accountUserId: people.accountUserId }).from(people).where(eq(people.id, person));

/** A push sent, for the development outbox. */
export interface DevPush {
  deviceId: number;
  userId: number;
  sentAt: number;
  topic: string;
  urgency: string;
  ttl: number;
  payload: unknown;
}

/**
 * After sending, in one batch: claims given back for devices worth another try (429/5xx, no network:
 * the message is retried for them only), devices the push service calls gone, and the outbox rows.
 */
export async function recordDosePushes(
  db: Db,
  claim: { date: string; at: string; kind: string },
  retry: number[],
  gone: number[],
  outbox: DevPush[],
) {
  const release = db
    .delete(dosePushClaims)
    .where(
      and(
        inJsonList(dosePushClaims.deviceId, retry),
        eq(dosePushClaims.localDate, claim.date),
        eq(dosePushClaims.at, claim.at),
        eq(dosePushClaims.kind, claim.kind),
      ),
    );
  const forget = db.delete(pushSubscriptions).where(inJsonList(pushSubscriptions.id, gone));
  const store = db.insert(devPushes).select(
    sql`SELECT NULL, ${field("deviceId")}, ${field("userId")}, ${field("sentAt")}, ${field("topic")}, ${field("urgency")}, ${field("ttl")}, json(json_extract(value, '$.payload'))
        FROM ${jsonRows(outbox)} WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = ${field("userId")})`,
  );
  await db.batch([release, forget, store]);
}

/** The development outbox, newest first. */
export const recentDevPushes = (db: Db) => db.select().from(devPushes).orderBy(sql`${devPushes.id} DESC`).limit(200);
