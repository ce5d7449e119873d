import { isLocal } from "../env";
import type { MiddlewareHandler } from "hono";
import type { AppEnv, Env } from "../env";
import * as m from "../generated/i18n";
import { vapidProblems } from "../push/keys";

// A deployed Worker must not quietly fall back to what only suits a laptop: the D1 binding instead
// of Turso, the development outbox instead of Postmark (reset links readable in the database), the
// public development key for unsubscribe links, http:// links, a localhost sender. `npm run dev`
// (scripts/dev.mjs) and the test pool say where they run with APP_ENV; without it the Worker is
// production and checks its settings.

const MIN_SECRET_LENGTH = 32;

function isHttpsUrl(value: string | undefined): boolean {
  try {
    return new URL(value ?? "").protocol === "https:";
  } catch {
    return false;
  }
}

/** What is missing or weak, by setting name; never a setting's value. Empty when local. */
export function configurationProblems(env: Env): string[] {
  if (isLocal(env)) return [];
  const problems: string[] = [];
  // Without them createDb falls back to the DB binding, which holds none of the data in production.
  if (!env.TURSO_DATABASE_URL) problems.push("TURSO_DATABASE_URL is not set");
  if (!env.TURSO_AUTH_TOKEN) problems.push("TURSO_AUTH_TOKEN is not set");
  if (!env.POSTMARK_SERVER_TOKEN) problems.push("POSTMARK_SERVER_TOKEN is not set");
  if (!env.APP_SECRET || env.APP_SECRET.length < MIN_SECRET_LENGTH)
    problems.push(`APP_SECRET is not set or shorter than ${MIN_SECRET_LENGTH} characters`);
  if (!isHttpsUrl(env.APP_URL)) problems.push("APP_URL is not an https:// URL");
  if (!env.MAIL_FROM || /@localhost\b/i.test(env.MAIL_FROM)) problems.push("MAIL_FROM is not set or is a localhost address");
  // Push is optional: its keys are required only once it is switched on.
  if (env.PUSH_NOTIFICATIONS === "on") problems.push(...vapidProblems(env));
  return problems;
}

/** One log line naming what is wrong; answers whether the Worker may go on. */
export function checkConfiguration(env: Env, what: string): boolean {
  const problems = configurationProblems(env);
  if (problems.length === 0) return true;
  console.error(`[config] ${what} refused: ${problems.join("; ")} (production: APP_ENV is not development or test)`);
  return false;
}

/** The first middleware: a misconfigured production Worker answers every request 503. */
export const requireConfiguration: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (checkConfiguration(c.env, `${c.req.method} ${c.req.path}`)) return next();
  const message = m.error_not_configured();
  return c.req.path.startsWith("/api/") ? c.json({ message, code: "error_not_configured" }, 503) : c.text(message, 503);
};
