import { useState } from "react";
import { resetPasswordSchema } from "../src/shared/auth-schemas";
import { apiRequest } from "./lib/api";
import * as m from "../src/generated/i18n";
import { serverMessage } from "./lib/errors";
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
      return { toast: { title: m.auth_form_reset_success() } };
    },
    failureTitle: m.common_error(),
    describe: (err) => serverMessage(err) || m.common_something_went_wrong(),
  });

  if (done) {
    return (
      <SignInLinkPanel title={m.auth_form_reset_complete()} text={m.auth_form_reset_complete_text()} link={m.auth_form_go_to_login()} />
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <Field
        label={m.common_new_password()}
        name="password"
        type="password"
        autoComplete="new-password"
        error={errors.password ?? errors.token}
      />
      <Field
        label={m.common_confirm_new_password()}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
      <FormAlert message={failure} />
      <PendingButton className="btn-primary w-full" pending={pending} label={m.auth_form_reset_password()} />
    </form>
  );
}
