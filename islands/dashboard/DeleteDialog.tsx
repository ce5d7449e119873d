import type { Medication } from "../../src/domain/medications";
import * as m from "../../src/generated/i18n";
import { Rich } from "../../src/i18n/Rich";
import { apiRequest } from "../lib/api";
import { ConfirmDeleteDialog, type DeleteSpec } from "../lib/Dialog";
import { errorMessage } from "../lib/errors";
import { personApi } from "../lib/person";

const MEDICATION: DeleteSpec<Medication> = {
  title: (medication) => <Rich message={m.delete_medication_title} values={{ name: <bdi>{medication.name}</bdi> }} />,
  description: () => m.delete_medication_description(),
  async remove(medication) {
    await apiRequest("DELETE", personApi(`/medications/${medication.id}`));
    return { toast: { title: m.delete_medication_done(), description: m.delete_medication_done_description() } };
  },
  describe: (err) => m.delete_medication_failed({ reason: errorMessage(err) }),
};

type Props = { medication: Medication | null; onClose: () => void; onSettled: () => void };

export const DeleteDialog = ({ medication, ...done }: Props) => <ConfirmDeleteDialog item={medication} spec={MEDICATION} {...done} />;
