import { useId, useRef, useState } from "react";
import type { CourseStepAnswer } from "../../src/domain/course";
import { COURSE_STEPS_MAX, EARLIEST_DATE, MAX_DAYS_AHEAD } from "../../src/domain/limits";
import type { Unit } from "../../src/domain/regimen";
import { addDays, daysBetween } from "../../src/domain/time";
import * as m from "../../src/generated/i18n";
import { currentLocale } from "../../src/i18n/current";
import { plainNumberText } from "../../src/shared/number";
import { Field, FieldError } from "../lib/Field";

// The medication form's end: a course of steps ('3 a day for 7 days, then 2 a day for 7 days, then
// stop') or, for any schedule, a plain last day. The steps' controls are `courseDose` and
// `courseDays` (read in row order by coursePayload); the box is `courseOn`; the last day `endsOn`.

/** The form's own controls: the payload gets `course` (or `endsOn`) built from them instead. */
export const COURSE_CONTROLS = ["course", "courseOn", "courseDose", "courseDays"] as const;

type StepRow = { key: number; dose: string; days: string };
let nextKey = 0;
const stepRow = (dose = "1", days = "7"): StepRow => ({ key: nextKey++, dose, days });

/** A course in progress on the edit form: its steps from today (the one under way shortened to what is left). */
function rowsOf(course: CourseStepAnswer[] | null, today: string): StepRow[] {
  if (!course) return [stepRow("3"), stepRow("2")];
  const rows = course
    .map((step) => ({ step, left: step.days - Math.max(0, daysBetween(step.from, today)) }))
    .filter(({ left }) => left > 0)
    .map(({ step, left }) => stepRow(step.schedule.type === "asNeeded" ? "1" : String(step.schedule.dose), String(left)));
  return rows.length > 0 ? rows : [stepRow("3"), stepRow("2")];
}

type Props = {
  course: CourseStepAnswer[] | null;
  endsOn: string | null;
  unit: Unit;
  today: string;
  errors: Record<string, string | undefined>;
};

export function CourseFields({ course, endsOn, unit, today, errors }: Props) {
  const id = useId();
  // A course still to come or under way opens with its steps; one that is over does not.
  const running = course !== null && endsOn !== null && endsOn >= today;
  const [on, setOn] = useState(running);
  const [rows, setRows] = useState(() => rowsOf(running ? course : null, today));
  const addButton = useRef<HTMLButtonElement>(null);
  const change = (key: number, part: Partial<StepRow>) => setRows(rows.map((row) => (row.key === key ? { ...row, ...part } : row)));
  const remove = (key: number) => {
    setRows(rows.filter((row) => row.key !== key));
    requestAnimationFrame(() => addButton.current?.focus());
  };
  const error = errors.course;
  return (
    <fieldset className="rounded-md border border-slate-200 p-4" data-course>
      <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" name="courseOn" checked={on} onChange={(e) => setOn(e.target.checked)} className="size-5" />
        {m.medication_form_course()}
      </label>
      <p id={`${id}-hint`} className="mb-3 text-xs text-slate-600">
        {m.medication_form_course_hint()}
      </p>
      {on ? (
        <>
          {/* Named `course`, so the server's field_course_… refusals show here (islands/lib/errors.ts reads codes by control name). */}
          <input type="hidden" name="course" value="" />
          <ol className="space-y-3">
            {rows.map((row, i) => (
              <li key={row.key} className="flex flex-wrap items-end gap-3">
                <label className="field-label">
                  {m.medication_form_course_step_dose({ n: i + 1, amount: m.medication_form_dose_label({ unit, per: "day" }) })}
                  <input
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    name="courseDose"
                    value={row.dose}
                    onChange={(e) => change(row.key, { dose: e.target.value })}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    className="field-input mt-1 w-28"
                  />
                </label>
                <label className="field-label">
                  {m.medication_form_course_step_days({ n: i + 1 })}
                  <input
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    name="courseDays"
                    value={row.days}
                    onChange={(e) => change(row.key, { days: e.target.value })}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    className="field-input mt-1 w-28"
                  />
                </label>
                {rows.length > 1 && (
                  <button type="button" className="btn-secondary" onClick={() => remove(row.key)}>
                    {m.medication_form_course_remove({ n: i + 1 })}
                  </button>
                )}
              </li>
            ))}
          </ol>
          <p className="mt-3 text-sm text-slate-800">{m.medication_form_course_then_stop()}</p>
          <FieldError id={id} error={error} />
          {rows.length < COURSE_STEPS_MAX && (
            <button
              ref={addButton}
              type="button"
              className="btn-secondary mt-3"
              onClick={() => setRows([...rows, stepRow(rows.at(-1)?.dose ?? "1", rows.at(-1)?.days ?? "7")])}
            >
              {m.medication_form_course_add()}
            </button>
          )}
        </>
      ) : (
        <Field
          label={m.medication_form_ends_on()}
          name="endsOn"
          type="date"
          min={EARLIEST_DATE}
          max={addDays(today, MAX_DAYS_AHEAD)}
          defaultValue={endsOn ?? ""}
          error={errors.endsOn}
          hint={m.medication_form_ends_on_hint()}
        />
      )}
    </fieldset>
  );
}

/**
 * The course's part of the payload: `course` (daily steps, numbers read in the page's locale) when
 * the box is ticked, else `endsOn` as typed (empty: no end); the steps' own controls left out.
 */
export function coursePayload(form: HTMLFormElement, values: Record<string, string | boolean>): Record<string, unknown> {
  const rest: Record<string, unknown> = { ...values };
  for (const name of COURSE_CONTROLS) delete rest[name];
  if (values.courseOn !== true) return { ...rest, course: null };
  const locale = currentLocale();
  const doses = form.querySelectorAll<HTMLInputElement>('input[name="courseDose"]');
  const days = form.querySelectorAll<HTMLInputElement>('input[name="courseDays"]');
  const course = Array.from(doses, (input, i) => ({
    schedule: { type: "daily", dose: plainNumberText(input.value, locale) },
    days: plainNumberText(days[i]!.value, locale),
  }));
  delete rest.endsOn;
  return { ...rest, course };
}
