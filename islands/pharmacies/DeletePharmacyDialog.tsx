import type { Pharmacy } from "../../src/domain/medications";
import { apiRequest } from "../lib/api";
import { ConfirmDeleteDialog, type DeleteSpec } from "../lib/Dialog";
import { serverMessage } from "../lib/errors";

// 'Are you sure?': closes whatever the outcome (a pharmacy still in use is refused), the toast says which.
const PHARMACY: DeleteSpec<Pharmacy> = {
  title: "Are you sure?",
  description: (pharmacy) => `This will permanently delete the pharmacy “${pharmacy.name}”. A pharmacy that is associated with any medications cannot be deleted.`,
  async remove(pharmacy) {
    await apiRequest("DELETE", `/api/pharmacies/${pharmacy.id}`);
    return { toast: { title: "Success", description: "Pharmacy deleted successfully." } };
  },
  describe: serverMessage,
};

type Props = { pharmacy: Pharmacy | null; onClose: () => void; onSettled: () => void };

export const DeletePharmacyDialog = ({ pharmacy, ...done }: Props) => <ConfirmDeleteDialog item={pharmacy} spec={PHARMACY} {...done} />;
