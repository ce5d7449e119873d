import { useEffect, useState } from "react";
import type { PharmacyView } from "../../src/domain/medications";
import { pharmacySchema } from "../../src/shared/medication-schemas";
import * as m from "../../src/generated/i18n";
import { apiRequest } from "../lib/api";
import { Dialog, DialogButtons } from "../lib/Dialog";
import { serverMessage } from "../lib/errors";
import { Field, FormAlert } from "../lib/Field";
import { check } from "../lib/form";
import { useSubmit } from "../lib/submit";
import { PhoneInput } from "./PhoneInput";
import { personApi } from "../lib/person";

/** Closed, adding, or editing one pharmacy. */
export type PharmacyFormState = { mode: "add" } | { mode: "edit"; pharmacy: PharmacyView } | null;

type Props = { state: PharmacyFormState; onClose: () => void; onSaved: () => void };

export function PharmacyFormDialog({ state, onClose, onSaved }: Props) {
  // While a save runs, Escape and the backdrop do not close the dialog (its answer still has to land).
  const [saving, setSaving] = useState(false);
  return (
    <Dialog
      open={state !== null}
      busy={saving}
      onClose={onClose}
      title={state?.mode === "edit" ? m.pharmacies_edit_title() : m.pharmacies_add()}
    >
      {/* A fresh form per opening: keyed by what it edits. */}
      {state && (
        <PharmacyForm
          key={state.mode === "edit" ? state.pharmacy.id : "new"}
          state={state}
          onClose={onClose}
          onSaved={onSaved}
          onPending={setSaving}
        />
      )}
    </Dialog>
  );
}

function PharmacyForm({
  state,
  onClose,
  onSaved,
  onPending,
}: { state: NonNullable<PharmacyFormState>; onPending: (pending: boolean) => void } & Omit<Props, "state">) {
  const editing = state.mode === "edit" ? state.pharmacy : null;
  const [name, setName] = useState(editing?.name ?? "");
  // The number as it reads everywhere ('+1 212 555 0123'), not its stored E.164 form.
  const [phoneNumber, setPhoneNumber] = useState(editing?.phoneDisplay ?? "");
  const { pending, errors, failure, onSubmit } = useSubmit({
    check: () => check(pharmacySchema, { name, phoneNumber }),
    async send(data) {
      if (editing) await apiRequest("PATCH", personApi(`/pharmacies/${editing.id}`), data);
      else await apiRequest("POST", personApi("/pharmacies"), data);
      onSaved();
      return { toast: { title: m.common_success(), description: editing ? m.pharmacies_updated() : m.pharmacies_added() } };
    },
    failureTitle: m.common_error(),
    describe: serverMessage,
  });
  useEffect(() => onPending(pending), [pending, onPending]);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field
        label={m.pharmacies_name()}
        name="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        autoComplete="organization"
        disabled={pending}
      />
      <PhoneInput value={phoneNumber} onChange={setPhoneNumber} error={errors.phoneNumber} disabled={pending} />
      {/* The toast sits behind the modal's backdrop, so the dialog repeats the message. */}
      <FormAlert message={failure} />
      <DialogButtons pending={pending} onCancel={onClose} confirmLabel={m.pharmacies_save()} pendingLabel={m.common_saving()} />
    </form>
  );
}
