import { useState } from "react";
import { deleteAccountSchema, WRONG_CURRENT_PASSWORD } from "../src/shared/account-schemas";
import { ApiRequestError, apiRequest } from "./lib/api";
import { Dialog, DialogButtons } from "./lib/Dialog";
import { serverMessage } from "./lib/errors";
import { Field, FormAlert } from "./lib/Field";
import { check, readForm } from "./lib/form";
import { useSubmit } from "./lib/submit";

/** Settings › Your data: download everything as one JSON file, or delete the account (password asked). */
export default function DataSettings() {
  const [confirming, setConfirming] = useState(false);
  const [wrongCurrent, setWrongCurrent] = useState(false);
  const erase = useSubmit({
    check: (form) => check(deleteAccountSchema, readForm(form)),
    async send(data) {
      setWrongCurrent(false);
      try {
        await apiRequest("DELETE", "/api/user", data);
      } catch (err) {
        if (err instanceof ApiRequestError && err.serverMessage === WRONG_CURRENT_PASSWORD) setWrongCurrent(true);
        throw err;
      }
      return { navigate: "/auth", toast: { title: "Your account has been deleted" } };
    },
    failureTitle: "Account not deleted",
    describe: serverMessage,
  });
  const close = () => {
    setConfirming(false);
    setWrongCurrent(false);
    erase.setErrors({});
  };

  return (
    <div className="space-y-8">
      <section aria-labelledby="export-heading" className="space-y-3">
        <h3 id="export-heading" className="text-lg font-semibold">
          Export my data
        </h3>
        <p className="text-sm text-slate-700">One JSON file with your profile, settings, pharmacies, medications and the reminders we sent you.</p>
        <a href="/api/user/export" download className="btn-secondary w-full sm:w-auto">
          Export my data
        </a>
      </section>

      <section aria-labelledby="delete-heading" className="space-y-3">
        <h3 id="delete-heading" className="text-lg font-semibold">
          Delete my account
        </h3>
        <p className="text-sm text-slate-700">Your account and everything stored with it are erased for good. This cannot be undone.</p>
        <button type="button" className="btn-danger w-full sm:w-auto" onClick={() => setConfirming(true)}>
          Delete my account
        </button>
      </section>

      <Dialog
        open={confirming}
        busy={erase.pending}
        onClose={close}
        title="Delete your account?"
        description="Your medications, pharmacies, reminders and sign-ins are erased for good. Enter your password to confirm."
      >
        <form onSubmit={erase.onSubmit} noValidate className="space-y-4">
          <Field
            label="Current Password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            error={erase.errors.currentPassword ?? (wrongCurrent ? WRONG_CURRENT_PASSWORD : undefined)}
          />
          {!wrongCurrent && <FormAlert message={erase.failure} />}
          <DialogButtons pending={erase.pending} onCancel={close} confirmLabel="Delete my account" pendingLabel="Deleting..." tone="danger" />
        </form>
      </Dialog>
    </div>
  );
}
