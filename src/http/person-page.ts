import type { Context } from "hono";
import type { SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { profilesOf, toProfile } from "../data/profiles";
import type { AppEnv } from "../env";
import type { SignedIn } from "../auth/signed-in";
import { otherName, personApiPath, personPagePath, roleAllows, type PersonRole, type PersonScope } from "../shared/person-scope";
import type { Profile } from "../shared/profile-schemas";

// A page of a person's data, one's own (/, /medications/3) or another's (/p/7/, /p/7/medications/3):
// the same router serves both, the signedIn guard decided access from the path's :profileId, and
// this reads who the person is from the people the page read in its batch (`peopleRead`).

/** The account's people, read with every person page (the header's switcher, the person's name). */
export const peopleRead = (db: Db, owner: SQL<number>) => profilesOf(db, owner);

export interface PersonPage {
  /** The person the page shows (null only if the guard found no person, which it answers 404 for). */
  scope: PersonScope | null;
  /** Everyone the account is a member of, its own first: the switcher's entries. */
  people: Profile[];
  /** The person's name on another person's page; null on one's own (headings stay as they are). */
  other: string | null;
  /** A page of this person: '/' → '/p/7/'. */
  page: (path: string) => string;
  /** An API path of this person: '/medications/export.csv' → '/api/profiles/7/medications/export.csv'. */
  api: (path: string) => string;
  /** Whether the account's role for this person allows `needed`. */
  may: (needed: PersonRole) => boolean;
}

type PeopleRows = Parameters<typeof toProfile>[0][];

/** The page's person, also set for the islands (src/components/Island.tsx) and AppShell's data block. */
export function personPageOf<E extends AppEnv>(c: Context<E>, signedIn: Pick<SignedIn, "person">, rows: PeopleRows): PersonPage {
  const people = rows.map(toProfile);
  const found = signedIn.person && people.find((p) => p.id === signedIn.person!.id);
  const scope: PersonScope | null = found ? { id: found.id, name: found.name, role: found.role, self: found.self } : null;
  if (scope) (c as unknown as Context<AppEnv>).set("personScope", scope);
  return {
    scope,
    people,
    other: otherName(scope),
    page: (path) => personPagePath(scope, path),
    api: (path) => personApiPath(scope, path),
    may: (needed) => !scope || roleAllows(scope.role, needed),
  };
}
