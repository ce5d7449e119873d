import { lazy, Suspense, useState } from "react";
import type { DoseHistoryEntry } from "../src/domain/dose-history";
import type { Medication } from "../src/domain/medications";
import { historyText, undoableRefill, type SupplyEvent } from "../src/domain/supply";
import * as m from "../src/generated/i18n";
import { formatDate } from "../src/i18n/format";
import { isolate } from "../src/i18n/Rich";
import { apiRequest } from "./lib/api";
import { serverMessage } from "./lib/errors";
import { PendingButton } from "./lib/submit";
import { navigateWithToast, showError } from "./lib/toast";
import { mayDo, personApi, personPage } from "./lib/person";

type Props = {
  medication: Medication;
  pharmacyName: string | undefined;
  /** Newest first. */
  events: SupplyEvent[];
  /** The recent dose logs, worded on the server, newest first. */
  doses: DoseHistoryEntry[];
  /** The user's local date (the refill dialog's default and latest day). */
  today: string;
};

/** The day a history row is for. */
const dateOf = (row: { dose: DoseHistoryEntry | null; event: SupplyEvent | null }) => row.dose?.localDate ?? row.event!.localDate;

const RefillDialog = lazy(() => import("./dashboard/RefillDialog").then((m) => ({ default: m.RefillDialog })));

/** The medication page's actions and history: refill, and undo of the newest refill while it is the newest change. */
export default function MedicationHistory({ medication, pharmacyName, events, doses, today }: Props) {
  const [refilling, setRefilling] = useState(false);
  const [opened, setOpened] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const undoable = undoableRefill(events);
  // The page is drawn on the server (chart, counts): after a change it is drawn again.
  const here = () => personPage(`/medications/${medication.id}`);
  // Refills and their undo are a helper's and up; a viewer reads the history only.
  const canRefill = mayDo("helper");
  // One list, newest day first: each day's dose logs above its supply events.
  const rows = [...doses.map((dose) => ({ dose, event: null })), ...events.map((event) => ({ dose: null, event }))].sort((a, b) =>
    dateOf(b).localeCompare(dateOf(a)),
  );

  async function undo(refillId: number) {
    if (undoing) return;
    setUndoing(true);
    try {
      await apiRequest("POST", personApi(`/medications/${medication.id}/undo-refill`), { refillId });
      navigateWithToast(here(), {
        title: m.undo_refill_done(),
        description: m.undo_refill_done_description({ name: isolate(medication.name) }),
      });
    } catch (err) {
      showError(m.undo_refill_failed(), serverMessage(err));
      setUndoing(false);
    }
  }

  return (
    <section aria-labelledby="history-heading" className="card p-4 sm:p-6">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="history-heading" className="text-lg font-semibold">
          {m.history_heading()}
        </h2>
        {canRefill && (
          <button
            type="button"
            className="btn-primary"
            data-online-only
            onClick={() => {
              setOpened(true);
              setRefilling(true);
            }}
          >
            {m.common_refill()}
          </button>
        )}
      </div>
      <ol className="divide-y divide-slate-200 text-sm">
        {rows.map(({ dose, event }) =>
          dose ? (
            <li key={dose.key} className="py-2">
              <span className="font-medium">{dose.text}</span>{" "}
              <span className="text-slate-700">
                · <time dateTime={dose.localDate}>{formatDate(dose.localDate)}</time>
              </span>
            </li>
          ) : (
            <li key={event.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{historyText(event, medication.unit)}</span>{" "}
                <span className="text-slate-700">
                  · <time dateTime={event.localDate}>{formatDate(event.localDate)}</time>
                </span>
              </span>
              {canRefill && undoable?.id === event.id && (
                <PendingButton
                  type="button"
                  className="btn-secondary"
                  data-online-only
                  pending={undoing}
                  label={m.undo_label()}
                  aria-label={m.history_undo_label({ date: formatDate(event.localDate) })}
                  onClick={() => void undo(event.id)}
                />
              )}
            </li>
          ),
        )}
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
