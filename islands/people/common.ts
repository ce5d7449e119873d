import type { Outcome, Toast } from "../lib/submit";

// What the people islands share: the person they act on, and how a change is shown (the page is
// read again with the session, so every list on it is the server's, with the toast naming the person).

/** The person a page acts on. */
export interface PersonRef {
  id: number;
  name: string;
}

/** This page again, with the toast shown there. */
export const reloadWith = (toast: Toast): Outcome => ({ toast, navigate: location.pathname + location.search });

/** An API path below the person. */
export const personPath = (person: PersonRef, below = "") => `/api/profiles/${person.id}${below}`;
