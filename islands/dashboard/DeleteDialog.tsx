import { useState } from "react";
import type { Medication } from "../../src/domain/medications";
import { apiRequest } from "../lib/api";
import { Dialog, DialogButtons } from "../lib/Dialog";
import { errorMessage } from "../lib/errors";
import { showError, showSuccess } from "../lib/toast";

type Props = { medication: Medication | null; onClose: () => void; onSettled: () => void };

export function DeleteDialog({ medication, onClose, onSettled }: Props) {
  const [pending, setPending] = useState(false);

  async function remove() {
    if (!medication) return;
    setPending(true);
    try {
      await apiRequest("DELETE", `/api/medications/${medication.id}`);
      showSuccess("Medication deleted", "The medication has been successfully deleted.");
    } catch (err) {
      showError("Error", `Failed to delete medication: ${errorMessage(err)}`);
    } finally {
      setPending(false);
      onSettled();
    }
  }

  return (
    <Dialog
      open={medication !== null}
      busy={pending}
      onClose={onClose}
      title="Delete Medication"
      description="Are you sure you want to delete this medication? This action cannot be undone."
    >
      <DialogButtons pending={pending} onCancel={onClose} confirmLabel="Delete" pendingLabel="Deleting..." tone="danger" onConfirm={remove} />
    </Dialog>
  );
}
