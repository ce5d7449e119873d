import { lazy, Suspense, useState } from "react";
import * as m from "../src/generated/i18n";
import { isolate } from "../src/i18n/Rich";
import { apiRequest } from "./lib/api";
import { PendingButton, useSubmit } from "./lib/submit";
import { personApi, personPage } from "./lib/person";

type Props = {
  medicationId: number;
  name: string;
  /** The current or next pause, as the API answers it (null: none). */
  pausedFrom: string | null;
  pausedUntil: string | null;
  /** The user's local date when the page was drawn. */
  today: string;
};

const PauseDialog = lazy(() => import("./medication/PauseDialog").then((module) => ({ default: module.PauseDialog })));

/**
 * The medication page's pause controls: 'Pause' without a pause; 'Resume' and 'Change pause' while
 * paused; 'Change pause' and 'Cancel pause' for a pause still to come. The page is drawn on the
 * server (the pause, the run-out date, the chart): after a change it is drawn again.
 */
export default function MedicationPause({ medicationId, name, pausedFrom, pausedUntil, today }: Props) {
  const [editing, setEditing] = useState(false);
  const [opened, setOpened] = useState(false);
  const here = personPage(`/medications/${medicationId}`);
  const pausedNow = pausedFrom !== null && pausedFrom <= today && (pausedUntil === null || pausedUntil >= today);
  const planned = pausedFrom !== null && pausedFrom > today;

  // Resume (or cancel a pause to come): the server ends a pause under way yesterday and drops one to come.
  const resume = useSubmit<void>({
    async send() {
      await apiRequest("DELETE", personApi(`/medications/${medicationId}/pause`));
      const toast = pausedNow
        ? { title: m.pause_resume_done(), description: m.pause_resume_done_description({ name: isolate(name) }) }
        : { title: m.pause_cancelled() };
      return { toast, navigate: here };
    },
    failureTitle: m.pause_resume_failed(),
  });

  const open = () => {
    setOpened(true);
    setEditing(true);
  };

  // Resume while paused, Cancel for a pause still to come: both end it the same way.
  const end = (pausedNow || planned) && (
    <PendingButton
      type="button"
      className={pausedNow ? "btn-primary" : "btn-secondary"}
      data-online-only
      pending={resume.pending}
      label={pausedNow ? m.pause_resume_button() : m.pause_cancel_button()}
      pendingLabel={pausedNow ? m.pause_resuming() : m.pause_cancelling()}
      onClick={() => void resume.submit()}
    />
  );

  return (
    <>
      {pausedNow && end}
      <button type="button" className="btn-secondary" data-online-only disabled={resume.pending} onClick={open}>
        {pausedNow || planned ? m.pause_change_button() : m.pause_button()}
      </button>
      {planned && end}
      {opened && (
        <Suspense fallback={null}>
          <PauseDialog
            open={editing}
            medicationId={medicationId}
            name={name}
            pausedFrom={pausedNow || planned ? pausedFrom : null}
            pausedUntil={pausedNow || planned ? pausedUntil : null}
            today={today}
            onClose={() => setEditing(false)}
            navigateTo={here}
          />
        </Suspense>
      )}
    </>
  );
}
