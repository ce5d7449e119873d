import { useState } from "react";
import { deleteAccountSchema, type PersonOnDeletion } from "../src/shared/account-schemas";
import { Rich } from "../src/i18n/Rich";
import * as m from "../src/generated/i18n";
import { apiRequest } from "./lib/api";
import { Dialog, DialogButtons } from "./lib/Dialog";
import { serverMessage } from "./lib/errors";
import { Field, FormAlert } from "./lib/Field";
import { check, readForm } from "./lib/form";
import { useSubmit } from "./lib/submit";

/**
 * Settings › Your data: download everything as one JSON file, or delete the account (password
 * asked). The dialog names each person the account owns besides its own and what becomes of them
 * (`onDeletion`, read by the page with the same rule the deletion applies).
 */
export default function DataSettings({ onDeletion }: { onDeletion: PersonOnDeletion[] }) {
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
        <PeopleOnDeletion people={onDeletion} />
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
        <PeopleOnDeletion people={onDeletion} />
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

/** What becomes of each person the account owns besides its own: told beside the button and again in the dialog. */
function PeopleOnDeletion({ people }: { people: PersonOnDeletion[] }) {
  if (people.length === 0) return null;
  return (
    <ul className="mb-4 list-disc space-y-1 ps-5 text-sm text-slate-700" aria-label={m.data_delete_people_label()}>
      {people.map((person, index) => (
        // The index: two people may share a name, and the list never reorders.
        <li key={index}>
          {person.passesTo === null ? (
            <Rich message={m.data_delete_person_deleted} values={{ name: <bdi>{person.name}</bdi> }} />
          ) : (
            <Rich
              message={m.data_delete_person_passes}
              values={{ name: <bdi>{person.name}</bdi>, manager: <bdi>{person.passesTo}</bdi> }}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
