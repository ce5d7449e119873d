import { useState, type FormEvent } from "react";
import type { Pharmacy } from "../../src/domain/medications";
import { pharmacySchema } from "../../src/shared/medication-schemas";
import { apiRequest } from "../lib/api";
import { Dialog, DialogButtons } from "../lib/Dialog";
import { serverMessage } from "../lib/errors";
import { Field } from "../lib/Field";
import { check } from "../lib/form";
import { showError, showSuccess } from "../lib/toast";
import { PhoneInput } from "./PhoneInput";

/** Closed, adding, or editing one pharmacy. */
export type PharmacyFormState = { mode: "add" } | { mode: "edit"; pharmacy: Pharmacy } | null;

type Props = { state: PharmacyFormState; onClose: () => void; onSaved: () => void };

export function PharmacyFormDialog({ state, onClose, onSaved }: Props) {
  return (
    <Dialog open={state !== null} onClose={onClose} title={state?.mode === "edit" ? "Edit Pharmacy" : "Add Pharmacy"}>
      {/* A fresh form per opening: keyed by what it edits. */}
      {state && <PharmacyForm key={state.mode === "edit" ? state.pharmacy.id : "new"} state={state} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function PharmacyForm({ state, onClose, onSaved }: { state: NonNullable<PharmacyFormState> } & Omit<Props, "state">) {
  const editing = state.mode === "edit" ? state.pharmacy : null;
  const [name, setName] = useState(editing?.name ?? "");
  const [phoneNumber, setPhoneNumber] = useState(editing?.phoneNumber ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { data, errors } = check(pharmacySchema, { name, phoneNumber });
    setErrors(errors ?? {});
    if (!data) return;
    setPending(true);
    setFailure(null);
    try {
      if (editing) await apiRequest("PATCH", `/api/pharmacies/${editing.id}`, data);
      else await apiRequest("POST", "/api/pharmacies", data);
      showSuccess("Success", editing ? "Pharmacy updated successfully." : "Pharmacy added successfully.");
      onSaved();
    } catch (err) {
      setPending(false);
      // The toast sits behind the modal's backdrop, so the dialog repeats the message.
      setFailure(serverMessage(err));
      showError("Error", serverMessage(err));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field label="Pharmacy Name" name="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} autoComplete="organization" disabled={pending} />
      <PhoneInput value={phoneNumber} onChange={setPhoneNumber} error={errors.phoneNumber} disabled={pending} />
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      <DialogButtons pending={pending} onCancel={onClose} confirmLabel="Save Pharmacy" pendingLabel="Saving..." />
    </form>
  );
}
