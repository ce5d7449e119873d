import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { retryMinutes } from "../auth/throttle";
import { say, type MessageKey, type ParamsOf } from "../i18n/say";
import { causeChain, errorSummary } from "../log/error-summary";
import { redact } from "../log/redact";

/**
 * An expected failure with a message fit to show a person: a message key (the API's stable `code`)
 * and its values. The words are looked up when the answer is made, in the request's language.
 */
export class ApiError<K extends MessageKey = MessageKey> extends Error {
  readonly values?: object;
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: K,
    ...values: ParamsOf<K> extends undefined ? [] : [ParamsOf<K>]
  ) {
    super(code);
    this.values = values[0] as object | undefined;
  }
  /** The message in the current language. */
  get text(): string {
    return say(this.code, this.values);
  }
}

/** The error and its causes, outermost first (drivers wrap, Drizzle wraps the driver). */

function describeOne(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const code = (e as { code?: unknown }).code;
  return `${e.name} ${typeof code === "string" ? code : ""} ${e.message}`;
}

type DatabaseFault = "outage" | "conflict" | "bug";

// Drizzle wraps every failed query as "Failed query: <sql>" (a DrizzleQueryError with the driver's
// error as cause); batches and the drivers' own failures arrive unwrapped:
// - D1: "D1_ERROR: …", "D1_…", SQLITE_* codes in the message;
// - libSQL/Turso: LibsqlError (code SQLITE_*, SERVER_ERROR, HRANA_*), hrana ClientError subclasses;
// - the network under either: workerd's "Network connection lost." (retryable), fetch failures.
function databaseFault(err: unknown): DatabaseFault | null {
  const chain = causeChain(err);
  const text = chain.map(describeOne).join(" | ");
  const fromDatabase =
    chain.some(
      (e) =>
        e instanceof Error &&
        (e.message.startsWith("Failed query") ||
          /^(Libsql|LibsqlBatch|Client|Response|Proto|Closed|HttpServer|WebSocket)Error$/.test(e.name)),
    ) ||
    /D1_|SQLITE_|Network connection lost|storage caused object to be reset|fetch failed|ECONNREFUSED|ECONNRESET|ETIMEDOUT/.test(text) ||
    chain.some((e) => (e as { retryable?: unknown }).retryable === true);
  if (!fromDatabase) return null;
  // A constraint the handler did not check first (e.g. a concurrent change): the request lost a race.
  if (/constraint failed|SQLITE_CONSTRAINT/i.test(text)) return "conflict";
  // The query itself is wrong for the schema: a bug to fix, not an outage to wait out.
  if (
    /no such (table|column|function)|syntax error|has no column named|datatype mismatch|too many SQL variables|SQLITE_(MISMATCH|RANGE|TOOBIG)/i.test(
      text,
    )
  )
    return "bug";
  // Unreachable, busy, locked, timed out, overloaded, reset, 5xx from Turso: try again later.
  return "outage";
}

// Hono's validator says why a body could not be read, in English: the same reasons, translated.
const HONO_BAD_REQUESTS: Record<string, MessageKey> = {
  "Malformed JSON in request body": "error_malformed_json",
  "Malformed FormData request.": "error_malformed_form",
};

/** 429 'Too many attempts. Please wait N minutes and try again.' */
export const tooManyAttempts = (seconds: number) => new ApiError(429, "error_too_many_attempts", { minutes: retryMinutes(seconds) });

/** Maps any error to a status and a message key; never leaks a stack or SQL. */
export function classifyError(err: unknown): { status: ContentfulStatusCode; code: MessageKey; values?: object } {
  if (err instanceof ApiError) return { status: err.status, code: err.code, values: err.values };
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    if (status === 413) return { status, code: "error_body_too_large" };
    if (status >= 500) return { status: 500, code: "error_unexpected" };
    return { status, code: (status === 400 && HONO_BAD_REQUESTS[err.message]) || "error_bad_request" };
  }
  switch (databaseFault(err)) {
    case "outage":
      return { status: 503, code: "error_unavailable" };
    case "conflict":
      return { status: 409, code: "error_conflict" };
    default:
      return { status: 500, code: "error_unexpected" };
  }
}

/** The status, the stable code and the message in the request's language. */
export function describeError(err: unknown): { status: ContentfulStatusCode; code: MessageKey; message: string } {
  const { status, code, values } = classifyError(err);
  return { status, code, message: say(code, values) };
}

/** Failures we raise on purpose (validation, 401, 404, 429, …) need no log line; anything else does. */
export const isExpected = (err: unknown) => err instanceof ApiError || (err instanceof HTTPException && err.status < 500);

export function logFailure(c: Context, err: unknown) {
  // The path too: the calendar feed's is its secret (/calendar/{token}.ics).
  console.error(`${c.req.method} ${redact(c.req.path)} failed: ${errorSummary(err)}`);
}

export function jsonError(c: Context, err: unknown) {
  const { status, message, code } = describeError(err);
  if (!isExpected(err)) logFailure(c, err);
  return c.json({ message, code }, status, { "Cache-Control": "no-store" });
}
