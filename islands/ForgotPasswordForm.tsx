import { useState } from "react";
import { forgotPasswordSchema } from "../src/shared/auth-schemas";
import { apiRequest } from "./lib/api";
import * as m from "../src/generated/i18n";
import { Field, FormAlert } from "./lib/Field";
import { check, readForm } from "./lib/form";
import { SignInLinkPanel } from "./lib/SignInLinkPanel";
import { PendingButton, useSubmit } from "./lib/submit";

/** /forgot-password: states form → sent. Never tells whether the address has an account. */
export default function ForgotPasswordForm() {
  const [sent, setSent] = useState(false);
  const { pending, errors, failure, onSubmit } = useSubmit({
    check: (form) => check(forgotPasswordSchema, readForm(form)),
    async send(data) {
      await apiRequest("POST", "/api/forgot-password", data);
      setSent(true);
      return { toast: { title: m.common_email_sent(), description: m.auth_form_reset_link_sent() } };
    },
    failureTitle: m.common_error(),
    // Whatever went wrong, the answer says nothing about the address.
    describe: () => m.common_something_went_wrong(),
  });

  if (sent) {
    return (
      <SignInLinkPanel
        title={m.auth_form_reset_email_sent()}
        text={m.auth_form_reset_email_sent_text()}
        link={m.auth_form_return_to_login()}
      />
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field label={m.auth_form_email()} name="email" type="email" autoComplete="email" error={errors.email} />
      <FormAlert message={failure} />
      <PendingButton className="btn-primary w-full" pending={pending} label={m.auth_form_send_reset_link()} />
      <p className="text-center text-sm">
        <a href="/auth" className="text-teal-800 underline">
          {m.auth_form_back_to_login()}
        </a>
      </p>
    </form>
  );
}
