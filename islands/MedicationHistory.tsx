import { lazy, Suspense, useState } from "react";
import type { Medication } from "../src/domain/medications";
import { historyText, undoableRefill, type SupplyEvent } from "../src/domain/supply";
import { formatDate } from "../src/shared/format";
import { apiRequest } from "./lib/api";
import { serverMessage } from "./lib/errors";
import { PendingButton } from "./lib/submit";
import { navigateWithToast, showError } from "./lib/toast";

type Props = {
  medication: Medication;
  pharmacyName: string | undefined;
  /** Newest first. */
  events: SupplyEvent[];
  /** The user's local date (the refill dialog's default and latest day). */
  today: string;
};

const RefillDialog = lazy(() => import("./dashboard/RefillDialog").then((m) => ({ default: m.RefillDialog })));

/** The medication page's actions and history: refill, and undo of the newest refill while it is the newest change. */
export default function MedicationHistory({ medication, pharmacyName, events, today }: Props) {
  const [refilling, setRefilling] = useState(false);
  const [opened, setOpened] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const undoable = undoableRefill(events);
  // The page is drawn on the server (chart, counts): after a change it is drawn again.
  const here = () => `/medications/${medication.id}`;

  async function undo(refillId: number) {
    if (undoing) return;
    setUndoing(true);
    try {
      await apiRequest("POST", `/api/medications/${medication.id}/undo-refill`, { refillId });
      navigateWithToast(here(), { title: "Refill undone", description: `The refill of ${medication.name} has been undone.` });
    } catch (err) {
      showError("Undo failed", serverMessage(err));
      setUndoing(false);
    }
  }

  return (
    <section aria-labelledby="history-heading" className="card p-4 sm:p-6">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="history-heading" className="text-lg font-semibold">
          History
        </h2>
        <button
          type="button"
          className="btn-primary"
          onClick={() => {
            setOpened(true);
            setRefilling(true);
          }}
        >
          Refill
        </button>
      </div>
      <ol className="divide-y divide-slate-200 text-sm">
        {events.map((event) => (
          <li key={event.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-medium">{historyText(event)}</span>{" "}
              <span className="text-slate-700">
                · <time dateTime={event.localDate}>{formatDate(event.localDate)}</time>
              </span>
            </span>
            {undoable?.id === event.id && (
              <PendingButton
                type="button"
                className="btn-secondary"
                pending={undoing}
                label="Undo"
                aria-label={`Undo the refill of ${formatDate(event.localDate)}`}
                onClick={() => void undo(event.id)}
              />
            )}
          </li>
        ))}
      </ol>
      {opened && (
        <Suspense fallback={null}>
          <RefillDialog
            medication={refilling ? medication : null}
            pharmacyName={pharmacyName}
            onClose={() => setRefilling(false)}
            // A success reloads the page; a failure keeps the dialog open with its reason at the field.
            onSettled={() => {}}
            today={today}
            onUndone={() => location.reload()}
            navigateTo={here()}
          />
        </Suspense>
      )}
    </section>
  );
}
