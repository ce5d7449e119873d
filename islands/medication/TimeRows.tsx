import { useId, useRef } from "react";
import type { DoseTime, Unit } from "../../src/domain/regimen";
import { DOSE_MAX, DOSE_MIN, DOSE_STEP, TIMES_MAX } from "../../src/domain/limits";
import * as m from "../../src/generated/i18n";
import { FieldError } from "../lib/Field";

// The medication form's optional times of day: rows of a clock time and the amount taken then,
// 1 to 8 of them. With rows, the Dose field gives way to their total (the schedule's dose is their
// sum, so the patient cannot type a second number that disagrees). The controls are named
// `timeAt` and `timeDose`; `timesPayload` reads them in row order.

/** A row as the form holds it: the typed values, and a key that survives the removal of a row above. */
export type TimeRow = { key: number; at: string; dose: string };

let nextKey = 0;
export const timeRow = (at = "", dose = "1"): TimeRow => ({ key: nextKey++, at, dose });
export const timeRowsOf = (times: DoseTime[] | undefined): TimeRow[] => (times ?? []).map((t) => timeRow(t.at, String(t.dose)));

/** The rows as the API's `times`, sorted by the clock (the server sorts too; equal times are its 400). */
export function timesPayload(form: HTMLFormElement): { at: string; dose: string }[] {
  const at = form.querySelectorAll<HTMLInputElement>('input[name="timeAt"]');
  const dose = form.querySelectorAll<HTMLInputElement>('input[name="timeDose"]');
  return Array.from(at, (input, i) => ({ at: input.value, dose: dose[i]!.value })).sort((a, b) => (a.at < b.at ? -1 : 1));
}

/** The day's total of the rows (quarters add exactly), or null while one is not a number yet. */
const totalOf = (rows: TimeRow[]) => {
  const total = rows.reduce((sum, row) => sum + Number(row.dose), 0);
  return rows.every((row) => row.dose.trim() !== "") && Number.isFinite(total) ? total : null;
};

type Props = { rows: TimeRow[]; onRows: (rows: TimeRow[]) => void; unit: Unit; error?: string };

export function TimeRows({ rows, onRows, unit, error }: Props) {
  const id = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const change = (key: number, part: Partial<TimeRow>) => onRows(rows.map((row) => (row.key === key ? { ...row, ...part } : row)));
  // The focus would fall to the page's start with the removed button: it goes to 'Add a time'.
  const remove = (key: number) => {
    onRows(rows.filter((row) => row.key !== key));
    requestAnimationFrame(() => addButton.current?.focus());
  };
  const total = totalOf(rows);
  return (
    <fieldset
      className="rounded-md border border-slate-200 p-4"
      aria-describedby={[`${id}-hint`, error ? `${id}-error` : ""].join(" ").trim()}
      data-times
    >
      <legend className="px-1 text-sm font-medium text-slate-800">{m.medication_form_times()}</legend>
      <p id={`${id}-hint`} className="mb-3 text-xs text-slate-600">
        {m.medication_form_times_hint()}
      </p>
      <ol className="space-y-3">
        {rows.map((row, i) => (
          <li key={row.key} className="flex flex-wrap items-end gap-3">
            <label className="field-label">
              {m.medication_form_time_at({ n: i + 1 })}
              <input
                type="time"
                name="timeAt"
                required
                value={row.at}
                onChange={(e) => change(row.key, { at: e.target.value })}
                aria-invalid={error ? true : undefined}
                className="field-input mt-1 w-36"
              />
            </label>
            <label className="field-label">
              {m.medication_form_time_amount({ n: i + 1 })}
              <input
                type="number"
                name="timeDose"
                inputMode="decimal"
                min={DOSE_MIN}
                max={DOSE_MAX}
                step={DOSE_STEP}
                value={row.dose}
                onChange={(e) => change(row.key, { dose: e.target.value })}
                aria-invalid={error ? true : undefined}
                className="field-input mt-1 w-28"
              />
            </label>
            <button type="button" className="btn-secondary" onClick={() => remove(row.key)}>
              {m.medication_form_time_remove({ n: i + 1 })}
            </button>
          </li>
        ))}
      </ol>
      {rows.length > 0 && total !== null && (
        <p className="mt-3 text-sm text-slate-800" aria-live="polite">
          {m.medication_form_times_total({ amount: m.domain_unit_count({ unit, count: total }) })}
        </p>
      )}
      <FieldError id={id} error={error} />
      {rows.length < TIMES_MAX && (
        <button
          ref={addButton}
          type="button"
          className="btn-secondary mt-3"
          onClick={() => onRows([...rows, timeRow(rows.length === 0 ? "08:00" : "", rows.at(-1)?.dose ?? "1")])}
        >
          {m.medication_form_time_add()}
        </button>
      )}
    </fieldset>
  );
}
