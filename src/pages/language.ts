import { and, eq, gt, sql } from "drizzle-orm";
import { Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../env";
import { hashToken } from "../auth/session";
import { sessions, users } from "../db/schema";
import { languageOf } from "../i18n/languages";
import { allowsPseudoLocale, LANGUAGE_COOKIE } from "../http/language";
import { sessionCookieName } from "../http/middleware";
import { sitePath } from "../shared/site-path";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * POST /language (the footer's switcher, a plain form): remembers the language in the `lang`
 * cookie and, for a signed-in user, on the account, in one statement scoped by the session (a
 * saved 'ar-EG' stays 'ar-EG' when Arabic is chosen again). Then back to the page it came from.
 */
export const languagePages = new Hono<AppEnv>().post("/language", async (c) => {
  const form = await c.req.parseBody();
  // Only a path of this site (src/shared/site-path.ts), never another origin.
  const next = sitePath(form.next);
  const language = typeof form.lang === "string" ? languageOf(form.lang, allowsPseudoLocale(c.env)) : undefined;
  if (!language || form.lang !== language) return c.redirect(next, 303);
  setCookie(c, LANGUAGE_COOKIE, language, { path: "/", sameSite: "Lax", httpOnly: true, secure: c.req.url.startsWith("https:"), maxAge: YEAR_SECONDS });
  const token = getCookie(c, sessionCookieName(c));
  if (token && token.length <= 128) {
    const owner = db(c)
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(and(eq(sessions.id, await hashToken(token)), gt(sessions.expiresAt, Date.now())));
    await db(c)
      .update(users)
      .set({ locale: sql`CASE WHEN ${users.locale} LIKE ${`${language}-%`} THEN ${users.locale} ELSE ${language} END` })
      .where(eq(users.id, sql`(${owner})`));
  }
  return c.redirect(next, 303);
});
const db = (c: { var: AppEnv["Variables"] }) => c.var.db;
