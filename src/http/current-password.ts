import { checkCurrentPassword, currentPasswordReads, type CurrentPasswordData } from "../auth/current-password";
import type { LoadReads, Reads } from "../auth/signed-in";
import { ApiError, tooManyAttempts } from "./errors";
import { signedIn } from "./middleware";

/**
 * The guard of a route that asks for the current password: signedIn, with the try counted in the
 * session's round trip (see auth/current-password) beside the route's own reads.
 */
export const signedInCheckingPassword = <R extends Reads = Record<string, never>>(load?: LoadReads<R>) =>
  signedIn((scope) => ({ ...(load?.(scope) as R), ...currentPasswordReads(scope.db, scope.owner, scope.now) }));

/**
 * The one answer to a current password. Over the limit: 429 with the wait of the account's window,
 * the same words whether the password was right or wrong (it is not looked at). Wrong: 400.
 */
export async function requireCurrentPassword(data: CurrentPasswordData, password: string): Promise<void> {
  const check = await checkCurrentPassword(data, password, Date.now());
  if (check.state === "blocked") throw tooManyAttempts(check.seconds);
  if (check.state === "wrong") throw new ApiError(400, "field_current_password_incorrect");
}
