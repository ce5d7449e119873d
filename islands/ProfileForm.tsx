import { useSetAtom } from "jotai";
import { useHydrateAtoms } from "jotai/utils";
import { useState, type FormEvent } from "react";
import type { User } from "../src/auth/session";
import { profileSchema, type TestEmailAnswer } from "../src/shared/settings-schemas";
import { apiRequest } from "./lib/api";
import { errorMessage } from "./lib/errors";
import { Field, Spinner } from "./lib/Field";
import { check, readForm } from "./lib/form";
import { currentUserAtom } from "./lib/state";
import { navigateWithToast, showError, showSuccess } from "./lib/toast";
import { testEmailDescription } from "./settings/messages";

/** /profile: full name and the e-mail reminders go to; and a test of that e-mail. */
export default function ProfileForm({ user }: { user: User }) {
  useHydrateAtoms([[currentUserAtom, user]]);
  const setCurrentUser = useSetAtom(currentUserAtom);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { data, errors } = check(profileSchema, readForm(event.currentTarget));
    setErrors(errors ?? {});
    if (!data) return;
    setSaving(true);
    try {
      const updated = await apiRequest<User>("PATCH", "/api/profile", data);
      setCurrentUser(updated);
      navigateWithToast("/", { title: "Profile updated", description: "Your profile has been updated successfully." });
    } catch (err) {
      setSaving(false);
      showError("Update failed", errorMessage(err));
    }
  }

  async function sendTest() {
    setTesting(true);
    try {
      const answer = await apiRequest<TestEmailAnswer>("POST", "/api/test-email-notification");
      showSuccess("Test Email Sent", testEmailDescription(answer));
    } catch (err) {
      showError("Test Email Failed", errorMessage(err));
    } finally {
      setTesting(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field label="Full Name" name="fullName" autoComplete="name" defaultValue={user.fullName ?? ""} error={errors.fullName} />
      <Field label="Email for Notifications" name="email" type="email" autoComplete="email" defaultValue={user.email} error={errors.email} />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:flex-wrap sm:justify-end">
        <a href="/" className="btn-secondary">
          Cancel
        </a>
        <button type="button" className="btn-secondary" onClick={sendTest} disabled={testing}>
          {testing && <Spinner />} Test Email Notifications
        </button>
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving && <Spinner />} Save Changes
        </button>
      </div>
    </form>
  );
}
