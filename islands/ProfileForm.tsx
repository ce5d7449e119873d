import { useRef, useState } from "react";
import * as m from "../src/generated/i18n";
import { isolate, Rich } from "../src/i18n/Rich";
import type { User } from "../src/shared/user";
import { profileSchema, type TestEmailAnswer } from "../src/shared/settings-schemas";
import { EARLIEST_DATE } from "../src/domain/limits";
import { localDateAt, zoneOrUtc } from "../src/domain/time";
import { apiRequest } from "./lib/api";
import { Field, FormAlert } from "./lib/Field";
import type { TestPushAnswer } from "../src/shared/push";
import { check, readForm } from "./lib/form";
import { ResendButton } from "./lib/ResendButton";
import { setCurrentUser, useCurrentUser } from "./lib/state";
import { PendingButton, useSubmit } from "./lib/submit";
import { testEmailDescription } from "./settings/messages";

// The server matches addresses whatever their letter case (SQLite's lower(): ASCII letters).
const sameAddress = (a: string, b: string) =>
  a.trim().replace(/[A-Z]+/g, (s) => s.toLowerCase()) === b.replace(/[A-Z]+/g, (s) => s.toLowerCase());

/** /profile: full name, date of birth (for the printed list) and the e-mail reminders go to (a new one waits for confirmation); a test of that e-mail. */
export default function ProfileForm({ user: initialUser }: { user: User }) {
  const current = useCurrentUser(initialUser);
  const user = current ?? initialUser;
  const [typedEmail, setTypedEmail] = useState(user.email);
  const changingAddress = !sameAddress(typedEmail, user.email);
  const formRef = useRef<HTMLFormElement>(null);

  const save = useSubmit({
    check: (form) => check(profileSchema, readForm(form)),
    async send(data) {
      // A wrong current password is said at its field (useSubmit reads the code).
      const answer = await apiRequest<User>("PATCH", "/api/profile", data);
      setCurrentUser(answer);
      // The page stays. A new address waits for confirmation (said below the field): the field
      // shows the address in use again, and the current password is no longer asked.
      if (!sameAddress(typedEmail, answer.email)) {
        const field = formRef.current?.elements.namedItem("email");
        if (field instanceof HTMLInputElement) field.value = answer.email;
        setTypedEmail(answer.email);
      }
      const description =
        answer.pendingEmail && answer.pendingEmail !== user.pendingEmail
          ? m.profile_confirm_new_address({ pending: isolate(answer.pendingEmail), email: isolate(answer.email) })
          : m.profile_updated_description();
      return { toast: { title: m.profile_updated(), description } };
    },
    failureTitle: m.common_update_failed(),
  });
  const test = useSubmit<void>({
    async send() {
      const answer = await apiRequest<TestEmailAnswer>("POST", "/api/test-email-notification");
      return { toast: { title: m.profile_test_email_sent(), description: testEmailDescription(answer, user.email) } };
    },
    failureTitle: m.profile_test_email_failed(),
  });
  // Beside the test e-mail while push is chosen: a push to every device of the account, now.
  const testPush = useSubmit<void>({
    async send() {
      const answer = await apiRequest<TestPushAnswer>("POST", "/api/test-push-notification");
      return { toast: { title: m.profile_test_push_sent(), description: m.profile_test_push_sent_description({ count: answer.sent }) } };
    },
    failureTitle: m.profile_test_push_failed(),
  });

  return (
    <form ref={formRef} onSubmit={save.onSubmit} noValidate className="space-y-4">
      <Field
        label={m.common_full_name()}
        name="fullName"
        autoComplete="name"
        defaultValue={user.fullName ?? ""}
        error={save.errors.fullName}
      />
      <Field
        label={m.profile_birthdate()}
        name="birthdate"
        type="date"
        autoComplete="bday"
        min={EARLIEST_DATE}
        max={localDateAt(Date.now(), zoneOrUtc(user.timezone))}
        defaultValue={user.birthdate ?? ""}
        error={save.errors.birthdate}
        hint={m.profile_birthdate_hint()}
      />
      <Field
        label={m.profile_email()}
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={user.email}
        onChange={(event) => setTypedEmail(event.currentTarget.value)}
        error={save.errors.email}
        hint={user.emailConfirmed ? undefined : m.profile_email_not_confirmed()}
      />
      {changingAddress && (
        <Field
          label={m.profile_current_password()}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={save.errors.currentPassword}
          hint={<Rich message={m.profile_current_password_hint} values={{ email: <bdi>{user.email}</bdi> }} />}
        />
      )}
      {user.pendingEmail && (
        <div className="flex flex-col gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800 sm:flex-row sm:items-center sm:justify-between">
          <p>
            <Rich
              message={m.profile_waiting_for_confirmation}
              values={{
                pending: (
                  <strong>
                    <bdi>{user.pendingEmail}</bdi>
                  </strong>
                ),
                email: <bdi>{user.email}</bdi>,
              }}
            />
          </p>
          <ResendButton />
        </div>
      )}
      <FormAlert message={save.failure ?? test.failure} />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:flex-wrap sm:justify-end">
        <a href="/" className="btn-secondary">
          {m.common_cancel()}
        </a>
        <PendingButton
          type="button"
          className="btn-secondary"
          onClick={() => test.submit()}
          pending={test.pending}
          label={m.profile_test_email()}
        />
        {user.remindersBy !== "email" && (
          <PendingButton
            type="button"
            className="btn-secondary"
            onClick={() => testPush.submit()}
            pending={testPush.pending}
            label={m.profile_test_push()}
          />
        )}
        <PendingButton className="btn-primary" pending={save.pending} label={m.profile_save()} />
      </div>
    </form>
  );
}
