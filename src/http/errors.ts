import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An expected failure with a message fit to show a person. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ApiError(404, `${what} not found`);

export const UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a moment.";
export const UNEXPECTED_MESSAGE = "Something went wrong. Please try again later.";

// Drizzle wraps driver failures (D1 or libSQL unreachable, busy, timed out) as "Failed query".
function isDatabaseFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return err.name === "DrizzleQueryError" || err.message.startsWith("Failed query") || /D1_|LibsqlError|SQLITE_/.test(`${err.name} ${err.message}`);
}

/** Maps any error to a status and a readable message; never leaks a stack or SQL. */
export function describeError(err: unknown): { status: ContentfulStatusCode; message: string } {
  if (err instanceof ApiError) return { status: err.status, message: err.message };
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    if (status === 413) return { status, message: "The request body is too large." };
    return { status, message: err.message || "Bad request" };
  }
  if (isDatabaseFailure(err)) return { status: 503, message: UNAVAILABLE_MESSAGE };
  return { status: 500, message: UNEXPECTED_MESSAGE };
}

export function jsonError(c: Context, err: unknown) {
  const { status, message } = describeError(err);
  if (status >= 500) console.error(`${c.req.method} ${c.req.path} failed:`, err);
  return c.json({ message }, status, { "Cache-Control": "no-store" });
}
