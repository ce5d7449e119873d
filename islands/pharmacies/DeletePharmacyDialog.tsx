import { useState } from "react";
import type { Pharmacy } from "../../src/domain/medications";
import { apiRequest } from "../lib/api";
import { Dialog, DialogButtons } from "../lib/Dialog";
import { serverMessage } from "../lib/errors";
import { showError, showSuccess } from "../lib/toast";

type Props = { pharmacy: Pharmacy | null; onClose: () => void; onSettled: () => void };

/** 'Are you sure?': closes whatever the outcome (spec point 4), the toast says which. */
export function DeletePharmacyDialog({ pharmacy, onClose, onSettled }: Props) {
  const [pending, setPending] = useState(false);

  async function remove() {
    if (!pharmacy) return;
    setPending(true);
    try {
      await apiRequest("DELETE", `/api/pharmacies/${pharmacy.id}`);
      showSuccess("Success", "Pharmacy deleted successfully.");
    } catch (err) {
      showError("Error", serverMessage(err));
    } finally {
      setPending(false);
      onSettled();
    }
  }

  return (
    <Dialog
      open={pharmacy !== null}
      busy={pending}
      onClose={onClose}
      title="Are you sure?"
      description={`This will permanently delete the pharmacy${pharmacy ? ` “${pharmacy.name}”` : ""}. A pharmacy that is associated with any medications cannot be deleted.`}
    >
      <DialogButtons pending={pending} onCancel={onClose} confirmLabel="Delete" pendingLabel="Deleting..." tone="danger" onConfirm={remove} />
    </Dialog>
  );
}
