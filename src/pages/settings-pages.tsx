import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import type { ReactNode } from "react";
import { devicesOf } from "../auth/account-changes";
import { AppShell } from "../components/AppShell";
import { CenteredCard } from "../components/CenteredCard";
import { Island } from "../components/Island";
import { calendarFeedOf } from "../data/calendar";
import { RemindersSent } from "../components/RemindersSent";
import { reminderLogOf } from "../data/reminders";
import { users } from "../db/schema";
import { todayIn } from "../domain/countdown";
import { recentReminders } from "../domain/reminder-history";
import { timeZoneOptions } from "../domain/timezones";
import type { AppEnv } from "../env";
import { MISSING_SECRET_MESSAGE, unsubscribeKey, verifyUnsubscribeToken } from "../mail/unsubscribe";
import { signedIn } from "../http/middleware";
import { AccountSections, calendarFeedDate, deviceRows } from "./account-sections";

function SettingsCard({ heading, subtitle, children }: { heading: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <p className="mt-1 text-sm text-slate-700">{subtitle}</p>
      <div className="card mt-6 p-4 sm:p-6">{children}</div>
    </div>
  );
}

/** /profile, /notifications, and the one-click /unsubscribe of the reminder e-mails. */
export const settingsPages = new Hono<AppEnv>()
  .get("/profile", signedIn(({ db, owner, now }) => ({ devices: devicesOf(db, owner, now), calendar: calendarFeedOf(db, owner) })), (c) => {
    const { user, session, data } = c.var.signedIn;
    return c.render(
      <AppShell user={user}>
        <SettingsCard heading="Profile" subtitle="Your name and the address your refill reminders go to.">
          <Island name="ProfileForm" props={{ user }} />
        </SettingsCard>
        <AccountSections
          username={user.username}
          devices={deviceRows(data.devices, session.id, user.timezone)}
          calendarFeedMadeOn={calendarFeedDate(data.calendar, user.timezone)}
        />
      </AppShell>,
      { title: "Profile" },
    );
  })

  .get(
    "/notifications",
    // Whether the user ever saved a zone: until then the screen offers the browser's own.
    signedIn(({ db, owner }) => ({
      zone: db.select({ chosen: users.timezoneChosen }).from(users).where(eq(users.id, owner)),
      calendar: calendarFeedOf(db, owner),
      log: reminderLogOf(db, owner),
    })),
    (c) => {
    const { user, data } = c.var.signedIn;
    const renderedAt = Date.now();
    const zones = timeZoneOptions(renderedAt, user.timezone);
    return c.render(
      <AppShell user={user}>
        <SettingsCard heading="Configure Notifications" subtitle="Choose when and how you hear about medications running low.">
          <Island name="NotificationSettings" props={{ user, zones, timezoneChosen: data.zone[0]?.chosen ?? false, renderedAt }} />
        </SettingsCard>
        <div className="card mx-auto mt-6 max-w-2xl p-4 sm:p-6">
          <Island name="CalendarFeed" props={{ enabled: data.calendar.length > 0 }} />
        </div>
        <div className="mx-auto max-w-2xl">
          <RemindersSent reminders={recentReminders(data.log, todayIn(user.timezone))} />
        </div>
      </AppShell>,
      { title: "Configure Notifications" },
    );
  })

  // Plain HTML (no island): works from any mail client's browser, with or without JavaScript.
  .get("/unsubscribe", (c) => {
    const token = c.req.query("token") ?? "";
    const check = checkToken(c, token);
    if (typeof check === "string") return renderUnsubscribeProblem(c, check);
    return c.render(
      <CenteredCard heading="Unsubscribe from refill reminders">
        <div className="card w-full max-w-md space-y-4 p-6 text-center">
          <p className="text-sm text-slate-700">You will no longer receive the daily e-mail about medications that need refilling.</p>
          <form method="post" action="/unsubscribe">
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="btn-primary w-full">
              Unsubscribe
            </button>
          </form>
          <a href="/" className="block text-sm text-teal-800 underline">
            Keep my reminders
          </a>
        </div>
      </CenteredCard>,
      { title: "Unsubscribe" },
    );
  })

  // RFC 8058 one-click: mail providers POST "List-Unsubscribe=One-Click" to the URL in the header
  // (token in the query); the confirmation page's form posts the token in its body.
  .post("/unsubscribe", async (c) => {
    let token = c.req.query("token") ?? "";
    if (!token) {
      const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      token = typeof body.token === "string" ? body.token : "";
    }
    const check = checkToken(c, token);
    if (typeof check === "string") return renderUnsubscribeProblem(c, check);
    await c.var.db.update(users).set({ emailConsent: false }).where(eq(users.id, check.userId));
    return c.render(
      <CenteredCard heading="You're unsubscribed">
        <div className="card w-full max-w-md space-y-4 p-6 text-center" role="status">
          <p className="text-sm text-slate-700">You will no longer receive refill reminder e-mails.</p>
          <p className="text-sm text-slate-700">
            Changed your mind? Turn them back on under{" "}
            <a href="/notifications" className="text-teal-800 underline">
              Configure Notifications
            </a>
            .
          </p>
        </div>
      </CenteredCard>,
      { title: "Unsubscribed" },
    );
  });

type TokenProblem = "invalid" | "unavailable";

function checkToken(c: Context<AppEnv>, token: string): { userId: number } | TokenProblem {
  const key = unsubscribeKey(c.env);
  if (!key) {
    console.error(`[unsubscribe] cannot verify links: ${MISSING_SECRET_MESSAGE}`);
    return "unavailable";
  }
  const userId = verifyUnsubscribeToken(key, token);
  return userId === null ? "invalid" : { userId };
}

function renderUnsubscribeProblem(c: Context<AppEnv>, problem: TokenProblem) {
  c.status(problem === "invalid" ? 400 : 503);
  return c.render(
    <CenteredCard heading={problem === "invalid" ? "This unsubscribe link is not valid" : "Unsubscribe is unavailable right now"}>
      <div className="card w-full max-w-md space-y-4 p-6 text-center" role="alert">
        <p className="text-sm text-slate-700">
          {problem === "invalid"
            ? "Please use the link from your most recent reminder e-mail, or sign in and turn reminders off under Configure Notifications."
            : "Please try again later, or sign in and turn reminders off under Configure Notifications."}
        </p>
        <a href="/notifications" className="btn-primary w-full">
          Configure Notifications
        </a>
      </div>
    </CenteredCard>,
    { title: "Unsubscribe" },
  );
}
