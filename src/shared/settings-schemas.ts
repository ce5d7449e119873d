import * as z from "zod/mini";
import { WRONG_CURRENT_PASSWORD } from "./account-schemas";
import { emailAddress, requiredText } from "./validation";

// PATCH /api/profile and PATCH /api/notifications/settings, shared by the API and the islands.
// Unknown fields are ignored (z.object strips them).

export const profileSchema = z.object({
  fullName: requiredText("Full name is required", 120),
  email: emailAddress("Invalid email address"),
  // Needed only when the address changes (the server says so); never stored or echoed.
  currentPassword: z.optional(z.string({ error: "Current password is incorrect" }).check(z.maxLength(256, "Current password is incorrect"))),
});

export const CURRENT_PASSWORD_REQUIRED = "Enter your current password to change your email address.";
/** The same words as every other current-password check answers (one constant, account-schemas). */
export const CURRENT_PASSWORD_INCORRECT = WRONG_CURRENT_PASSWORD;
export const CONFIRM_FIRST = "Please confirm your email address first.";

/** Form fields arrive as strings; the API gets numbers. Empty → NaN so the range message shows. */
const wholeNumberBetween = (min: number, max: number, message: string) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === "string" ? (value.trim() === "" ? Number.NaN : Number(value)) : value)),
    z.number({ error: message }).check(z.int(message), z.gte(min, message), z.lte(max, message)),
  );

/** An IANA zone name's shape ('Area/Location', up to three parts): checked before asking Intl. */
export const TIME_ZONE_NAME = /^[A-Za-z_+-]{1,256}(?:\/[A-Za-z_+-]{1,256}){0,2}$/;

export const MIN_NOTIFICATION_DAYS = 1;
export const MAX_NOTIFICATION_DAYS = 30;

export const notificationSettingsSchema = z.object({
  notificationDays: wholeNumberBetween(MIN_NOTIFICATION_DAYS, MAX_NOTIFICATION_DAYS, "Days before running out must be between 1 and 30"),
  emailConsent: z._default(z.boolean({ error: "emailConsent must be true or false" }), true),
  // Well-formed here; the server also checks the zone is one it knows (resolveTimeZone).
  timezone: z.string({ error: "Timezone is required" }).check(
    z.trim(),
    z.minLength(1, "Timezone is required"),
    z.maxLength(600, "Timezone is not a valid time zone name"),
    z.regex(TIME_ZONE_NAME, "Timezone is not a valid time zone name"),
  ),
  notificationHour: wholeNumberBetween(0, 23, "Hour must be between 0 and 23"),
});

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
