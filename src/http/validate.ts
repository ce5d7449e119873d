import { zValidator } from "@hono/zod-validator";
import type { Context, ValidationTargets } from "hono";
import type * as z from "zod/mini";
import type { AppEnv } from "../env";
import { inLocale, localeScope } from "../i18n/current";
import { parseCode, say, withCodes, type MessageKey } from "../i18n/say";
import { idParamSchema } from "../shared/medication-schemas";
import { firstIssueMessage } from "../shared/validation";
import { ApiError } from "./errors";

/**
 * The first problem of a failed parse that ran `withCodes`: its stable code and its message in the
 * request's language. The schemas' messages are message functions (the islands show them in their
 * bundle's language); on the server they answer their key, so the words come from the request.
 */
export function describeIssue(error: z.core.$ZodError): { code: MessageKey; message: string } {
  const parsed = firstIssueCode(error);
  const code = parsed?.code ?? "error_invalid_request";
  return { code, message: say(code, parsed?.values) };
}

// The issues' messages were made in codes; firstIssueMessage's own (e.g. "not an object") must be too.
const firstIssueCode = (error: z.core.$ZodError) => parseCode(withCodes(() => firstIssueMessage(error)));

/** A failed parse that ran `withCodes` as the ApiError (400) its first problem names. */
export function issueError(error: z.core.$ZodError): ApiError {
  const parsed = firstIssueCode(error);
  if (!parsed) return new ApiError(400, "error_invalid_request");
  const AnyApiError = ApiError as new (status: 400, code: MessageKey, values?: object) => ApiError;
  return new AnyApiError(400, parsed.code, parsed.values);
}

/**
 * zValidator answering 400 `{ message, code }` with the schema's first message. The parse runs
 * with messages answering their codes; the handler after it runs in the request's language again.
 */
export const validate = <T extends z.ZodMiniType, Target extends keyof ValidationTargets>(target: Target, schema: T) => {
  const check = zValidator(target, schema, (result, c) => {
    if (!result.success)
      return c.json(
        inLocale(scope(c), () => describeIssue(result.error)),
        400,
      );
  });
  return (async (c, next) => {
    const requestScope = localeScope();
    (c as Context<AppEnv>).set("localeScope", requestScope);
    return withCodes(() => check(c, () => inLocale(requestScope, next)));
  }) as typeof check;
};
const scope = (c: Context) => c.get("localeScope") ?? localeScope();

/**
 * validate("json", …) with the schema picked from the body itself: one payload's rules, worded for
 * what the body says (a medication's messages name its unit). A body that is not JSON picks with
 * `undefined`; the validator then answers it as validate does.
 */
export const validateJsonBy = <T extends z.ZodMiniType>(pick: (body: unknown) => T) =>
  (async (c, next) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    return validate("json", pick(body))(c, next);
  }) as ReturnType<typeof validate<T, "json">>;

const anyIdSchema = idParamSchema();

/**
 * The route's `:id` for a read batched with the session lookup, which runs before the route's own
 * validator answers 400: a malformed id reads as 0, which matches no row.
 */
export function pathId(c: Context): number {
  const parsed = anyIdSchema.safeParse({ id: c.req.param("id") });
  return parsed.success ? parsed.data.id : 0;
}
