import { useEffect, useState } from "react";
import type { PharmacyView } from "../../src/domain/medications";
import * as m from "../../src/generated/i18n";
import { Rich } from "../../src/i18n/Rich";
import { mergePharmacySchema, type MergePharmacyResult } from "../../src/shared/pharmacy-merge";
import { apiRequest } from "../lib/api";
import { Dialog, DialogButtons } from "../lib/Dialog";
import { serverMessage } from "../lib/errors";
import { Field, FormAlert } from "../lib/Field";
import { check } from "../lib/form";
import { useSubmit } from "../lib/submit";
import { personApi } from "../lib/person";

type Props = {
  /** The pharmacy to merge (and delete); null keeps the dialog closed. */
  pharmacy: PharmacyView | null;
  /** All of the patient's pharmacies: the others are the choices. */
  pharmacies: readonly PharmacyView[];
  onClose: () => void;
  onMerged: () => void;
};

/** 'Merge into…': choose another of your pharmacies; its medications move there and this one is deleted. */
export function MergePharmacyDialog({ pharmacy, pharmacies, onClose, onMerged }: Props) {
  // While the merge runs, Escape and the backdrop do not close the dialog (its answer still has to land).
  const [merging, setMerging] = useState(false);
  return (
    <Dialog
      open={pharmacy !== null}
      busy={merging}
      onClose={onClose}
      title={pharmacy && <Rich message={m.merge_pharmacy_title} values={{ name: <bdi>{pharmacy.name}</bdi> }} />}
      description={pharmacy && <Rich message={m.merge_pharmacy_description} values={{ name: <bdi>{pharmacy.name}</bdi> }} />}
    >
      {/* A fresh form per opening. */}
      {pharmacy && (
        <MergeForm
          key={pharmacy.id}
          pharmacy={pharmacy}
          choices={pharmacies.filter((p) => p.id !== pharmacy.id)}
          onClose={onClose}
          onMerged={onMerged}
          onPending={setMerging}
        />
      )}
    </Dialog>
  );
}

function MergeForm({
  pharmacy,
  choices,
  onClose,
  onMerged,
  onPending,
}: {
  pharmacy: PharmacyView;
  choices: readonly PharmacyView[];
  onClose: () => void;
  onMerged: () => void;
  onPending: (pending: boolean) => void;
}) {
  const [intoId, setIntoId] = useState("");
  // A refusal (404, 400) leaves the dialog open with the choice kept and the reason inside it.
  const { pending, errors, failure, onSubmit } = useSubmit({
    check: () => check(mergePharmacySchema, { intoId: intoId === "" ? undefined : Number(intoId) }),
    async send({ intoId }) {
      const { moved } = await apiRequest<MergePharmacyResult>("POST", personApi(`/pharmacies/${pharmacy.id}/merge`), { intoId });
      onMerged();
      return { toast: { title: m.common_success(), description: m.merge_pharmacy_done({ count: moved }) } };
    },
    failureTitle: m.common_error(),
    describe: serverMessage,
  });
  useEffect(() => onPending(pending), [pending, onPending]);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field
        as="select"
        label={m.merge_pharmacy_into()}
        name="intoId"
        value={intoId}
        onChange={(e) => setIntoId(e.target.value)}
        error={errors.intoId}
        disabled={pending}
      >
        <option value="">{m.merge_pharmacy_choose()}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.phoneDisplay ? `${choice.name} (${choice.phoneDisplay})` : choice.name}
          </option>
        ))}
      </Field>
      <FormAlert message={failure} />
      <DialogButtons
        pending={pending}
        onCancel={onClose}
        confirmLabel={m.merge_pharmacy_confirm()}
        pendingLabel={m.merge_pharmacy_pending()}
      />
    </form>
  );
}
