import { useState, type FormEvent } from "react";
import { resetPasswordSchema } from "../src/shared/auth-schemas";
import { apiRequest } from "./lib/api";
import { serverMessage } from "./lib/errors";
import { Field, Spinner } from "./lib/Field";
import { check, readForm } from "./lib/form";
import { showError, showSuccess } from "./lib/toast";

const FALLBACK = "Something went wrong. Please try again later.";

/** /reset-password: states form → success (the missing-token state is rendered by the server). */
export default function ResetPasswordForm({ token }: { token: string }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { data, errors } = check(resetPasswordSchema, readForm(event.currentTarget));
    setErrors(errors ?? {});
    if (!data) return;
    setPending(true);
    setFailure(undefined);
    try {
      await apiRequest("POST", "/api/reset-password", data);
      setDone(true);
      showSuccess("Password reset successful");
    } catch (err) {
      const message = serverMessage(err) || FALLBACK;
      setFailure(message);
      showError("Error", message);
    } finally {
      setPending(false);
    }
  }

  if (done) {
    return (
      <div className="space-y-4 text-center" role="status">
        <h2 className="text-lg font-semibold">Password Reset Complete</h2>
        <p className="text-sm text-slate-700">You can now sign in with your new password.</p>
        <a href="/auth" className="btn-primary w-full">
          Go to Login
        </a>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <Field label="New Password" name="password" type="password" autoComplete="new-password" error={errors.password ?? errors.token} />
      <Field label="Confirm New Password" name="confirmPassword" type="password" autoComplete="new-password" error={errors.confirmPassword} />
      {failure && (
        <p className="rounded-md bg-red-50 p-3 text-sm text-red-800" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending && <Spinner />} Reset Password
      </button>
    </form>
  );
}
