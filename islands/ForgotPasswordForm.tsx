import { useState, type FormEvent } from "react";
import { forgotPasswordSchema } from "../src/shared/auth-schemas";
import { apiRequest } from "./lib/api";
import { Field, Spinner } from "./lib/Field";
import { check, readForm } from "./lib/form";
import { showError, showSuccess } from "./lib/toast";

/** /forgot-password: states form → sent. Never tells whether the address has an account. */
export default function ForgotPasswordForm() {
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { data, errors } = check(forgotPasswordSchema, readForm(event.currentTarget));
    setError(errors?.email);
    if (!data) return;
    setPending(true);
    try {
      await apiRequest("POST", "/api/forgot-password", data);
      setSent(true);
      showSuccess("Email sent", "If your email is in our system, you'll receive a password reset link shortly.");
    } catch {
      showError("Error", "Something went wrong. Please try again later.");
    } finally {
      setPending(false);
    }
  }

  if (sent) {
    return (
      <div className="space-y-4 text-center" role="status">
        <h2 className="text-lg font-semibold">Reset email sent!</h2>
        <p className="text-sm text-slate-700">Check your inbox (and your spam folder) for a link to reset your password.</p>
        <a href="/auth" className="btn-primary w-full">
          Return to login
        </a>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field label="Email" name="email" type="email" autoComplete="email" error={error} />
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending && <Spinner />} Send Reset Link
      </button>
      <p className="text-center text-sm">
        <a href="/auth" className="text-teal-800 underline">
          Back to login
        </a>
      </p>
    </form>
  );
}
