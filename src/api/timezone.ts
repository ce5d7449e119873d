import { Hono } from "hono";
import * as z from "zod/mini";
import { setBrowserTimeZone } from "../data/users";
import { resolveTimeZone } from "../domain/timezones";
import type { AppEnv } from "../env";
import * as m from "../generated/i18n";
import { signedIn } from "../http/middleware";
import { validate } from "../http/validate";

const browserZoneSchema = z.object({ timezone: z.string().check(z.maxLength(64)) });

/**
 * PUT /api/user/timezone: the browser's zone for an account that never chose one (it started on
 * the default before sign-up saved the browser's zone). Changes nothing once a zone was chosen, and
 * ignores a zone we do not know; a change answers the sentence the page shows once.
 */
export const timezoneApi = new Hono<AppEnv>().put("/user/timezone", signedIn(), validate("json", browserZoneSchema), async (c) => {
  const { user } = c.var.signedIn;
  const timezone = resolveTimeZone(c.req.valid("json").timezone);
  if (!timezone || user.timezoneChosen) return c.json({ changed: false });
  if (!(await setBrowserTimeZone(c.var.db, user, timezone, Date.now()))) return c.json({ changed: false });
  return c.json({ changed: true, timezone, message: m.timezone_set_from_browser({ zone: timezone }) });
});
