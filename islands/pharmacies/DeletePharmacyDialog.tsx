import type { Pharmacy } from "../../src/domain/medications";
import * as m from "../../src/generated/i18n";
import { Rich } from "../../src/i18n/Rich";
import { apiRequest } from "../lib/api";
import { ConfirmDeleteDialog, type DeleteSpec } from "../lib/Dialog";
import { serverMessage } from "../lib/errors";
import { personApi } from "../lib/person";

// 'Are you sure?': closes once deleted; a pharmacy still in use is refused in the dialog, which stays open.
const PHARMACY: DeleteSpec<Pharmacy> = {
  title: () => m.delete_pharmacy_title(),
  description: (pharmacy) => <Rich message={m.delete_pharmacy_description} values={{ name: <bdi>{pharmacy.name}</bdi> }} />,
  async remove(pharmacy) {
    await apiRequest("DELETE", personApi(`/pharmacies/${pharmacy.id}`));
    return { toast: { title: m.common_success(), description: m.delete_pharmacy_done() } };
  },
  describe: serverMessage,
};

type Props = { pharmacy: Pharmacy | null; onClose: () => void; onSettled: () => void };

export const DeletePharmacyDialog = ({ pharmacy, ...done }: Props) => <ConfirmDeleteDialog item={pharmacy} spec={PHARMACY} {...done} />;
