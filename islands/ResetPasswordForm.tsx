import { useState } from "react";
import { resetPasswordSchema } from "../src/shared/auth-schemas";
import { apiRequest } from "./lib/api";
import { serverMessage, SOMETHING_WENT_WRONG } from "./lib/errors";
import { Field, FormAlert } from "./lib/Field";
import { check, readForm } from "./lib/form";
import { SignInLinkPanel } from "./lib/SignInLinkPanel";
import { PendingButton, useSubmit } from "./lib/submit";

/** /reset-password: states form → success (the missing-token state is rendered by the server). */
export default function ResetPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const { pending, errors, failure, onSubmit } = useSubmit({
    check: (form) => check(resetPasswordSchema, readForm(form)),
    async send(data) {
      await apiRequest("POST", "/api/reset-password", data);
      setDone(true);
      return { toast: { title: "Password reset successful" } };
    },
    failureTitle: "Error",
    describe: (err) => serverMessage(err) || SOMETHING_WENT_WRONG,
  });

  if (done) {
    return <SignInLinkPanel title="Password Reset Complete" text="You can now sign in with your new password." link="Go to Login" />;
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <Field label="New Password" name="password" type="password" autoComplete="new-password" error={errors.password ?? errors.token} />
      <Field label="Confirm New Password" name="confirmPassword" type="password" autoComplete="new-password" error={errors.confirmPassword} />
      <FormAlert message={failure} />
      <PendingButton className="btn-primary w-full" pending={pending} label="Reset Password" />
    </form>
  );
}
