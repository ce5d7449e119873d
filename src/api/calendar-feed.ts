import { Hono } from "hono";
import { generateToken, hashToken } from "../auth/session";
import { calendarFeedOf, deleteCalendarFeed, replaceCalendarFeed } from "../data/calendar";
import type { AppEnv } from "../env";
import { signedIn } from "../http/middleware";
import { appUrl } from "../mail/mailer";
import type { CalendarFeedState, CalendarFeedUrl } from "../shared/calendar";

// GET/POST/DELETE /calendar-feed: whether the feed is on, a new secret URL (shown only here, once),
// and turning it off. The feed itself is src/pages/calendar-feed.ts.
export const calendarFeedApi = new Hono<AppEnv>()
  .get(
    "/calendar-feed",
    signedIn(({ db, owner }) => ({ feed: calendarFeedOf(db, owner) })),
    (c) => c.json<CalendarFeedState>({ enabled: c.var.signedIn.data.feed.length > 0 }),
  )

  .post("/calendar-feed", signedIn(), async (c) => {
    const token = generateToken();
    await replaceCalendarFeed(c.var.db, c.var.signedIn.user.id, await hashToken(token));
    const base = appUrl(c.env, new URL(c.req.url).origin);
    return c.json<CalendarFeedUrl>({ url: `${base}/calendar/${token}.ics` }, 201);
  })

  .delete("/calendar-feed", signedIn(), async (c) => {
    await deleteCalendarFeed(c.var.db, c.var.signedIn.user.id);
    return c.body(null, 204);
  });
