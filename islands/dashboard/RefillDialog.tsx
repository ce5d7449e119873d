import { useEffect, useRef, useState } from "react";
import { unknownPharmacyText } from "../../src/domain/dashboard";
import type { Medication } from "../../src/domain/medications";
import * as m from "../../src/generated/i18n";
import { unitCountText } from "../../src/domain/unit-text";
import { currentLocale } from "../../src/i18n/current";
import { formatDate } from "../../src/i18n/format";
import { fieldNumberText } from "../../src/shared/number";
import { isolate } from "../../src/i18n/Rich";
import { apiRequest, offlineError } from "../lib/api";
import { Dialog, DialogButtons } from "../lib/Dialog";
import { serverMessage } from "../lib/errors";
import { Field, FormAlert } from "../lib/Field";
import { useSubmit } from "../lib/submit";
import { showError, showSuccess, type ToastAction } from "../lib/toast";
import { PackageRefill } from "./PackageRefill";
import { otherPersonName, personApi } from "../lib/person";

type Props = {
  /** The medication being refilled; null keeps the dialog closed. */
  medication: Medication | null;
  pharmacyName: string | undefined;
  onClose: () => void;
  /** After the request, whatever its outcome: the list may have changed. Only a success closes the dialog. */
  onSettled: () => void;
  /** The user's local date: the default and the latest 'Picked up on'. */
  today: string;
  /** After the toast's Undo reverted the refill. */
  onUndone: () => void;
  /** A page to go to after the refill (the toast shows there, without its Undo). */
  navigateTo?: string;
};

/** How long the 'Undo' stays on the refill's toast. */
const UNDO_WINDOW_MS = 10_000;

/**
 * Changes how long the shown success toast `id` stays (Infinity: until dismissed), the rest of it
 * kept. Here, not in lib/toast: the dashboard's first JavaScript stays within its budget.
 */
const keepSuccessToast = (id: string, title: string, duration: number) =>
  void import("sonner").then(({ toast }) => toast.success(title, { id, duration }));

/** Reverts the refill the toast announced (named by its id: a later refill is not undone by mistake). */
export async function undoRefill(medication: Pick<Medication, "id" | "name">, refillId: number | undefined, onUndone: () => void) {
  try {
    await apiRequest("POST", personApi(`/medications/${medication.id}/undo-refill`), refillId === undefined ? {} : { refillId });
    showSuccess(m.undo_refill_done(), m.undo_refill_done_description({ name: isolate(medication.name) }));
    onUndone();
  } catch (err) {
    showError(m.undo_refill_failed(), serverMessage(err));
  }
}

/**
 * The refill toast's Undo, within a keyboard's reach. After a refill confirmed by keyboard, once the
 * dialog has closed, focus moves to the button (it starts looking now) and goes back where it was
 * (the row's Refill) when the toast goes, whether undone, closed or timed out; a pointer's refill
 * leaves focus where it is. While focus is in the toast its 10 seconds do not run (sonner pauses
 * on hover only): a keyboard user reading or reaching the Undo does not lose it.
 */
function focusedUndo(title: string, onUndo: () => void, moveFocus: boolean): ToastAction {
  const marker = `undo-${Date.now()}`;
  let from: HTMLElement | null = null;
  let held = false;
  const inToast = (node: EventTarget | null) => node instanceof Element && node.closest(`.${marker}`) !== null;
  const onFocusChange = (event: FocusEvent) => {
    const inside = inToast(event.type === "focusin" ? event.target : event.relatedTarget);
    // Reached by Tab after a pointer's refill: focus goes back to where it came from.
    if (inside && !from && event.relatedTarget instanceof HTMLElement && !inToast(event.relatedTarget)) from = event.relatedTarget;
    if (inside === held) return;
    held = inside;
    keepSuccessToast(marker, title, inside ? Infinity : UNDO_WINDOW_MS);
  };
  document.addEventListener("focusin", onFocusChange);
  document.addEventListener("focusout", onFocusChange);
  const back = () => {
    document.removeEventListener("focusin", onFocusChange);
    document.removeEventListener("focusout", onFocusChange);
    if (inToast(document.activeElement)) from?.focus();
  };
  let tries = 120;
  const focus = () => {
    const before = document.activeElement as HTMLElement | null;
    const button = document.querySelector<HTMLElement>(`.${marker} [data-action]`);
    // Not there yet, or not focusable while the modal dialog is still open: the next frame.
    button?.focus();
    if (button && document.activeElement === button) from = before;
    else if (tries--) requestAnimationFrame(focus);
  };
  if (moveFocus) requestAnimationFrame(focus);
  return {
    id: marker,
    className: marker,
    duration: UNDO_WINDOW_MS,
    action: {
      label: m.undo_label(),
      onClick: () => {
        back();
        onUndo();
      },
    },
    onAutoClose: back,
    onDismiss: back,
  };
}

// The shared refill schema (zod/mini) loads when a refill dialog opens, not with the dashboard:
// most visits never refill, and the page's first JavaScript stays small.
const loadValidation = () => Promise.all([import("../../src/shared/medication-schemas"), import("../lib/form")]);

/** Which day the refill will be recorded on, as the dialog says it: today's sentence, or the chosen day's. */
const recordedOn = (pickedOn: string, today: string) =>
  pickedOn && pickedOn !== today ? m.refill_date_recorded({ date: formatDate(pickedOn) }) : m.refill_today_recorded();

export function RefillDialog({ medication, pharmacyName, onClose, onSettled, today, onUndone, navigateTo }: Props) {
  const open = medication !== null;
  // A prescription with no refills left: the first submit asks, the second records (the count stays 0).
  const noRefillsLeft = medication?.refillsLeft === 0;
  const [asking, setAsking] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another medication starts without the question.
  useEffect(() => setAsking(false), [medication]);
  // The 'Picked up on' day as typed (the field keeps its own value); today again once the dialog closes.
  const [pickedOn, setPickedOn] = useState(today);
  // Whether the last confirmation came from the keyboard: Enter in a field or on the button clicks
  // it with detail 0, a pointer with 1 or more.
  const byKeyboard = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  // A package counted in the dialog (boxes, or items × each) fills the amount field, in the page's digits.
  const setAmount = (amount: number) => {
    const field = formRef.current?.elements.namedItem("pillsToAdd");
    if (field instanceof HTMLInputElement) field.value = fieldNumberText(amount, currentLocale());
  };
  // A pick-up day the server refuses (in the future, before the medication was added) is shown at
  // its field by useSubmit (its code names it); any other refusal in the dialog's alert.
  const { pending, errors, failure, reset, onSubmit } = useSubmit({
    async check(form) {
      if (noRefillsLeft && !asking) {
        setAsking(true);
        return { data: null, errors: {} };
      }
      // A schema that cannot load means the network is gone: said like a request that failed.
      const [{ refillSchemaFor }, { check, readForm }] = await loadValidation().catch(() => Promise.reject(offlineError()));
      // readForm reads the amount in the page's digits ('٢', '1,5'); the messages name the unit.
      const { pillsToAdd, refilledOn } = readForm(form);
      return check(refillSchemaFor(medication!.unit), { medicationId: medication!.id, pillsToAdd, refilledOn });
    },
    async send(data) {
      const refilled = medication!;
      const keyboard = byKeyboard.current;
      const { refillId } = await apiRequest<{ refillId: number }>("POST", personApi("/medications/refill"), data);
      // Recorded: the dialog closes (one that leaves for another page stays until it goes).
      if (!navigateTo) onClose();
      // On another person's page the toast says whose refill it was.
      const other = otherPersonName();
      const title = other === null ? m.refill_done() : m.person_refill_done({ name: isolate(other) });
      const toast = { title, description: m.refill_done_description({ name: isolate(refilled.name) }) };
      return navigateTo
        ? { toast, navigate: navigateTo }
        : { toast: { ...toast, action: focusedUndo(toast.title, () => void undoRefill(refilled, refillId, onUndone), keyboard) } };
    },
    failureTitle: m.refill_failed(),
    describe: serverMessage,
    onSettled,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs as the dialog opens or closes (and at midnight), not on every render's new callbacks.
  useEffect(() => {
    if (open) loadValidation().catch(() => {});
    else {
      setPickedOn(today);
      reset();
    }
  }, [open, today]);

  return (
    <Dialog open={open} busy={pending} onClose={onClose} title={m.refill_title()}>
      {medication && (
        <form
          ref={formRef}
          onSubmit={onSubmit}
          onClickCapture={(event) => (byKeyboard.current = event.detail === 0)}
          noValidate
          className="space-y-4"
        >
          <dl className="space-y-1 rounded-md bg-slate-50 p-3 text-sm">
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-slate-600">{m.refill_medication_label()}</dt>
              <dd className="break-words font-medium">
                <bdi>{medication.name}</bdi>
              </dd>
            </div>
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-slate-600">{m.refill_pharmacy_label()}</dt>
              <dd className="break-words font-medium">{pharmacyName === undefined ? unknownPharmacyText() : <bdi>{pharmacyName}</bdi>}</dd>
            </div>
          </dl>
          <p className="text-sm text-slate-700">
            {m.refill_standard_amount({ amount: unitCountText(medication.unit, medication.pillsPerRefill) })}
          </p>
          <PackageRefill medication={medication} disabled={pending} onAmount={setAmount} />
          <Field
            label={m.refill_amount_label({ unit: medication.unit })}
            name="pillsToAdd"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            defaultValue={medication.pillsPerRefill}
            error={errors.pillsToAdd}
            disabled={pending}
          />
          <p className="text-sm text-slate-600" aria-live="polite">
            {recordedOn(pickedOn, today)}
          </p>
          <Field
            label={m.refill_picked_up_on()}
            name="refilledOn"
            type="date"
            max={today}
            defaultValue={today}
            onChange={(event) => setPickedOn(event.currentTarget.value)}
            error={errors.refilledOn}
            disabled={pending}
            hint={m.refill_picked_up_hint()}
          />
          {asking && (
            <p role="alert" className="rounded-md border-s-4 border-s-amber-500 bg-amber-100 p-3 text-sm font-medium text-amber-900">
              {m.refill_no_refills_left_confirm()}
            </p>
          )}
          <FormAlert message={failure} />
          <DialogButtons
            pending={pending}
            onCancel={onClose}
            confirmLabel={asking ? m.refill_record_anyway() : m.refill_confirm()}
            pendingLabel={m.refill_pending()}
          />
        </form>
      )}
    </Dialog>
  );
}
