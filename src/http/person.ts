import type { SignedIn } from "../auth/signed-in";
import { ApiError } from "./errors";

/** The id of the person a signed-in write acts for (checked by the signedIn guard); 404 without one. */
export function personIdOf(signedIn: Pick<SignedIn, "person">): number {
  if (!signedIn.person) throw new ApiError(404, "error_profile_not_found");
  return signedIn.person.id;
}
