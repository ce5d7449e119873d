import type { Profile } from "./profile-schemas";

// Whose data a page shows: the account's own person (pages at /, API at /api) or another person it
// is a member of (pages at /p/:id, API at /api/profiles/:id). The page decides it from its path and
// the signedIn guard's membership; the islands read it (islands/lib/person.ts) to build their URLs,
// to hide what the role may not change and to name the person in toasts.

export type PersonRole = Profile["role"];
/** The person a page acts for: its id, name, the account's role for it, and whether it is the account's own. */
export type PersonScope = Pick<Profile, "id" | "name" | "role" | "self">;

// Kept in step with ROLES in src/db/schema-people.ts (islands must not import the schema).
const ORDER: PersonRole[] = ["viewer", "helper", "manager", "owner"];
/** Whether `role` may do what `needed` may (a helper logs doses and refills, a manager edits). */
export const roleAllows = (role: PersonRole, needed: PersonRole) => ORDER.indexOf(role) >= ORDER.indexOf(needed);

/** Another person's scope, or null for the account's own (whose paths have no prefix). */
const other = (scope: PersonScope | null | undefined) => (scope && !scope.self ? scope : null);

/** A page of the person: '/medications/3' → '/p/7/medications/3' for another person; '/' → '/p/7/'. */
export const personPagePath = (scope: PersonScope | null | undefined, path: string) => {
  const person = other(scope);
  return person ? `/p/${person.id}${path}` : path;
};

/** An API path of the person: '/doses' → '/api/profiles/7/doses', or '/api/doses' for one's own. */
export const personApiPath = (scope: PersonScope | null | undefined, path: string) => {
  const person = other(scope);
  return person ? `/api/profiles/${person.id}${path}` : `/api${path}`;
};

/** The person's name when it is not the account's own (headings and toasts then name them). */
export const otherName = (scope: PersonScope | null | undefined) => other(scope)?.name ?? null;
