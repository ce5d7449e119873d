import type { FirstRunStep, FirstRunStepKey } from "../domain/first-run";
import * as m from "../generated/i18n";

const LABELS: Record<FirstRunStepKey, () => string> = {
  "confirm-email": () => m.first_run_confirm_email(),
  "add-pharmacy": () => m.first_run_add_pharmacy(),
  "add-medication": () => m.first_run_add_medication(),
  "choose-reminders": () => m.first_run_choose_reminders(),
};

function Tick({ done }: { done: boolean }) {
  return (
    <svg
      aria-hidden="true"
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      strokeWidth="2"
      className={`shrink-0 ${done ? "text-teal-700" : "text-slate-400"}`}
      stroke="currentColor"
    >
      <circle cx="12" cy="12" r="10" fill={done ? "currentColor" : "none"} />
      {done && <path d="m7.5 12.5 3 3 6-6.5" stroke="white" />}
    </svg>
  );
}

/**
 * A new account's first steps, server-rendered (no island JavaScript). Each step's state is text
 * (visible 'Done', or 'Not done yet' for screen readers), not only the tick.
 */
export function FirstRunChecklist({ steps }: { steps: FirstRunStep[] }) {
  return (
    <section aria-labelledby="first-run-heading" className="card mb-6 p-4 sm:p-6">
      <h2 id="first-run-heading" className="text-lg font-semibold">
        {m.first_run_heading()}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{m.first_run_intro()}</p>
      <ol className="mt-4 space-y-3" aria-labelledby="first-run-heading">
        {steps.map((step) => (
          <li key={step.key} className="flex items-center gap-3" data-step={step.key} data-done={step.done}>
            <Tick done={step.done} />
            {/* The step takes the room left, so every 'Done' lines up at the row's end whatever the step's length. */}
            <a href={step.href} className={`min-w-0 flex-1 text-teal-800 underline ${step.done ? "" : "font-medium"}`} data-online-only>
              {LABELS[step.key]()}
            </a>
            {step.done ? (
              <span className="shrink-0 text-sm text-slate-700">{m.first_run_step_done()}</span>
            ) : (
              <span className="sr-only">{m.first_run_step_not_done()}</span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
