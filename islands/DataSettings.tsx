import { useState } from "react";
import { deleteAccountSchema } from "../src/shared/account-schemas";
import * as m from "../src/generated/i18n";
import { apiRequest } from "./lib/api";
import { Dialog, DialogButtons } from "./lib/Dialog";
import { serverMessage } from "./lib/errors";
import { Field, FormAlert } from "./lib/Field";
import { check, readForm } from "./lib/form";
import { useSubmit } from "./lib/submit";

/** Settings › Your data: download everything as one JSON file, or delete the account (password asked). */
export default function DataSettings() {
  const [confirming, setConfirming] = useState(false);
  // A wrong password is said at its field (useSubmit reads the code), any other refusal below it.
  const erase = useSubmit({
    check: (form) => check(deleteAccountSchema, readForm(form)),
    async send(data) {
      await apiRequest("DELETE", "/api/user", data);
      return { navigate: "/auth", toast: { title: m.data_account_deleted() } };
    },
    failureTitle: m.data_account_not_deleted(),
    describe: serverMessage,
  });
  const close = () => {
    setConfirming(false);
    erase.reset();
  };

  return (
    <div className="space-y-8">
      <section aria-labelledby="export-heading" className="space-y-3">
        <h3 id="export-heading" className="text-lg font-semibold">
          {m.data_export()}
        </h3>
        <p className="text-sm text-slate-700">{m.data_export_text()}</p>
        <a href="/api/user/export" download className="btn-secondary w-full sm:w-auto">
          {m.data_export()}
        </a>
      </section>

      <section aria-labelledby="delete-heading" className="space-y-3">
        <h3 id="delete-heading" className="text-lg font-semibold">
          {m.data_delete_account()}
        </h3>
        <p className="text-sm text-slate-700">{m.data_delete_account_text()}</p>
        <button type="button" className="btn-danger w-full sm:w-auto" onClick={() => setConfirming(true)}>
          {m.data_delete_account()}
        </button>
      </section>

      <Dialog
        open={confirming}
        busy={erase.pending}
        onClose={close}
        title={m.data_delete_dialog_title()}
        description={m.data_delete_dialog_description()}
      >
        <form onSubmit={erase.onSubmit} noValidate className="space-y-4">
          <Field
            label={m.common_current_password()}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            error={erase.errors.currentPassword}
          />
          <FormAlert message={erase.failure} />
          <DialogButtons
            pending={erase.pending}
            onCancel={close}
            confirmLabel={m.data_delete_account()}
            pendingLabel={m.common_deleting()}
            tone="danger"
          />
        </form>
      </Dialog>
    </div>
  );
}
