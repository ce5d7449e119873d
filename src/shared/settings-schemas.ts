import * as z from "zod/mini";
import * as m from "../generated/i18n";
import { EARLIEST_DATE } from "../domain/limits";
import { addDays } from "../domain/time";
import { formatDate } from "../i18n/format";
import { isCalendarDate } from "./date-range";
import { emailAddress, msg, nameText, type Message } from "./validation";

// PATCH /api/profile and PATCH /api/notifications/settings, shared by the API and the islands.
// Unknown fields are ignored (z.object strips them).

/**
 * A date of birth may be any real date from EARLIEST_DATE to the patient's today. The schema runs
 * without the patient's zone, so it allows the one day a zone ahead of UTC can be ahead; the
 * server then holds it to the account's own today (PATCH /api/profile).
 */
export const birthdateRangeMessage = (today: string) => m.field_birthdate_range({ min: formatDate(EARLIEST_DATE), max: formatDate(today) });
const latestBirthdate = () => addDays(new Date().toISOString().slice(0, 10), 1);
export const isPlausibleBirthdate = (date: string, today: string) => isCalendarDate(date) && date >= EARLIEST_DATE && date <= today;

export const profileSchema = z.object({
  fullName: nameText(m.field_full_name_required, 120),
  email: emailAddress(m.field_email_invalid),
  // Optional: "" clears it; left out (an older page), it stays as saved.
  birthdate: z.optional(
    z.string(msg(() => birthdateRangeMessage(latestBirthdate()))).check(
      z.trim(),
      z.refine(
        (date) => date === "" || isPlausibleBirthdate(date, latestBirthdate()),
        msg(() => birthdateRangeMessage(latestBirthdate())),
      ),
    ),
  ),
  // Needed only when the address changes (the server says so); never stored or echoed.
  currentPassword: z.optional(
    z.string(msg(m.field_current_password_incorrect)).check(z.maxLength(256, msg(m.field_current_password_incorrect))),
  ),
});

/** Form fields arrive as strings; the API gets numbers. Empty → NaN so the range message shows. */
const wholeNumberBetween = (min: number, max: number, message: Message) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === "string" ? (value.trim() === "" ? Number.NaN : Number(value)) : value)),
    z.number(msg(message)).check(z.int(msg(message)), z.gte(min, msg(message)), z.lte(max, msg(message))),
  );

/** An IANA zone name's shape ('Area/Location', up to three parts): checked before asking Intl. */
export const TIME_ZONE_NAME = /^[A-Za-z_+-]{1,256}(?:\/[A-Za-z_+-]{1,256}){0,2}$/;

/** A time zone's name: well-formed here; the server also checks it is one it knows (resolveTimeZone). */
export const timeZoneField = z
  .string(msg(m.field_timezone_required))
  .check(
    z.trim(),
    z.minLength(1, msg(m.field_timezone_required)),
    z.maxLength(600, msg(m.field_timezone_invalid)),
    z.regex(TIME_ZONE_NAME, msg(m.field_timezone_invalid)),
  );

export const MIN_NOTIFICATION_DAYS = 1;
export const MAX_NOTIFICATION_DAYS = 30;

export const notificationSettingsSchema = z.object({
  notificationDays: wholeNumberBetween(MIN_NOTIFICATION_DAYS, MAX_NOTIFICATION_DAYS, () =>
    m.field_notification_days_range({ min: MIN_NOTIFICATION_DAYS, max: MAX_NOTIFICATION_DAYS }),
  ),
  emailConsent: z._default(z.boolean(msg(m.field_email_consent_not_boolean)), true),
  timezone: timeZoneField,
  notificationHour: wholeNumberBetween(0, 23, () => m.field_notification_hour_range({ min: 0, max: 23 })),
  // Left out (an older page): unchanged.
  remindersBy: z.optional(z.enum(["email", "push", "both"], msg(m.field_reminders_by_invalid))),
  pushShowNames: z.optional(z.boolean(msg(m.field_push_show_names_not_boolean))),
  doseReminders: z.optional(z.boolean(msg(m.field_dose_reminders_not_boolean))),
  // Off or one of the offered delays: a follow-up at any other minute is refused at the field.
  doseFollowUpMinutes: z.optional(
    z
      .number(msg(m.field_dose_follow_up_invalid))
      .check(z.refine((n) => (DOSE_FOLLOW_UP_MINUTES as readonly number[]).includes(n), msg(m.field_dose_follow_up_invalid))),
  ),
});

/** "Remind me again if I haven't answered": off, or after this many minutes (30 by default). */
export const DOSE_FOLLOW_UP_MINUTES = [0, 15, 30, 60] as const;

/** The 24 notification times: value 0–23, label '12:00 AM' … '11:00 PM'. */
export const hourLabel = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? "AM" : "PM"}`;
export const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({ value: hour, label: hourLabel(hour) }));

export type ProfilePayload = z.infer<typeof profileSchema>;
export type NotificationSettingsPayload = z.infer<typeof notificationSettingsSchema>;

/** The answer of POST /api/test-email-notification. */
export interface TestEmailAnswer {
  immediateCount: number;
  upcomingCount: number;
}

/** The answer of POST /api/confirm-email/resend: where the new link went. */
export interface ResendAnswer {
  sentTo: string;
}
