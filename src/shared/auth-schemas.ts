import * as z from "zod/mini";
import { emailAddress, password, requiredText } from "./validation";

export const loginSchema = z.object({
  username: requiredText("Username is required", 64),
  password: z.string({ error: "Password is required" }).check(z.minLength(1, "Password is required"), z.maxLength(256, "Password must be at most 256 characters")),
});

export const registerSchema = z.object({
  username: requiredText("Username is required", 64),
  password,
  email: emailAddress("Invalid email address"),
  fullName: requiredText("Full name is required", 120),
  emailConsent: z._default(z.boolean({ error: "emailConsent must be true or false" }), true),
  // The browser's language (navigator.language) and time zone (Intl), sent by the sign-up form.
  // Anything unusable is ignored, never an error: the account then follows the request's language
  // and starts on the default zone (taken from the browser on a later visit).
  locale: z.optional(z.catch(z.string().check(z.maxLength(35)), undefined)),
  timezone: z.optional(z.catch(z.string().check(z.maxLength(64)), undefined)),
});

/** The Create Account form: the payload plus confirmPassword, which is removed before sending. */
export const registerFormSchema = z
  .object({
    ...registerSchema.shape,
    confirmPassword: z.string({ error: "Confirm password is required" }).check(z.minLength(1, "Confirm password is required")),
  })
  .check(
    z.refine((form) => form.password === form.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] }),
  );

export const forgotPasswordSchema = z.object({
  email: emailAddress("Please enter a valid email address"),
});

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "Reset token is required" }).check(z.minLength(1, "Reset token is required"), z.maxLength(200, "Reset token is invalid")),
    password,
    confirmPassword: z.string({ error: "Confirm password is required" }).check(z.minLength(1, "Confirm password is required")),
  })
  .check(z.refine((form) => form.password === form.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] }));

export type LoginPayload = z.infer<typeof loginSchema>;
export type RegisterPayload = z.infer<typeof registerSchema>;
