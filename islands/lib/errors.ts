import * as m from "../../src/generated/i18n";
import { ApiRequestError } from "./api";

/**
 * The sentence a failure toast shows: the server's own (in the page's language, without its status),
 * or, for anything else (a script that failed to load, a bug), the calm generic one, never a raw error.
 */
export const errorMessage = (err: unknown) => (err instanceof ApiRequestError ? err.serverMessage : m.common_something_went_wrong());

/** The same sentence (kept for the callers that name it so). */
export const serverMessage = errorMessage;

/** A 400 that says the current password was wrong (the API's stable code), shown at its field. */
export const isWrongCurrentPassword = (err: unknown) => err instanceof ApiRequestError && err.status === 400 && err.code === "field_current_password_incorrect";

/** A 400 that says the new password is the one already in use, shown at the new password's field. */
export const isReusedPassword = (err: unknown) => err instanceof ApiRequestError && err.status === 400 && err.code === "field_new_password_reused";
