import * as m from "../src/generated/i18n";
import { confirmRequest } from "../src/shared/dose-push";
import { apiRequest } from "./lib/api";
import { otherPersonId, personPage } from "./lib/person";
import { PendingButton, useSubmit } from "./lib/submit";

// The confirm page's one button (src/pages/dose-confirm-page.tsx): logs every dose of that time still
// open as taken, with the same clientIds on every tap (a double tap or a reload is one log each),
// then goes back to the list, where a toast says how many were logged. On a person's page
// (/p/{id}/doses/confirm) it logs under /api/profiles/{id} and goes back to that person's list.

type Props = { date: string; at: string; medicationIds: number[] };

export default function DoseConfirm(props: Props) {
  const { pending, failure, submit } = useSubmit<void>({
    send: async () => {
      const { path, body } = confirmRequest(props.date, props.at, props.medicationIds, otherPersonId() ?? undefined);
      await apiRequest("POST", path, body);
      return { toast: { title: m.dose_confirm_done({ count: props.medicationIds.length }) }, navigate: personPage("/") };
    },
    failureTitle: m.doses_failed(),
  });
  return (
    <div className="space-y-2">
      <PendingButton
        type="button"
        className="btn-primary w-full sm:w-auto"
        pending={pending}
        label={m.doses_taken()}
        onClick={() => submit()}
      />
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
