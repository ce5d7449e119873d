import { Hono } from "hono";
import { confirmationLink } from "../auth/email-confirmation";
import { askForAddress, giveBackPasswordAttempt, saveProfile } from "../auth/profile-changes";
import { toPublicUser } from "../auth/session";
import { foldCase } from "../auth/username";
import { localDateAt, zoneOrUtc } from "../domain/time";
import { resolveTimeZone } from "../domain/timezones";
import type { AppEnv } from "../env";
import { ApiError, tooManyAttempts } from "../http/errors";
import { errorSummary } from "../log/error-summary";
import { isolate } from "../i18n/Rich";
import { requireCurrentPassword, signedInCheckingPassword } from "../http/current-password";
import { signedIn } from "../http/middleware";
import { validate } from "../http/validate";
import { inAccountLocale } from "../mail/locale";
import { appUrl, createMailer } from "../mail/mailer";
import { changeNoticeEmail, confirmationEmail } from "../mail/templates/AddressEmails";
import { greetingName } from "../mail/templates/greeting";
import { reminderMessage } from "../mail/templates/ReminderEmail";
import { MISSING_SECRET_MESSAGE, unsubscribeKey } from "../mail/unsubscribe";
import { reminderContent } from "../reminders/due";
import { reminderMedicationsOf } from "../data/medications";
import { saveNotificationSettings } from "../data/users";
import { isPlausibleBirthdate, notificationSettingsSchema, profileSchema, type TestEmailAnswer } from "../shared/settings-schemas";
import { todayIn } from "../domain/time";
import { EARLIEST_DATE } from "../domain/limits";
import { formatDate } from "../i18n/format";
import { consumeAttempt, LIMITS, throttleKey } from "../auth/throttle";

const userGone = () => new ApiError(401, "error_not_signed_in");

// PATCH /profile, PATCH /notifications/settings, POST /test-email-notification.
export const settingsApi = new Hono<AppEnv>()
  // The name, or the address's letter case (the same mailbox), is saved at once. A new address needs
  // the current password, shares the confirmation e-mails' limit, and waits as pending until a link
  // sent to it is opened; meanwhile the old address keeps the reminders and the resets, and is told
  // about the change when it is a confirmed one.
  .patch("/profile", signedInCheckingPassword(), validate("json", profileSchema), async (c) => {
    const { fullName, email, currentPassword, birthdate } = c.req.valid("json");
    const { user, data } = c.var.signedIn;
    const db = c.var.db;
    // The schema allowed a day ahead of UTC; a date of birth is never after the patient's own today.
    const today = todayIn(user.timezone);
    if (birthdate && !isPlausibleBirthdate(birthdate, today)) {
      await giveBackPasswordAttempt(db, user.id, data);
      throw new ApiError(400, "field_birthdate_range", { min: formatDate(EARLIEST_DATE), max: formatDate(today) });
    }
    // Left out: unchanged; "": cleared.
    const profile = { fullName, ...(birthdate === undefined ? {} : { birthdate: birthdate || null }) };
    if (foldCase(email) === foldCase(user.email)) {
      const row = await saveProfile(db, user.id, { ...profile, email }, data);
      if (!row) throw userGone();
      return c.json(toPublicUser(row));
    }
    if (!currentPassword) {
      await giveBackPasswordAttempt(db, user.id, data);
      throw new ApiError(400, "error_current_password_required");
    }
    await requireCurrentPassword(data, currentPassword);
    const { row, token, wait } = await askForAddress(db, user.id, profile, email, Date.now());
    if (!row) throw wait ? tooManyAttempts(wait) : userGone();
    const baseUrl = appUrl(c.env, new URL(c.req.url).origin);
    // Both in the account's language, whichever browser asked.
    const messages = [
      inAccountLocale(row.locale, () => confirmationEmail({ to: email, link: confirmationLink(baseUrl, token), change: true })),
    ];
    // The old address hears of it only when its owner confirmed it: nobody else's mailbox.
    if (row.emailConfirmedAt !== null) {
      const name = greetingName(row.fullName, true);
      messages.push(
        inAccountLocale(row.locale, () =>
          changeNoticeEmail({ to: row.email, name, newAddress: email, resetLink: `${baseUrl}/forgot-password` }),
        ),
      );
    }
    c.executionCtx.waitUntil(
      createMailer(c.env, db)
        .send(messages)
        .then((results) =>
          results.forEach((r, i) => {
            if (!r.ok) console.error(`[mail] ${messages[i]!.tag} for user ${row.id} not sent: ${r.error}`);
          }),
        )
        .catch((err) => console.error(`[mail] address change mail for user ${row.id} failed: ${errorSummary(err)}`)),
    );
    return c.json(toPublicUser(row));
  })

  .patch("/notifications/settings", signedIn(), validate("json", notificationSettingsSchema), async (c) => {
    const input = c.req.valid("json");
    const timezone = resolveTimeZone(input.timezone);
    if (!timezone) throw new ApiError(400, "error_unknown_timezone", { zone: input.timezone });
    const row = await saveNotificationSettings(c.var.db, c.var.signedIn.user.id, { ...input, timezone }, Date.now());
    if (!row) throw userGone();
    return c.json({ user: toPublicUser(row) });
  })

  // The reminder e-mail, now, through the same mailer; sent even when nothing is due, since its
  // purpose is to show the user what arrives and that it arrives.
  .post(
    "/test-email-notification",
    signedIn(({ db, person }) => ({ medications: reminderMedicationsOf(db, person) })),
    async (c) => {
      const { user, data } = c.var.signedIn;
      if (!user.emailConfirmed) throw new ApiError(409, "error_confirm_email_first");
      // Cap what one account can make us send, even to its own confirmed address.
      const blocked = await consumeAttempt(c.var.db, [[throttleKey.testEmail(user.id), LIMITS.testEmailPerUser]]);
      if (blocked) throw tooManyAttempts(blocked);
      const key = unsubscribeKey(c.env);
      if (!key) {
        console.error(`[mail] test e-mail for user ${user.id} refused: ${MISSING_SECRET_MESSAGE}`);
        throw new ApiError(503, "error_mail_not_configured");
      }
      const zone = zoneOrUtc(user.timezone);
      const content = reminderContent(data.medications, user.notificationDays, localDateAt(Date.now(), zone));
      const message = reminderMessage({ user, content, baseUrl: appUrl(c.env, new URL(c.req.url).origin), key, test: true });
      const [result] = await createMailer(c.env, c.var.db).send([message]);
      if (!result?.ok) {
        const error = result?.error ?? "no answer from the mailer";
        console.error(`[mail] test e-mail for user ${user.id} failed: ${error}`);
        throw result?.permanent
          ? new ApiError(502, "error_test_email_refused", { email: isolate(user.email) })
          : new ApiError(502, "error_test_email_failed");
      }
      const answer: TestEmailAnswer = { immediateCount: content.immediate.length, upcomingCount: content.upcoming.length };
      return c.json(answer);
    },
  );
