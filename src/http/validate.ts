import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type * as z from "zod/mini";
import { firstIssueMessage } from "../shared/validation";

/** zValidator answering 400 `{ message }` with the schema's first message (the spec's wording). */
export const validate = <T extends z.ZodMiniType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) return c.json({ message: firstIssueMessage(result.error) }, 400);
  });
