import { and, desc, eq, gt, isNull, ne, sql, type SQL } from "drizzle-orm";
import { countInviteSent, LIMITS } from "../auth/throttle";
import type { Db } from "../db/client";
import { invites, memberships, people, users, type Role } from "../db/schema";
import type { Invite, InviteRole } from "../shared/invite-schemas";
import { changed, recordActivity } from "./activity";

// Invitations to care for a person: sent by a manager or the owner (the signedIn guard decided,
// src/auth/access.ts), accepted by the holder of the e-mailed token whose CONFIRMED address is the
// one invited. Only the token's SHA-256 is stored. The limits and the role ceiling are checked inside
// the writes, so parallel requests cannot pass them.

export const INVITE_TTL_MS = 7 * 24 * 3_600_000;
export const MAX_PENDING_INVITES = 20;

/** A role's rank as SQL (ROLES' order), to compare roles inside a statement. */
const rankOf = (role: SQL | typeof memberships.role) =>
  sql<number>`(case ${role} when 'owner' then 3 when 'manager' then 2 when 'helper' then 1 else 0 end)`;

const pending = (now: SQL<number> | number) => and(isNull(invites.acceptedAt), gt(invites.expiresAt, now));

const inviteColumns = {
  id: invites.id,
  email: invites.email,
  role: invites.role,
  createdAt: invites.createdAt,
  expiresAt: invites.expiresAt,
};

export const toInvite = (row: { id: number; email: string; role: Role; createdAt: number; expiresAt: number }): Invite => ({
  id: row.id,
  email: row.email,
  role: row.role as InviteRole,
  createdAt: new Date(row.createdAt).toISOString(),
  expiresAt: new Date(row.expiresAt).toISOString(),
});

/** The person's pending invitations, newest first (read in the signed-in batch). */
export const pendingInvitesOf = (db: Db, person: SQL<number>, now: SQL<number>) =>
  db
    .select(inviteColumns)
    .from(invites)
    .where(and(eq(invites.personId, person), pending(now)))
    .orderBy(desc(invites.createdAt), desc(invites.id));

/** What the invitation e-mail names: the person, and the sender's name and whether their address is confirmed. */
export const inviteSenderOf = (db: Db, person: SQL<number>, owner: SQL<number>) =>
  db
    .select({ personName: people.name, senderName: users.fullName, senderConfirmedAt: users.emailConfirmedAt })
    .from(people)
    .innerJoin(users, eq(users.id, owner))
    .where(eq(people.id, person));

export interface NewInvite {
  personId: number;
  senderId: number;
  email: string;
  role: InviteRole;
  tokenHash: string;
}

/**
 * Writes an invitation in one batch: the sender's daily counter (counted only while the person has
 * fewer than MAX_PENDING_INVITES others pending), then the invitation while the counter is within its
 * limit and the sender still manages the person with a role at least the one given; then an earlier
 * pending invitation of the same address to the same person ends (a resend replaces it). Answers the
 * invitation, or why none was written.
 */
export async function createInvite(db: Db, input: NewInvite, now: number): Promise<Invite | "pending_limit" | "daily_limit" | "role"> {
  const email = input.email;
  const otherPending = sql`(select count(*) from ${invites} where ${invites.personId} = ${input.personId} and ${invites.email} <> ${email} and ${invites.acceptedAt} is null and ${invites.expiresAt} > ${now})`;
  const underPendingLimit = sql`${otherPending} < ${MAX_PENDING_INVITES}`;
  const throttle = countInviteSent(db, input.senderId, now, underPendingLimit);
  // A data rule, not the guard's: the new member's role is at most the sender's, and never owner.
  const senderMayGive = sql`exists (select 1 from ${memberships} where ${memberships.personId} = ${input.personId} and ${memberships.userId} = ${input.senderId} and ${rankOf(memberships.role)} >= 2 and ${rankOf(memberships.role)} >= ${rankOf(sql`${input.role}`)})`;
  const [counted, inserted] = await db.batch([
    throttle.count,
    db
      .insert(invites)
      .select(
        db
          .select({
            id: sql<number>`null`.as("id"),
            personId: sql<number>`${input.personId}`.as("person_id"),
            email: sql<string>`${email}`.as("email"),
            role: sql<Role>`${input.role}`.as("role"),
            tokenHash: sql<string>`${input.tokenHash}`.as("token_hash"),
            invitedBy: sql<number>`${input.senderId}`.as("invited_by"),
            createdAt: sql<number>`${now}`.as("created_at"),
            expiresAt: sql<number>`${now + INVITE_TTL_MS}`.as("expires_at"),
            acceptedAt: sql<number | null>`null`.as("accepted_at"),
          })
          .from(sql`(select 1)`)
          .where(and(underPendingLimit, throttle.underLimit, senderMayGive)),
      )
      .returning(inviteColumns),
    // The entry names the role offered, never the address.
    recordActivity(db, {
      person: input.personId,
      actorId: input.senderId,
      kind: "member_invited",
      subject: input.role,
      when: changed,
      at: now,
    }),
    db
      .update(invites)
      .set({ expiresAt: now })
      .where(
        and(
          eq(invites.personId, input.personId),
          eq(invites.email, email),
          pending(now),
          ne(invites.tokenHash, input.tokenHash),
          sql`exists (select 1 from ${invites} where ${invites.tokenHash} = ${input.tokenHash})`,
        ),
      ),
  ]);
  const invite = inserted[0];
  if (invite) return toInvite(invite);
  if (counted.length === 0) return "pending_limit";
  return (counted[0]?.count ?? 0) > LIMITS.invitesPerUser ? "daily_limit" : "role";
}

/** Withdraws a pending invitation of the person: it ends now (the row stays, counted in its sender's day). */
export const withdrawInvite = async (db: Db, personId: number, inviteId: number, now: number) =>
  (
    await db
      .update(invites)
      .set({ expiresAt: now })
      .where(and(eq(invites.id, inviteId), eq(invites.personId, personId), pending(now)))
      .returning({ id: invites.id })
  ).length > 0;

/** The pending invitation of the path's token (`token`: its hash), with what its page names; none when used, expired or unknown. */
export const inviteByToken = (db: Db, token: SQL<string>, now: SQL<number>) =>
  db
    .select({
      personId: invites.personId,
      personName: people.name,
      role: invites.role,
      email: invites.email,
      senderName: users.fullName,
      senderUsername: users.username,
    })
    .from(invites)
    .innerJoin(people, eq(people.id, invites.personId))
    .innerJoin(users, eq(users.id, invites.invitedBy))
    .where(and(eq(invites.tokenHash, token), pending(now)));

export type AcceptOutcome =
  | { state: "accepted"; personId: number; name: string; role: Role }
  | { state: "wrong_address" }
  | { state: "unusable" };

/**
 * Accepts the invitation whose token hashes to `tokenHash` for account `userId`, in one batch: is
 * it pending (read first), then it is marked accepted only while pending and sent to the account's
 * confirmed address (any letter case), then the membership (a member already keeps a higher role).
 * A refusal writes nothing, so the invitation stays usable by the right account.
 */
export async function acceptInvite(db: Db, tokenHash: string, userId: number, now: number): Promise<AcceptOutcome> {
  const confirmedAddress = sql`(select lower(${users.email}) from ${users} where ${users.id} = ${userId} and ${users.emailConfirmedAt} is not null)`;
  const [found, , , , joined] = await db.batch([
    db
      .select({ id: invites.id })
      .from(invites)
      .where(and(eq(invites.tokenHash, tokenHash), pending(now))),
    db
      .update(invites)
      .set({ acceptedAt: now })
      .where(and(eq(invites.tokenHash, tokenHash), pending(now), eq(invites.email, confirmedAddress)))
      .returning({ personId: invites.personId, role: invites.role }),
    db
      .insert(memberships)
      .select(
        db
          .select({
            personId: invites.personId,
            userId: sql<number>`${userId}`.as("user_id"),
            role: invites.role,
            remindMe: sql<boolean>`0`.as("remind_me"),
            missedDoseAlerts: sql<boolean>`0`.as("missed_dose_alerts"),
            missedDoseAfterMinutes: sql<number>`60`.as("missed_dose_after_minutes"),
            createdAt: sql<number>`${now}`.as("created_at"),
            missedDoseAlertsSince: sql<number | null>`null`.as("missed_dose_alerts_since"),
          })
          .from(invites)
          .where(and(sql`changes() = 1`, eq(invites.tokenHash, tokenHash), eq(invites.acceptedAt, now))),
      )
      .onConflictDoUpdate({
        target: [memberships.personId, memberships.userId],
        set: {
          role: sql`case when ${rankOf(memberships.role)} < ${rankOf(sql`excluded.role`)} then excluded.role else ${memberships.role} end`,
        },
      }),
    // Recorded only when this batch accepted it (accepted_at is its instant), with the role now held.
    recordActivity(db, {
      person: sql`ai.person_id`,
      actorId: userId,
      kind: "member_joined",
      from: sql`invites ai join memberships am on am.person_id = ai.person_id and am.user_id = ${userId}`,
      subject: sql`am.role`,
      when: sql`ai.token_hash = ${tokenHash} and ai.accepted_at = ${now}`,
      at: now,
    }),
    // What the answer names: the person and the account's role for them now.
    db
      .select({ personId: people.id, name: people.name, role: memberships.role })
      .from(invites)
      .innerJoin(people, eq(people.id, invites.personId))
      .innerJoin(memberships, and(eq(memberships.personId, people.id), eq(memberships.userId, userId)))
      .where(and(eq(invites.tokenHash, tokenHash), eq(invites.acceptedAt, now))),
  ]);
  const accepted = joined[0];
  if (!accepted) return found.length > 0 ? { state: "wrong_address" } : { state: "unusable" };
  return { state: "accepted", ...accepted };
}
