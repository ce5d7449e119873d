import { Hono } from "hono";
import { activityQuery, toActivityEntries } from "../data/activity";
import type { AppEnv } from "../env";
import { signedIn } from "../http/middleware";

// GET /activity (one's own person) and /profiles/:profileId/activity: the person's activity record,
// for the owner and managers (the signedIn guard decides, src/auth/access.ts), read with the session
// in its one round trip; each entry worded in the reader's language.
export const activityApi = new Hono<AppEnv>().get(
  "/activity",
  signedIn(({ db, person, now }) => ({ activity: activityQuery(db, person, now) })),
  (c) => c.json(toActivityEntries(c.var.signedIn.data.activity, c.var.signedIn.user.id)),
);
