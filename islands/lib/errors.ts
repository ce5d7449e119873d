import { ApiRequestError } from "./api";

/** The message a failure toast shows: the server's sentence, with the spec's "status: " prefix. */
export const errorMessage = (err: unknown) => (err instanceof Error ? err.message : "Something went wrong. Please try again later.");

/** The server's sentence alone (spec: "the server message"). */
export const serverMessage = (err: unknown) => (err instanceof ApiRequestError ? err.serverMessage : errorMessage(err));
