import { Hono } from "hono";
import { reminderLogOf } from "../data/reminders";
import { todayIn } from "../domain/countdown";
import { recentReminders } from "../domain/reminder-history";
import type { AppEnv } from "../env";
import { signedIn } from "../http/middleware";

// GET /reminders/recent — the signed-in user's reminder e-mails of the last 30 days.
export const remindersApi = new Hono<AppEnv>().get(
  "/reminders/recent",
  signedIn(({ db, owner }) => ({ log: reminderLogOf(db, owner) })),
  (c) => {
    const { user, data } = c.var.signedIn;
    return c.json(recentReminders(data.log, todayIn(user.timezone)));
  },
);
