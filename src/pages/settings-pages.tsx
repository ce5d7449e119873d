import { Hono, type Context } from "hono";
import type { ReactNode } from "react";
import { devicesOf } from "../auth/account-changes";
import { deviceKey } from "../auth/device-id";
import { AppShell } from "../components/AppShell";
import { CenteredCard } from "../components/CenteredCard";
import { Island } from "../components/Island";
import { peopleOnDeletionOf } from "../data/account-handover";
import { accountFeedsOf, calendarFeedOf } from "../data/calendar";
import { RemindersSent } from "../components/RemindersSent";
import { reminderLogOf } from "../data/reminders";
import { pushDevicesOf } from "../data/push";
import { stopReminderEmails, timezoneChosenOf } from "../data/users";
import { pushDeviceRows } from "../push/devices";
import { vapidKeys } from "../push/keys";
import { todayIn } from "../domain/countdown";
import { recentReminders } from "../domain/reminder-history";
import { timeZoneOptions } from "../domain/timezones";
import type { AppEnv } from "../env";
import * as m from "../generated/i18n";
import { Rich } from "../i18n/Rich";
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
  .get(
    "/profile",
    // The people the account owns besides its own: the deletion dialog says what becomes of each.
    signedIn(({ db, owner, now }) => ({
      devices: devicesOf(db, owner, now),
      // Every feed of the account (each person's), newest first: account recovery turns them all off.
      calendar: accountFeedsOf(db, owner),
      onDeletion: peopleOnDeletionOf(db, owner),
    })),
    (c) => {
      const { user, session, data } = c.var.signedIn;
      return c.render(
        <AppShell user={user}>
          <SettingsCard heading={m.page_profile_title()} subtitle={m.page_profile_subtitle()}>
            <Island name="ProfileForm" props={{ user }} />
          </SettingsCard>
          <AccountSections
            username={user.username}
            devices={deviceRows(data.devices, session.id, user.timezone, deviceKey(c.env))}
            calendarFeedMadeOn={calendarFeedDate(data.calendar, user.timezone)}
            onDeletion={data.onDeletion}
          />
        </AppShell>,
        { title: m.page_profile_title() },
      );
    },
  )

  .get(
    "/notifications",
    // Whether the user ever saved a zone: until then the screen offers the browser's own.
    signedIn(({ db, owner, person }) => ({
      zone: timezoneChosenOf(db, owner),
      // The feed of the account's own person (another person's is on that person's page).
      calendar: calendarFeedOf(db, owner, person),
      log: reminderLogOf(db, owner),
      push: pushDevicesOf(db, owner),
    })),
    (c) => {
      const { user, data } = c.var.signedIn;
      const renderedAt = Date.now();
      const zones = timeZoneOptions(renderedAt, user.timezone);
      return c.render(
        <AppShell user={user}>
          <SettingsCard heading={m.page_notifications_title()} subtitle={m.page_notifications_subtitle()}>
            <Island
              name="NotificationSettings"
              props={{
                user,
                zones,
                timezoneChosen: data.zone[0]?.chosen ?? false,
                renderedAt,
                // Null: push is off on this server, so the page offers e-mail only.
                vapidPublicKey: vapidKeys(c.env)?.publicKey ?? null,
                pushDevices: pushDeviceRows(data.push, user.timezone),
              }}
            />
          </SettingsCard>
          <div className="card mx-auto mt-6 max-w-2xl p-4 sm:p-6">
            <Island name="CalendarFeed" props={{ enabled: data.calendar.length > 0 }} />
          </div>
          <div className="mx-auto max-w-2xl">
            <RemindersSent reminders={recentReminders(data.log, todayIn(user.timezone))} />
          </div>
        </AppShell>,
        { title: m.page_notifications_title() },
      );
    },
  )

  // Plain HTML (no island): works from any mail client's browser, with or without JavaScript.
  .get("/unsubscribe", (c) => {
    const token = c.req.query("token") ?? "";
    const check = checkToken(c, token);
    if (typeof check === "string") return renderUnsubscribeProblem(c, check);
    return c.render(
      <CenteredCard heading={m.page_unsubscribe_heading()}>
        <div className="card w-full max-w-md space-y-4 p-6 text-center">
          <p className="text-sm text-slate-700">{m.page_unsubscribe_text()}</p>
          <form method="post" action="/unsubscribe">
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="btn-primary w-full">
              {m.page_unsubscribe_button()}
            </button>
          </form>
          <a href="/" className="block text-sm text-teal-800 underline">
            {m.page_unsubscribe_keep()}
          </a>
        </div>
      </CenteredCard>,
      { title: m.page_unsubscribe_title() },
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
    await stopReminderEmails(c.var.db, check.userId);
    return c.render(
      <CenteredCard heading={m.page_unsubscribed_heading()}>
        <div className="card w-full max-w-md space-y-4 p-6 text-center" role="status">
          <p className="text-sm text-slate-700">{m.page_unsubscribed_text()}</p>
          <p className="text-sm text-slate-700">
            <Rich
              message={m.page_unsubscribed_changed_mind}
              values={{
                link: (
                  <a href="/notifications" className="text-teal-800 underline">
                    {m.page_notifications_title()}
                  </a>
                ),
              }}
            />
          </p>
        </div>
      </CenteredCard>,
      { title: m.page_unsubscribed_title() },
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
    <CenteredCard heading={problem === "invalid" ? m.page_unsubscribe_invalid_heading() : m.page_unsubscribe_unavailable_heading()}>
      <div className="card w-full max-w-md space-y-4 p-6 text-center" role="alert">
        <p className="text-sm text-slate-700">
          {problem === "invalid" ? m.page_unsubscribe_invalid_text() : m.page_unsubscribe_unavailable_text()}
        </p>
        <a href="/notifications" className="btn-primary w-full">
          {m.page_notifications_title()}
        </a>
      </div>
    </CenteredCard>,
    { title: m.page_unsubscribe_title() },
  );
}
