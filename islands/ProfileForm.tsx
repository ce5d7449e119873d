import { useAtom } from "jotai";
import { useHydrateAtoms } from "jotai/utils";
import { useState } from "react";
import type { User } from "../src/shared/user";
import { CURRENT_PASSWORD_INCORRECT, profileSchema, type TestEmailAnswer } from "../src/shared/settings-schemas";
import { ApiRequestError, apiRequest } from "./lib/api";
import { Field } from "./lib/Field";
import { check, readForm } from "./lib/form";
import { ResendButton } from "./lib/ResendButton";
import { currentUserAtom } from "./lib/state";
import { PendingButton, useSubmit } from "./lib/submit";
import { testEmailDescription } from "./settings/messages";

// The server matches addresses whatever their letter case (SQLite's lower(): ASCII letters).
const sameAddress = (a: string, b: string) => a.trim().replace(/[A-Z]+/g, (s) => s.toLowerCase()) === b.replace(/[A-Z]+/g, (s) => s.toLowerCase());

/** /profile: full name and the e-mail reminders go to (a new one waits for confirmation); a test of that e-mail. */
export default function ProfileForm({ user: initialUser }: { user: User }) {
  useHydrateAtoms([[currentUserAtom, initialUser]]);
  const [current, setCurrentUser] = useAtom(currentUserAtom);
  const user = current ?? initialUser;
  const [typedEmail, setTypedEmail] = useState(user.email);
  const changingAddress = !sameAddress(typedEmail, user.email);

  const save = useSubmit({
    check: (form) => check(profileSchema, readForm(form)),
    async send(data) {
      let answer: User;
      try {
        answer = await apiRequest<User>("PATCH", "/api/profile", data);
      } catch (err) {
        if (err instanceof ApiRequestError && err.serverMessage === CURRENT_PASSWORD_INCORRECT) save.setErrors({ currentPassword: err.serverMessage });
        throw err;
      }
      setCurrentUser(answer);
      const description =
        answer.pendingEmail && answer.pendingEmail !== user.pendingEmail
          ? `Open the link we sent to ${answer.pendingEmail} to confirm it. Reminders keep going to ${answer.email} until then.`
          : "Your profile has been updated successfully.";
      return { navigate: "/", toast: { title: "Profile updated", description } };
    },
    failureTitle: "Update failed",
  });
  const test = useSubmit<void>({
    async send() {
      const answer = await apiRequest<TestEmailAnswer>("POST", "/api/test-email-notification");
      return { toast: { title: "Test Email Sent", description: testEmailDescription(answer) } };
    },
    failureTitle: "Test Email Failed",
  });

  return (
    <form onSubmit={save.onSubmit} noValidate className="space-y-4">
      <Field label="Full Name" name="fullName" autoComplete="name" defaultValue={user.fullName ?? ""} error={save.errors.fullName} />
      <Field
        label="Email for Notifications"
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={user.email}
        onChange={(event) => setTypedEmail(event.currentTarget.value)}
        error={save.errors.email}
        hint={user.emailConfirmed ? undefined : "Not confirmed yet: no reminders are sent to it until you open the link we e-mailed you."}
      />
      {changingAddress && (
        <Field
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={save.errors.currentPassword}
          hint={`Needed to change your email address. Reminders keep going to ${user.email} until you confirm the new one.`}
        />
      )}
      {user.pendingEmail && (
        <div className="flex flex-col gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800 sm:flex-row sm:items-center sm:justify-between">
          <p>
            Waiting for confirmation of <strong>{user.pendingEmail}</strong>. Reminders keep going to {user.email} until you open the link we sent there.
          </p>
          <ResendButton />
        </div>
      )}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:flex-wrap sm:justify-end">
        <a href="/" className="btn-secondary">
          Cancel
        </a>
        <PendingButton type="button" className="btn-secondary" onClick={() => test.submit()} pending={test.pending} label="Test Email Notifications" />
        <PendingButton className="btn-primary" pending={save.pending} label="Save Changes" />
      </div>
    </form>
  );
}
