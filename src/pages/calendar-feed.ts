import { Hono } from "hono";
import { hashToken } from "../auth/session";
import { retryMinutes } from "../auth/throttle";
import * as m from "../generated/i18n";
import { loadFeed } from "../data/calendar";
import { countedMedications } from "../data/medication-list";
import { todayIn } from "../domain/countdown";
import { calendarFeed } from "../domain/ical";
import type { AppEnv } from "../env";
import { inAccountLocale } from "../mail/locale";
import { appUrl } from "../mail/mailer";
import { renderNotFound } from "./error-pages";

// GET /calendar/{secret}.ics: no cookie, the secret in the URL is the credential. An unknown, reset
// or turned-off secret answers 404, and so does a feed whose account is no longer a member of its
// person; each secret is throttled on its own. The feed has no session: it is written in its
// subscriber's saved language, like their e-mails.
const FEED_FILE = /^([a-z0-9]{16,128})\.ics$/;

export const calendarFeedPages = new Hono<AppEnv>().get("/calendar/:file", async (c) => {
  const token = FEED_FILE.exec(c.req.param("file"))?.[1];
  if (!token) return renderNotFound(c);
  const now = Date.now();
  const { feed, medications, retryAfter } = await loadFeed(c.var.db, await hashToken(token), now);
  if (!feed) return renderNotFound(c);
  if (retryAfter > 0)
    return c.text(m.error_too_many_attempts({ minutes: retryMinutes(retryAfter) }), 429, { "Retry-After": String(retryAfter) });
  // "Today" on the clock of the person's owning account; the alarms at the subscriber's own hour.
  const today = todayIn(feed.timezone, now);
  const host = new URL(appUrl(c.env, new URL(c.req.url).origin)).hostname;
  const owner = { today, notificationDays: feed.notificationDays, notificationHour: feed.notificationHour };
  const person = feed.self ? null : feed.personName;
  const body = inAccountLocale(feed.locale, () => calendarFeed(countedMedications(medications, today), owner, host, now, person));
  return c.body(body, 200, {
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": 'inline; filename="medication-refills.ics"',
    // Personal data behind a secret URL: no cache, shared or the browser's, may keep a copy.
    "Cache-Control": "no-store",
  });
});
