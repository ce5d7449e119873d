import type { SignedIn } from "../auth/signed-in";
import { todayIn } from "../domain/countdown";
import { ApiError } from "./errors";

/** The id of the person a signed-in write acts for (checked by the signedIn guard); 404 without one. */
export function personIdOf(signedIn: Pick<SignedIn, "person">): number {
  if (!signedIn.person) throw new ApiError(404, "error_profile_not_found");
  return signedIn.person.id;
}

/**
 * The time zone of the person a request acts for: a person's day is in the person's zone, whoever
 * reads (src/auth/access.ts personZoneOf). The account's own zone only without a person (the guard
 * has answered 404 before any person-scoped work).
 */
export const personZone = (signedIn: Pick<SignedIn, "person" | "user">): string => signedIn.person?.timezone ?? signedIn.user.timezone;

/** The person's today ('YYYY-MM-DD' in their zone) at `now`. */
export const personToday = (signedIn: Pick<SignedIn, "person" | "user">, now = Date.now()): string => todayIn(personZone(signedIn), now);
