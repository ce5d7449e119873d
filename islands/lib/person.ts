import { otherName, personApiPath, personPagePath, roleAllows, type PersonRole, type PersonScope } from "../../src/shared/person-scope";

// The person the page acts for, one value per page (set before any island hydrates, from the data
// block AppShell writes; on the server around each island's synchronous render, see
// src/components/Island.tsx). Null: the account's own person, with every right.
let current: PersonScope | null = null;

/** Sets the page's person (the browser, before hydrating) and answers the previous one. */
export function setPersonScope(scope: PersonScope | null): PersonScope | null {
  const previous = current;
  current = scope;
  return previous;
}

/** The page's person's API path: `personApi("/doses")`. */
export const personApi = (path: string) => personApiPath(current, path);
/** A page of the page's person: `personPage("/medications/3")`. */
export const personPage = (path: string) => personPagePath(current, path);
/** Whether the account's role for the page's person allows `needed` (always, for one's own). */
export const mayDo = (needed: PersonRole) => !current || roleAllows(current.role, needed);
/** The person's name when it is someone else's page (toasts name whose it was), else null. */
export const otherPersonName = () => otherName(current);
/** The page's person's id, or null for one's own (keeps one person's offline taps apart from another's). */
export const otherPersonId = () => (current && !current.self ? current.id : null);
