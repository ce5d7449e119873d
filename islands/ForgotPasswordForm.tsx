import { useState } from "react";
import { forgotPasswordSchema } from "../src/shared/auth-schemas";
import { apiRequest } from "./lib/api";
import { SOMETHING_WENT_WRONG } from "./lib/errors";
import { Field } from "./lib/Field";
import { check, readForm } from "./lib/form";
import { SignInLinkPanel } from "./lib/SignInLinkPanel";
import { PendingButton, useSubmit } from "./lib/submit";

/** /forgot-password: states form → sent. Never tells whether the address has an account. */
export default function ForgotPasswordForm() {
  const [sent, setSent] = useState(false);
  const { pending, errors, onSubmit } = useSubmit({
    check: (form) => check(forgotPasswordSchema, readForm(form)),
    async send(data) {
      await apiRequest("POST", "/api/forgot-password", data);
      setSent(true);
      return { toast: { title: "Email sent", description: "If your email is in our system, you'll receive a password reset link shortly." } };
    },
    failureTitle: "Error",
    // Whatever went wrong, the answer says nothing about the address.
    describe: () => SOMETHING_WENT_WRONG,
  });

  if (sent) {
    return <SignInLinkPanel title="Reset email sent!" text="Check your inbox (and your spam folder) for a link to reset your password." link="Return to login" />;
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
      <PendingButton className="btn-primary w-full" pending={pending} label="Send Reset Link" />
      <p className="text-center text-sm">
        <a href="/auth" className="text-teal-800 underline">
          Back to login
        </a>
      </p>
    </form>
  );
}
