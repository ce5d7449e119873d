import type { Medication } from "../../src/domain/medications";
import { apiRequest } from "../lib/api";
import { ConfirmDeleteDialog, type DeleteSpec } from "../lib/Dialog";
import { errorMessage } from "../lib/errors";

const MEDICATION: DeleteSpec<Medication> = {
  title: "Delete Medication",
  description: () => "Are you sure you want to delete this medication? This action cannot be undone.",
  async remove(medication) {
    await apiRequest("DELETE", `/api/medications/${medication.id}`);
    return { toast: { title: "Medication deleted", description: "The medication has been successfully deleted." } };
  },
  describe: (err) => `Failed to delete medication: ${errorMessage(err)}`,
};

type Props = { medication: Medication | null; onClose: () => void; onSettled: () => void };

export const DeleteDialog = ({ medication, ...done }: Props) => <ConfirmDeleteDialog item={medication} spec={MEDICATION} {...done} />;
