import { useEffect } from "react";
import { EARLIEST_DATE, MAX_DAYS_AHEAD } from "../../src/domain/limits";
import { addDays } from "../../src/domain/time";
import * as m from "../../src/generated/i18n";
import { isolate } from "../../src/i18n/Rich";
import { apiRequest, offlineError } from "../lib/api";
import { Dialog, DialogButtons } from "../lib/Dialog";
import { Field, FormAlert } from "../lib/Field";
import { useSubmit } from "../lib/submit";
import { personApi } from "../lib/person";

type Props = {
  open: boolean;
  medicationId: number;
  name: string;
  /** The pause being changed, or null for a new one (from today, no end). */
  pausedFrom: string | null;
  pausedUntil: string | null;
  /** The user's local date: the default 'Paused from' and the earliest 'Paused until'. */
  today: string;
  onClose: () => void;
  /** The medication's page, drawn again with the new pause (the toast shows there). */
  navigateTo: string;
};

// The shared schema (zod/mini) loads with the dialog: the same rules as the API's, said at the field.
const loadValidation = () => Promise.all([import("../../src/shared/regimen-schemas"), import("../lib/form")]);

/**
 * 'Paused from' (default today) and 'Paused until' (empty: until resumed). A date the server
 * refuses (its code names the field: an end before today) is shown at that field and the dialog
 * stays open; a success reloads the page, which shows the pause and the moved run-out date.
 */
export function PauseDialog({ open, medicationId, name, pausedFrom, pausedUntil, today, onClose, navigateTo }: Props) {
  const { pending, errors, failure, reset, onSubmit } = useSubmit({
    async check(form) {
      const fields = new FormData(form);
      const values = { pausedFrom: fields.get("pausedFrom"), pausedUntil: fields.get("pausedUntil") };
      // A schema that cannot load means the network is gone: said like a request that failed.
      const [{ pauseSchema }, { check }] = await loadValidation().catch(() => Promise.reject(offlineError()));
      return check(pauseSchema, values);
    },
    async send(data) {
      await apiRequest("PUT", personApi(`/medications/${medicationId}/pause`), data);
      return { toast: { title: m.pause_done(), description: m.pause_done_description({ name: isolate(name) }) }, navigate: navigateTo };
    },
    failureTitle: m.pause_failed(),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs as the dialog opens or closes, not on every render's new callbacks.
  useEffect(() => {
    if (open) loadValidation().catch(() => {});
    else reset();
  }, [open]);

  return (
    <Dialog
      open={open}
      busy={pending}
      onClose={onClose}
      title={pausedFrom ? m.pause_change_title() : m.pause_title()}
      description={m.pause_description()}
    >
      {open && (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <p className="break-words font-medium">
            <bdi>{name}</bdi>
          </p>
          <Field
            label={m.pause_from_label()}
            name="pausedFrom"
            type="date"
            required
            min={EARLIEST_DATE}
            max={addDays(today, MAX_DAYS_AHEAD)}
            defaultValue={pausedFrom ?? today}
            error={errors.pausedFrom}
            disabled={pending}
          />
          <Field
            label={m.pause_until_label()}
            name="pausedUntil"
            type="date"
            min={today}
            max={addDays(today, MAX_DAYS_AHEAD)}
            defaultValue={pausedUntil ?? ""}
            error={errors.pausedUntil}
            disabled={pending}
            hint={m.pause_until_hint()}
          />
          <FormAlert message={failure} />
          <DialogButtons pending={pending} onCancel={onClose} confirmLabel={m.pause_confirm()} pendingLabel={m.common_saving()} />
        </form>
      )}
    </Dialog>
  );
}
