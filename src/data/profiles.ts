import { and, asc, desc, eq, exists, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { medications, memberships, people, users } from "../db/schema";
import { MAX_PEOPLE } from "../domain/limits";
import type { Profile } from "../shared/profile-schemas";

// The people an account sees (GET /api/profiles) and the people it adds, renames and deletes.
// Who may do which is decided before these run (src/auth/access.ts, the signedIn guard).

/** The account's people with its role for each: its own first, then by name (read in the signed-in batch). */
export const profilesOf = (db: Db, owner: SQL<number>) =>
  db
    .select({
      id: people.id,
      name: people.name,
      self: sql<number>`${people.accountUserId} is not null and ${people.accountUserId} = ${memberships.userId}`.as("self"),
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(people, eq(people.id, memberships.personId))
    .where(eq(memberships.userId, owner))
    .orderBy(desc(sql`self`), asc(sql`${people.name} collate nocase`), asc(people.id));

export const toProfile = (row: { id: number; name: string; self: number | boolean; role: Profile["role"] }): Profile => ({
  id: row.id,
  name: row.name,
  self: Boolean(row.self),
  role: row.role,
});

/** The people `userId` owns, its own included, as SQL (the MAX_PEOPLE count). */
const ownedCount = (userId: number) =>
  sql<number>`(select count(*) from ${memberships} where ${memberships.userId} = ${userId} and ${memberships.role} = 'owner')`;

/**
 * A person without an account, owned by `userId`, in one batch: the person (only while the account
 * owns fewer than MAX_PEOPLE, counted in the insert so parallel adds cannot pass it), then its
 * 'owner' membership, written only when the person was. "limit" when the account is full.
 */
export async function createProfile(db: Db, userId: number, name: string, now: number): Promise<Profile | "limit"> {
  const [inserted] = await db.batch([
    db
      .insert(people)
      .select(
        db
          .select({
            id: sql<number>`null`.as("id"),
            name: sql<string>`${name}`.as("name"),
            accountUserId: sql<number | null>`null`.as("account_user_id"),
            createdAt: sql<number>`${now}`.as("created_at"),
            // The person's day starts in the adding account's zone (changeable on the person's page).
            timezone: sql<string>`(select ${users.timezone} from ${users} where ${users.id} = ${userId})`.as("timezone"),
          })
          .from(sql`(select 1)`)
          .where(sql`${ownedCount(userId)} < ${MAX_PEOPLE}`),
      )
      .returning({ id: people.id, name: people.name }),
    db.insert(memberships).select(
      db
        .select({
          personId: people.id,
          userId: sql<number>`${userId}`.as("user_id"),
          role: sql<"owner">`'owner'`.as("role"),
          remindMe: sql<boolean>`0`.as("remind_me"),
          missedDoseAlerts: sql<boolean>`0`.as("missed_dose_alerts"),
          missedDoseAfterMinutes: sql<number>`60`.as("missed_dose_after_minutes"),
          createdAt: sql<number>`${now}`.as("created_at"),
          missedDoseAlertsSince: sql<number | null>`null`.as("missed_dose_alerts_since"),
        })
        .from(people)
        .where(and(sql`changes() = 1`, eq(people.id, sql`last_insert_rowid()`), isNull(people.accountUserId))),
    ),
  ]);
  const person = inserted[0];
  return person ? { ...person, self: false, role: "owner" } : "limit";
}

/**
 * Renames a person and/or sets their time zone (the guard checked the role); answers the row, or
 * nothing when a zone was asked for a person with an account (theirs is the account's: nothing written).
 */
export async function changeProfile(db: Db, personId: number, change: { name?: string; timezone?: string }) {
  const withoutAccount = change.timezone === undefined ? undefined : isNull(people.accountUserId);
  const [row] = await db
    .update(people)
    .set(change)
    .where(and(eq(people.id, personId), withoutAccount))
    .returning({ id: people.id, name: people.name, timezone: people.timezone });
  return row;
}

/**
 * Deletes a person without an account and, by ON DELETE CASCADE, everything of theirs (memberships,
 * medications, pharmacies, their events). False when the person is an account's own: never deleted here.
 */
export async function deleteProfile(db: Db, personId: number): Promise<boolean> {
  const withoutAccount = and(eq(people.id, personId), isNull(people.accountUserId));
  const [, deleted] = await db.batch([
    // The medications first: a pharmacy still named by one may not go (ON DELETE RESTRICT), even in a cascade.
    db
      .delete(medications)
      .where(and(eq(medications.personId, personId), exists(db.select({ id: people.id }).from(people).where(withoutAccount)))),
    db.delete(people).where(withoutAccount).returning({ id: people.id }),
  ]);
  return deleted.length > 0;
}
