import { Hono } from "hono";
import { generateToken, hashToken } from "../auth/session";
import { calendarFeedOf, deleteCalendarFeed, replaceCalendarFeed } from "../data/calendar";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { signedIn } from "../http/middleware";
import { personIdOf } from "../http/person";
import { appUrl } from "../mail/mailer";
import type { CalendarFeedState, CalendarFeedUrl } from "../shared/calendar";

// GET/POST/DELETE /calendar-feed: whether the feed is on, a new secret URL (shown only here, once),
// and turning it off. Mounted for one's own person and under /api/profiles/:profileId: any member
// (viewer and up) has their own feed of the person. The feed itself is src/pages/calendar-feed.ts.
export const calendarFeedApi = new Hono<AppEnv>()
  .get(
    "/calendar-feed",
    signedIn(({ db, owner, person }) => ({ feed: calendarFeedOf(db, owner, person) })),
    (c) => c.json<CalendarFeedState>({ enabled: c.var.signedIn.data.feed.length > 0 }),
  )

  .post("/calendar-feed", signedIn(), async (c) => {
    const token = generateToken();
    const { user } = c.var.signedIn;
    // Written only while still a member (removed since the guard's read: the same 404 as a stranger).
    if (!(await replaceCalendarFeed(c.var.db, user.id, personIdOf(c.var.signedIn), await hashToken(token))))
      throw new ApiError(404, "error_profile_not_found");
    const base = appUrl(c.env, new URL(c.req.url).origin);
    return c.json<CalendarFeedUrl>({ url: `${base}/calendar/${token}.ics` }, 201);
  })

  .delete("/calendar-feed", signedIn(), async (c) => {
    await deleteCalendarFeed(c.var.db, c.var.signedIn.user.id, personIdOf(c.var.signedIn));
    return c.body(null, 204);
  });
