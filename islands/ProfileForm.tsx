import { useSetAtom } from "jotai";
import { useHydrateAtoms } from "jotai/utils";
import type { User } from "../src/shared/user";
import { profileSchema, type TestEmailAnswer } from "../src/shared/settings-schemas";
import { apiRequest } from "./lib/api";
import { Field } from "./lib/Field";
import { check, readForm } from "./lib/form";
import { currentUserAtom } from "./lib/state";
import { PendingButton, useSubmit } from "./lib/submit";
import { testEmailDescription } from "./settings/messages";

/** /profile: full name and the e-mail reminders go to; and a test of that e-mail. */
export default function ProfileForm({ user }: { user: User }) {
  useHydrateAtoms([[currentUserAtom, user]]);
  const setCurrentUser = useSetAtom(currentUserAtom);
  const save = useSubmit({
    check: (form) => check(profileSchema, readForm(form)),
    async send(data) {
      setCurrentUser(await apiRequest<User>("PATCH", "/api/profile", data));
      return { navigate: "/", toast: { title: "Profile updated", description: "Your profile has been updated successfully." } };
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
      <Field label="Email for Notifications" name="email" type="email" autoComplete="email" defaultValue={user.email} error={save.errors.email} />
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
