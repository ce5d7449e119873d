import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { personZoneOf } from "../auth/access";
import type { Db } from "../db/client";
import { jsonRows, field } from "../db/json-each";
import { devPushes, doseEvents, medications, memberships, missedDoseClaims, people, pushSubscriptions, users } from "../db/schema";
import type { DevPush } from "./dose-push";
import { addedOn } from "./supply";

// The missed-dose alerts' queries (src/reminders/missed-dose*.ts): the hourly plan reads the people
// some member watches, a page at a time; a queued check reads one member's view of one time of day
// in one batch, claims it, then records what the push services answered.

/** A check comes at most a few hours after its dose; the claims are kept a month as the record of what was sent. */
export const MISSED_DOSE_CLAIM_RETENTION = 30 * 86_400_000;

/**
 * A member who gets alerts: turned on, and not the person's own account (a patient is not told
 * about their own doses; their dose push does that).
 */
const alerting = sql`${memberships.missedDoseAlerts} = 1 AND ${memberships.missedDoseAlertsSince} IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM ${people} p WHERE p.id = ${memberships.personId} AND p.account_user_id = ${memberships.userId})`;

/** What a plan and a check need of a medication: the zone is its person's (src/auth/access.ts personZoneOf). */
const medicationColumns = {
  personId: medications.personId,
  id: medications.id,
  name: medications.name,
  regimen: medications.regimen,
  pillsPerDay: medications.pillsPerDay,
  addedOn: addedOn.as("added_on"),
  timezone: personZoneOf(medications.personId).as("person_zone"),
};

/**
 * A page of watched people (id order, after `afterPersonId`), their alerting members and their
 * medications: one round trip.
 */
export async function missedPlanPage(db: Db, afterPersonId: number, limit: number) {
  const watched = db
    .selectDistinct({ id: memberships.personId })
    .from(memberships)
    .where(and(sql`${alerting}`, gt(memberships.personId, afterPersonId)))
    .orderBy(asc(memberships.personId))
    .limit(limit);
  const ids = sql`(SELECT person_id FROM (${watched}))`;
  const [personRows, memberRows, medicationRows] = await db.batch([
    watched,
    db
      .select({
        personId: memberships.personId,
        userId: memberships.userId,
        minutes: memberships.missedDoseAfterMinutes,
        since: memberships.missedDoseAlertsSince,
      })
      .from(memberships)
      .where(and(sql`${memberships.personId} IN ${ids}`, sql`${alerting}`)),
    db
      .select(medicationColumns)
      .from(medications)
      .innerJoin(users, eq(users.id, medications.userId))
      .where(sql`${medications.personId} IN ${ids}`),
  ]);
  return { people: personRows.map((p) => p.id), members: memberRows, medications: medicationRows };
}

/** Everything one check needs (the member, their devices, the person's medications and logs at that time), in one round trip. */
export async function missedCheckContext(db: Db, personId: number, userId: number, date: string, at: string) {
  const [member, devices, meds, logged] = await db.batch([
    db
      .select({
        alerts: sql<number>`${alerting}`,
        since: memberships.missedDoseAlertsSince,
        minutes: memberships.missedDoseAfterMinutes,
        locale: users.locale,
        pushShowNames: users.pushShowNames,
        email: users.email,
        emailable: sql<number>`${users.emailConsent} = 1 AND ${users.emailConfirmedAt} IS NOT NULL AND ${users.deliveryProblem} IS NULL`,
        personName: people.name,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(people, eq(people.id, memberships.personId))
      .where(and(eq(memberships.personId, personId), eq(memberships.userId, userId))),
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
    db
      .select(medicationColumns)
      .from(medications)
      .innerJoin(users, eq(users.id, medications.userId))
      .where(eq(medications.personId, personId))
      .orderBy(asc(medications.id)),
    db
      .select({ medicationId: doseEvents.medicationId })
      .from(doseEvents)
      .where(
        and(
          sql`${doseEvents.medicationId} IN (SELECT id FROM ${medications} WHERE ${medications.personId} = ${personId})`,
          eq(doseEvents.localDate, date),
          eq(doseEvents.at, at),
          sql`${doseEvents.kind} IN ('taken', 'skipped')`,
        ),
      ),
  ]);
  const row = member[0];
  return {
    member: row ? { ...row, alerts: Boolean(Number(row.alerts)), emailable: Boolean(Number(row.emailable)) } : undefined,
    devices,
    medications: meds,
    logged: new Set(logged.map((r) => r.medicationId)),
  };
}

/** Takes the alert of (person, member, date, time): true for the one caller that may send it. */
export async function claimMissedDose(db: Db, personId: number, userId: number, date: string, at: string, now: number) {
  const rows = await db
    .insert(missedDoseClaims)
    .values({ personId, userId, localDate: date, at, claimedAt: now })
    .onConflictDoNothing()
    .returning({ userId: missedDoseClaims.userId });
  return rows.length > 0;
}

/**
 * After sending, in one batch: the claim given back when nothing got through and a retry may (the
 * message is retried), devices the push service calls gone, and the development outbox rows.
 */
export async function recordMissedDose(
  db: Db,
  claim: { personId: number; userId: number; date: string; at: string },
  release: boolean,
  gone: number[],
  outbox: DevPush[],
) {
  const statements = [
    db
      .delete(missedDoseClaims)
      .where(
        and(
          sql`${release ? 1 : 0} = 1`,
          eq(missedDoseClaims.personId, claim.personId),
          eq(missedDoseClaims.userId, claim.userId),
          eq(missedDoseClaims.localDate, claim.date),
          eq(missedDoseClaims.at, claim.at),
        ),
      ),
    db.delete(pushSubscriptions).where(sql`${pushSubscriptions.id} IN (SELECT value FROM json_each(${JSON.stringify(gone)}))`),
    db.insert(devPushes).select(
      sql`SELECT NULL, ${field("deviceId")}, ${field("userId")}, ${field("sentAt")}, ${field("topic")}, ${field("urgency")}, ${field("ttl")}, json(json_extract(value, '$.payload'))
        FROM ${jsonRows(outbox)} WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = ${field("userId")})`,
    ),
  ] as const;
  await db.batch(statements);
}

/**
 * memberships.missed_dose_alerts_since for a settings change: kept while alerts stay on, now when
 * they are turned on, null when off, unchanged when the change leaves them out.
 */
export const alertsSinceAfter = (alerts: boolean | undefined, now: number) =>
  alerts === undefined
    ? sql`${memberships.missedDoseAlertsSince}`
    : alerts
      ? sql`coalesce(case when ${memberships.missedDoseAlerts} = 1 then ${memberships.missedDoseAlertsSince} end, ${now})`
      : null;

/** The prune rule: claims older than their retention. */
export const pruneMissedDoseClaims = (db: Db, now: number) =>
  db.delete(missedDoseClaims).where(lte(missedDoseClaims.claimedAt, now - MISSED_DOSE_CLAIM_RETENTION));
