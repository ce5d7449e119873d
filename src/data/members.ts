import { and, asc, desc, eq, ne, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../db/client";
import { memberships, ROLES, users, type Role } from "../db/schema";
import { orphanedFeedsRemoval } from "./calendar";
import { alertsSinceAfter } from "./missed-dose";
import type { Member, MembershipSettings, MembershipSettingsPayload } from "../shared/member-schemas";
import { changed, recordActivity } from "./activity";

/** The member `userId` as an entry's subject: the name the other members see (never the address). */
const memberSubject = (userId: number) => ({
  from: sql`users mu`,
  subject: sql`coalesce(nullif(trim(mu.full_name), ''), mu.username)`,
  when: sql`${changed} AND mu.id = ${userId}`,
});

// A person's members (GET/PATCH/DELETE /api/profiles/:id/members…) and each member's own settings
// (…/membership). The signedIn guard decided the least role first (src/auth/access.ts); the rules
// that depend on the member acted on (nobody changes or removes the owner, a manager removes only
// helpers and viewers) are written into the statements here, against the roles as stored at that
// moment, so a role changed since the session's read cannot slip through.

/** A role's rank as SQL: ROLES' order, viewer 0 to owner 3. */
const rankOf = (role: SQLWrapper) =>
  sql<number>`(case ${role} ${sql.raw(ROLES.map((name, rank) => `when '${name}' then ${rank}`).join(" "))} end)`;

/** `userId`'s role for `personId` now, as SQL (NULL: no longer a member). */
const roleNow = (personId: number, userId: number) =>
  sql<Role | null>`(select ${memberships.role} from ${memberships} where ${memberships.personId} = ${personId} and ${memberships.userId} = ${userId})`;

// The account's full name, else its username: what the other members see (never the address).
const memberColumns = (self: SQLWrapper | number) => ({
  userId: memberships.userId,
  name: sql<string>`coalesce(nullif(trim(${users.fullName}), ''), ${users.username})`.as("member_name"),
  role: memberships.role,
  self: sql<number>`${memberships.userId} = ${self}`.as("member_self"),
  since: memberships.createdAt,
});

const members = (db: Db, self: SQLWrapper | number) =>
  db.select(memberColumns(self)).from(memberships).innerJoin(users, eq(users.id, memberships.userId));

/** The person's members, the owner first, then by role and by how long they have been members (read in the signed-in batch). */
export const membersOf = (db: Db, person: SQL<number>, owner: SQL<number>) =>
  members(db, owner)
    .where(eq(memberships.personId, person))
    .orderBy(desc(rankOf(memberships.role)), asc(memberships.createdAt), asc(memberships.userId));

type MemberRow = Awaited<ReturnType<typeof membersOf>>[number];
export const toMember = (row: MemberRow): Member => ({ ...row, self: Boolean(row.self) });

/** The account's own membership of the person (read in the signed-in batch). */
export const membershipOf = (db: Db, person: SQL<number>, owner: SQL<number>) =>
  db
    .select({
      role: memberships.role,
      remindMe: memberships.remindMe,
      missedDoseAlerts: memberships.missedDoseAlerts,
      missedDoseAfterMinutes: memberships.missedDoseAfterMinutes,
    })
    .from(memberships)
    .where(and(eq(memberships.personId, person), eq(memberships.userId, owner)));

export type RoleChange = { member: Member } | "not a member" | "owner" | "not the owner";

/**
 * Gives member `userId` of `personId` a new role (never to or from 'owner'), while `actorId` still
 * owns the person, in one batch: the update, then the member as it now stands (which also tells
 * why nothing changed).
 */
export async function changeRole(
  db: Db,
  personId: number,
  userId: number,
  actorId: number,
  role: Exclude<Role, "owner">,
  now = Date.now(),
): Promise<RoleChange> {
  const [updated, , [member]] = await db.batch([
    db
      .update(memberships)
      .set({ role })
      .where(
        and(
          eq(memberships.personId, personId),
          eq(memberships.userId, userId),
          ne(memberships.role, "owner"),
          sql`${roleNow(personId, actorId)} = 'owner'`,
        ),
      )
      .returning({ userId: memberships.userId }),
    recordActivity(db, { person: personId, actorId, kind: "member_role_changed", ...memberSubject(userId), at: now }),
    members(db, actorId).where(and(eq(memberships.personId, personId), eq(memberships.userId, userId))),
  ]);
  if (!member) return "not a member";
  if (updated.length > 0) return { member: toMember(member) };
  return member.role === "owner" ? "owner" : "not the owner";
}

export type Removal = "removed" | "not a member" | "owner" | "above the actor";

/**
 * Ends member `userId`'s membership of `personId`, in one batch: the member's role before, then the
 * delete. Anyone may leave; someone else goes only when below `actorId`'s role now and that role is
 * manager or owner. The owner never goes.
 */
export async function removeMember(db: Db, personId: number, userId: number, actorId: number, now = Date.now()): Promise<Removal> {
  const actorRank = rankOf(roleNow(personId, actorId));
  const [[before], removed] = await db.batch([
    db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.personId, personId), eq(memberships.userId, userId))),
    db
      .delete(memberships)
      .where(
        and(
          eq(memberships.personId, personId),
          eq(memberships.userId, userId),
          ne(memberships.role, "owner"),
          sql`(${memberships.userId} = ${actorId} or (${actorRank} >= ${ROLES.indexOf("manager")} and ${rankOf(memberships.role)} < ${actorRank}))`,
        ),
      )
      .returning({ userId: memberships.userId }),
    // Directly after the delete: it records only when the delete changed a row (`changed`).
    recordActivity(db, {
      person: personId,
      actorId,
      kind: userId === actorId ? "member_left" : "member_removed",
      ...memberSubject(userId),
      at: now,
    }),
    // The member's calendar feed of the person ends with the membership (its read checks it anyway).
    orphanedFeedsRemoval(db, userId, personId),
  ]);
  if (removed.length > 0) return "removed";
  if (!before) return "not a member";
  return before.role === "owner" ? "owner" : "above the actor";
}

/** Saves the account's own settings for the person (each left out stays); undefined when no longer a member. */
export async function saveMembershipSettings(
  db: Db,
  personId: number,
  userId: number,
  settings: MembershipSettingsPayload,
): Promise<MembershipSettings | undefined> {
  const [row] = await db
    .update(memberships)
    .set({
      remindMe: settings.remindMe ?? sql`${memberships.remindMe}`,
      missedDoseAlerts: settings.missedDoseAlerts ?? sql`${memberships.missedDoseAlerts}`,
      missedDoseAfterMinutes: settings.missedDoseAfterMinutes ?? sql`${memberships.missedDoseAfterMinutes}`,
      missedDoseAlertsSince: alertsSinceAfter(settings.missedDoseAlerts, Date.now()),
    })
    .where(and(eq(memberships.personId, personId), eq(memberships.userId, userId)))
    .returning({
      role: memberships.role,
      remindMe: memberships.remindMe,
      missedDoseAlerts: memberships.missedDoseAlerts,
      missedDoseAfterMinutes: memberships.missedDoseAfterMinutes,
    });
  return row;
}
