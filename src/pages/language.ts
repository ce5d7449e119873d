import { Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../env";
import { saveLanguageForSession } from "../auth/profile-changes";
import { languageOf } from "../i18n/languages";
import { allowsPseudoLocale, LANGUAGE_COOKIE } from "../http/language";
import { sessionCookieName } from "../http/middleware";
import { sitePath } from "../shared/site-path";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * POST /language (the footer's switcher, a plain form): remembers the language in the `lang`
 * cookie and, for a signed-in user, on the account (saveLanguageForSession). Then back to the page
 * it came from.
 */
export const languagePages = new Hono<AppEnv>().post("/language", async (c) => {
  const form = await c.req.parseBody();
  // Only a path of this site (src/shared/site-path.ts), never another origin.
  const next = sitePath(form.next);
  const language = typeof form.lang === "string" ? languageOf(form.lang, allowsPseudoLocale(c.env)) : undefined;
  if (!language || form.lang !== language) return c.redirect(next, 303);
  setCookie(c, LANGUAGE_COOKIE, language, {
    path: "/",
    sameSite: "Lax",
    httpOnly: true,
    secure: c.req.url.startsWith("https:"),
    maxAge: YEAR_SECONDS,
  });
  const token = getCookie(c, sessionCookieName(c));
  if (token && token.length <= 128) await saveLanguageForSession(c.var.db, token, language, Date.now());
  return c.redirect(next, 303);
});
