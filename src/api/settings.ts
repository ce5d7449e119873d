import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { toPublicUser } from "../auth/session";
import { users } from "../db/schema";
import { localDateAt, nextReminderAt, zoneOrUtc } from "../domain/time";
import { resolveTimeZone } from "../domain/timezones";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { NOT_SIGNED_IN_MESSAGE, signedIn } from "../http/middleware";
import { validate } from "../http/validate";
import { appUrl, createMailer } from "../mail/mailer";
import { reminderMessage } from "../mail/templates/ReminderEmail";
import { MISSING_SECRET_MESSAGE, unsubscribeKey } from "../mail/unsubscribe";
import { reminderContent } from "../reminders/due";
import { reminderMedicationsOf } from "../data/medications";
import { notificationSettingsSchema, profileSchema, type TestEmailAnswer } from "../shared/settings-schemas";
import { consumeAttempt, LIMITS, retryMessage, throttleKey } from "../auth/throttle";

const userGone = () => new ApiError(401, NOT_SIGNED_IN_MESSAGE);

// PATCH /profile, PATCH /notifications/settings, POST /test-email-notification.
export const settingsApi = new Hono<AppEnv>()
  .patch("/profile", signedIn(), validate("json", profileSchema), async (c) => {
    const { fullName, email } = c.req.valid("json");
    const [row] = await c.var.db.update(users).set({ fullName, email }).where(eq(users.id, c.var.signedIn.user.id)).returning();
    if (!row) throw userGone();
    return c.json(toPublicUser(row));
  })

  .patch("/notifications/settings", signedIn(), validate("json", notificationSettingsSchema), async (c) => {
    const input = c.req.valid("json");
    const timezone = resolveTimeZone(input.timezone);
    if (!timezone) throw new ApiError(400, `Unknown timezone "${input.timezone}". Please choose a timezone from the list.`);
    // The next reminder moves with the settings, in the same statement; the per-day log still
    // guarantees one e-mail a day if the new hour comes round again today.
    const [row] = await c.var.db
      .update(users)
      .set({
        notificationDays: input.notificationDays,
        emailConsent: input.emailConsent,
        timezone,
        timezoneChosen: true,
        notificationHour: input.notificationHour,
        nextNotificationAt: nextReminderAt(timezone, input.notificationHour, Date.now()),
        // Turning reminders on is the user's answer to a reported bounce or complaint.
        ...(input.emailConsent ? { deliveryProblem: null, deliveryProblemAddress: null } : {}),
      })
      .where(eq(users.id, c.var.signedIn.user.id))
      .returning();
    if (!row) throw userGone();
    return c.json({ user: toPublicUser(row) });
  })

  // The reminder e-mail, now, through the same mailer; sent even when nothing is due, since its
  // purpose is to show the user what arrives and that it arrives.
  .post("/test-email-notification", signedIn(({ db, owner }) => ({ medications: reminderMedicationsOf(db, owner) })), async (c) => {
    const { user, data } = c.var.signedIn;
    // The address is the user's to set: cap what one account can make us send to it.
    const blocked = await consumeAttempt(c.var.db, [[throttleKey.testEmail(user.id), LIMITS.testEmailPerUser]]);
    if (blocked) throw new ApiError(429, retryMessage(blocked));
    const key = unsubscribeKey(c.env);
    if (!key) {
      console.error(`[mail] test e-mail for user ${user.id} refused: ${MISSING_SECRET_MESSAGE}`);
      throw new ApiError(503, "E-mail is not configured on the server yet. Please try again later.");
    }
    const zone = zoneOrUtc(user.timezone);
    const content = reminderContent(data.medications, user.notificationDays, localDateAt(Date.now(), zone));
    const message = reminderMessage({ user, content, baseUrl: appUrl(c.env, new URL(c.req.url).origin), key, test: true });
    const [result] = await createMailer(c.env, c.var.db).send([message]);
    if (!result?.ok) {
      const error = result?.error ?? "no answer from the mailer";
      console.error(`[mail] test e-mail for user ${user.id} failed: ${error}`);
      throw new ApiError(
        502,
        result?.permanent
          ? `The e-mail service refused to deliver to ${user.email}. Check the address on your profile.`
          : "The test e-mail could not be sent just now. Please try again in a few minutes.",
      );
    }
    const answer: TestEmailAnswer = { immediateCount: content.immediate.length, upcomingCount: content.upcoming.length };
    return c.json(answer);
  });
