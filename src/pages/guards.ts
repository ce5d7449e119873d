import { createMiddleware } from "hono/factory";
import type { User } from "../auth/session";
import type { AppEnv } from "../env";
import { authenticate } from "../http/middleware";

/** Page guard: visitors go to /auth before anything renders (no spinner flash). */
export const requirePageUser = createMiddleware<AppEnv & { Variables: { user: User } }>(async (c, next) => {
  if (!(await authenticate(c))) return c.redirect("/auth", 302);
  await next();
});

export const redirectIfSignedIn = createMiddleware<AppEnv>(async (c, next) => {
  if (await authenticate(c)) return c.redirect("/", 302);
  await next();
});
