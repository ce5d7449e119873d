import { and, eq, sql, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../db/client";
import { memberships, people, ROLES, type Role, users } from "../db/schema";

// Who may do what with a person's data, decided here and nowhere else. A signed-in request acts for
// one person: the path's /api/profiles/:profileId, or (no prefix, `profile` 0) the account's own.
// That person is read through the session's membership in the request's one batch, so a stranger's
// person is simply no row: reads scoped by it find nothing, and the guard answers 404 (never 403,
// which would reveal that the person exists). A member below a route's role gets 403.

/** The account's own person's id as SQL (people.account_user_id). */
export const ownPersonOf = (userId: SQLWrapper | number) =>
  sql<number>`(select ${people.id} from ${people} where ${people.accountUserId} = ${userId})`;

/** The person a path asks for (`profile`, 0 for none: the account's own), as SQL over `userId`. */
export const askedPerson = (userId: SQLWrapper | number, profile: Placeholder | number) =>
  sql<number>`coalesce(nullif(${profile}, 0), ${ownPersonOf(userId)})`;

/**
 * The person the request acts for, as SQL, only when `userId` is a member of it: NULL otherwise,
 * which matches no row. What every medication and pharmacy read of a signed-in batch is scoped by.
 */
export const memberPerson = (userId: SQL<number>, profile: Placeholder) =>
  sql<number>`(select ${memberships.personId} from ${memberships} where ${memberships.userId} = ${userId} and ${memberships.personId} = ${askedPerson(userId, profile)})`;

/** The person a signed-in request acts for, the account's role for it and the person's time zone. */
export interface Person {
  id: number;
  role: Role;
  /** Where the person's day is (personZoneOf): their today, dose times, pushes and alerts. */
  timezone: string;
}

// A person's day is in the person's time zone, decided here alone: an account's own person lives in
// the account's zone (users.timezone, which its settings change); a person without an account in
// people.timezone (set from the creating account's, changed on the person's page; a row without one,
// the owning account's). Aliased, so the subquery never reads the columns of a statement's own rows.
const zone = { person: sql.identifier("zone_person"), account: sql.identifier("zone_account"), owner: sql.identifier("zone_owner") };

/** The time zone of person `personId`, as SQL (UTC when none is set; NULL for no such person). */
export const personZoneOf = (personId: SQLWrapper | number) =>
  sql<string>`(select coalesce(${zone.account}.timezone, ${zone.person}.timezone, (select ${zone.owner}.timezone from ${memberships} as zone_membership join ${users} as ${zone.owner} on ${zone.owner}.id = zone_membership.user_id where zone_membership.person_id = ${zone.person}.id and zone_membership.role = 'owner'), 'UTC') from ${people} as ${zone.person} left join ${users} as ${zone.account} on ${zone.account}.id = ${zone.person}.account_user_id where ${zone.person}.id = ${personId})`;

export const atLeast = (role: Role, needed: Role) => ROLES.indexOf(role) >= ROLES.indexOf(needed);

// What each role may do, by route below the person (the part after /api or /api/profiles/:id):
// reading is a viewer's; logging doses and recording or undoing refills a helper's; every other
// change (medications, pharmacies, pauses, imports) a manager's; deleting the person the owner's.
// Members: the list and removing someone else a manager's, changing a role the owner's; one's own
// membership (its settings, leaving) anyone's. Which member a manager may remove (not the owner,
// not another manager) depends on that member's row: src/data/members.ts checks it in its statement.
const INVITE_ROUTES = /^\/invites(\/\d+)?$/;
// Snooze of a dose push is a helper's too: only those who may log the doses get the push's buttons.
const HELPER_WRITES = [/^\/doses(\/\d+)?$/, /^\/doses\/snooze$/, /^\/medications\/refill$/, /^\/medications\/\d+\/undo-refill$/];
const MEMBER = /^\/members\/\d+$/;

/** The least role a request needs, by method, its path below the person and the asking account's id. */
export function roleNeeded(method: string, path: string, userId = 0): Role {
  // Accepting an invitation is the invitee's own, who is no member of its person yet (the token decides).
  if (path === "/invites/accept") return "viewer";
  // A person's invitations (listing, sending, withdrawing) are a manager's, reading them included.
  if (INVITE_ROUTES.test(path)) return "manager";
  const reading = method === "GET" || method === "HEAD";
  if (path === "/members" && reading) return "manager";
  // The activity record (who did what) is the owner's and the managers'.
  if (path === "/activity") return "manager";
  if (path === "/membership") return "viewer";
  // A calendar feed of the person is the member's own subscription: any member may make or end theirs.
  if (path === "/calendar-feed") return "viewer";
  if (MEMBER.test(path) && method === "PATCH") return "owner";
  if (MEMBER.test(path) && method === "DELETE") return path === `/members/${userId}` ? "viewer" : "manager";
  if (reading) return "viewer";
  // The person itself (DELETE /api/profiles/:id): the owner's alone; renaming it a manager's.
  if (path === "" && method === "DELETE") return "owner";
  if (HELPER_WRITES.some((route) => route.test(path))) return "helper";
  return "manager";
}

/** Why a role below `needed` is refused (403), worded for the route (`path` below the person). */
export const refusalOf = (path: string, needed: Role) =>
  needed !== "owner" ? "error_profile_forbidden" : path === "" ? "error_profile_owner_only" : "error_member_role_owner_only";

/** The part of an API path below its person: '/api/profiles/7/doses' and '/api/doses' → '/doses'. */
export const pathBelowPerson = (path: string) => path.replace(/^\/api(\/profiles\/[^/]+)?(?=\/|$)/, "");

/**
 * The account that owns person `personId`, as SQL: what medications.user_id and pharmacies.user_id
 * hold (the account of one's own person, else the 'owner' membership's account).
 */
export const owningAccountOf = (personId: SQLWrapper | number) =>
  sql<number>`coalesce((select ${people.accountUserId} from ${people} where ${people.id} = ${personId}), (select ${memberships.userId} from ${memberships} where ${memberships.personId} = ${personId} and ${memberships.role} = 'owner'))`;

/** The ids of the people `userId` owns (its own person included), as a subquery. */
export const ownedPeople = (db: Db, userId: number) =>
  db
    .select({ id: memberships.personId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.role, "owner")));
