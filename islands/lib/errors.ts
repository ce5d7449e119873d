import { ApiRequestError } from "./api";

/** The sentence when nothing better is known. */
export const SOMETHING_WENT_WRONG = "Something went wrong. Please try again later.";

/** The message a failure toast shows: the server's sentence after its status, "<status>: <message>". */
export const errorMessage = (err: unknown) => (err instanceof Error ? err.message : SOMETHING_WENT_WRONG);

/** The server's sentence alone, without the status. */
export const serverMessage = (err: unknown) => (err instanceof ApiRequestError ? err.serverMessage : errorMessage(err));
