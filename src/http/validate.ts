import { zValidator } from "@hono/zod-validator";
import type { Context, ValidationTargets } from "hono";
import type * as z from "zod/mini";
import { idParamSchema } from "../shared/medication-schemas";
import { firstIssueMessage } from "../shared/validation";

/** zValidator answering 400 `{ message }` with the schema's first message (the spec's wording). */
export const validate = <T extends z.ZodMiniType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) return c.json({ message: firstIssueMessage(result.error) }, 400);
  });

const anyIdSchema = idParamSchema("Invalid id");

/**
 * The route's `:id` for a read batched with the session lookup, which runs before the route's own
 * validator answers 400: a malformed id reads as 0, which matches no row.
 */
export function pathId(c: Context): number {
  const parsed = anyIdSchema.safeParse({ id: c.req.param("id") });
  return parsed.success ? parsed.data.id : 0;
}
