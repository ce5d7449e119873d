import * as z from "zod/mini";
import * as m from "../generated/i18n";
import { supportedLocale } from "./locale";
import { emailAddress, msg, nameText, password, requiredText } from "./validation";

/**
 * Consent to store health data as the privacy page describes: required (sign-up, the consent screen),
 * so anything but a ticked box is 400 at the field. A refinement, not a literal: an unticked box must
 * not hide the form's other errors (a literal's mismatch stops the passwords-match check).
 */
export const healthDataConsent = z
  .boolean(msg(m.field_health_data_consent_required))
  .check(z.refine((agreed) => agreed, msg(m.field_health_data_consent_required)));

export const loginSchema = z.object({
  username: requiredText(m.field_username_required, 64),
  password: z.string(msg(m.field_password_required)).check(
    z.minLength(1, msg(m.field_password_required)),
    z.maxLength(
      256,
      msg(() => m.field_password_too_long({ max: 256 })),
    ),
  ),
  // "Keep me signed in on this device": longer session lifetimes (src/auth/session.ts); off unless asked.
  keepSignedIn: z._default(z.boolean(msg(m.field_keep_signed_in_not_boolean)), false),
});

// Sign-in keeps requiredText: an account named before names refused control characters can still sign in.
export const registerSchema = z.object({
  username: nameText(m.field_username_required, 64),
  password,
  email: emailAddress(m.field_email_invalid),
  fullName: nameText(m.field_full_name_required, 120),
  emailConsent: z._default(z.boolean(msg(m.field_email_consent_not_boolean)), true),
  healthDataConsent,
  // The browser's language (navigator.language), sent by the sign-up form only when it is one of
  // ours: a tag whose language we do not have is refused (400 at the field), so only a supported
  // language and region is ever stored (supportedLocale). An unusable time zone is ignored, never
  // an error: the account starts on the default zone (taken from the browser on a later visit).
  locale: z.optional(
    z.string(msg(m.field_locale_unsupported)).check(z.refine((tag) => supportedLocale(tag) !== null, msg(m.field_locale_unsupported))),
  ),
  timezone: z.optional(z.catch(z.string().check(z.maxLength(64)), "")),
});

/** The Create Account form: the payload plus confirmPassword, which is removed before sending. */
export const registerFormSchema = z
  .object({
    ...registerSchema.shape,
    confirmPassword: z.string(msg(m.field_confirm_password_required)).check(z.minLength(1, msg(m.field_confirm_password_required))),
  })
  .check(z.refine((form) => form.password === form.confirmPassword, { ...msg(m.field_passwords_mismatch), path: ["confirmPassword"] }));

export const forgotPasswordSchema = z.object({
  email: emailAddress(m.field_email_enter_valid),
});

export const resetPasswordSchema = z
  .object({
    token: z
      .string(msg(m.field_reset_token_required))
      .check(z.minLength(1, msg(m.field_reset_token_required)), z.maxLength(200, msg(m.field_reset_token_invalid))),
    password,
    confirmPassword: z.string(msg(m.field_confirm_password_required)).check(z.minLength(1, msg(m.field_confirm_password_required))),
  })
  .check(z.refine((form) => form.password === form.confirmPassword, { ...msg(m.field_passwords_mismatch), path: ["confirmPassword"] }));

export type LoginPayload = z.infer<typeof loginSchema>;
export type RegisterPayload = z.infer<typeof registerSchema>;
