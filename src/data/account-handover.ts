import { and, asc, eq, inArray, isNull, notExists, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../db/client";
import { medications, memberships, people, pharmacies, users } from "../db/schema";

// What deleting an account does to the people it owns besides its own: a person with a manager
// passes to the longest-standing one (earliest membership, then lowest account id), who becomes its
// owner and the owning account of its medications and pharmacies (their user_id); a person without
// one is deleted with everything of theirs. The settings page reads the same rule to tell the
// owner beforehand, so the dialog and the deletion cannot disagree.

/**
 * The account a person `personId` would pass to (its longest-standing manager), as SQL; NULL: none.
 * The subquery reads memberships under its own name (`heir_m`): in an UPDATE of memberships, an
 * unaliased inner table would shadow the outer row, and every person would get the table's first manager.
 */
const heirOf = (personId: SQLWrapper) =>
  sql<
    number | null
  >`(select heir_m.user_id from ${memberships} heir_m where heir_m.person_id = ${personId} and heir_m.role = 'manager' order by heir_m.created_at, heir_m.user_id limit 1)`;

/** The people `userId` owns that have no account of their own (its own person excluded), as a subquery. */
const ownedOthers = (db: Db, userId: SQLWrapper | number) =>
  db
    .select({ id: memberships.personId })
    .from(memberships)
    .innerJoin(people, eq(people.id, memberships.personId))
    .where(and(eq(memberships.userId, userId), eq(memberships.role, "owner"), isNull(people.accountUserId)));

const heir = alias(users, "heir");

/**
 * The people the account owns besides its own, each with the name of who it would pass to (null:
 * deleted with the account), by name: a read for the settings page's batch.
 */
export const peopleOnDeletionOf = (db: Db, owner: SQL<number>) =>
  db
    .select({
      name: people.name,
      // The heir's full name, else username: what members see of each other (never the address).
      passesTo: sql<string | null>`coalesce(nullif(trim(${heir.fullName}), ''), ${heir.username})`.as("passes_to"),
    })
    .from(people)
    .leftJoin(heir, eq(heir.id, heirOf(people.id)))
    .where(inArray(people.id, ownedOthers(db, owner)))
    .orderBy(asc(sql`${people.name} collate nocase`), asc(people.id));

/**
 * The hand-over's statements, first in the deletion's batch: medications and pharmacies move to the
 * heir (before the account's own rows are deleted by user_id), then the heir's membership becomes
 * 'owner' (last, as the heir is found among the managers).
 */
export const handOverStatements = (db: Db, userId: number) =>
  [
    db
      .update(medications)
      .set({ userId: sql`${heirOf(medications.personId)}` })
      .where(and(inArray(medications.personId, ownedOthers(db, userId)), sql`${heirOf(medications.personId)} is not null`)),
    db
      .update(pharmacies)
      .set({ userId: sql`${heirOf(pharmacies.personId)}` })
      .where(and(inArray(pharmacies.personId, ownedOthers(db, userId)), sql`${heirOf(pharmacies.personId)} is not null`)),
    db
      .update(memberships)
      .set({ role: "owner" })
      .where(and(inArray(memberships.personId, ownedOthers(db, userId)), eq(memberships.userId, heirOf(memberships.personId)))),
  ] as const;

/** The people `userId` owns alone (no other owner after the hand-over): deleted with the account. */
export const ownedAlone = (db: Db, userId: number) => {
  const other = alias(memberships, "other_owner");
  return and(
    inArray(people.id, ownedOthers(db, userId)),
    notExists(
      db
        .select({ one: sql`1` })
        .from(other)
        .where(and(eq(other.personId, people.id), eq(other.role, "owner"), sql`${other.userId} <> ${userId}`)),
    ),
  );
};
