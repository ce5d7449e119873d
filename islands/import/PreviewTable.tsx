import type { ImportPreview } from "../../src/shared/import-schemas";
import * as m from "../../src/generated/i18n";
import { formatNumber } from "../../src/i18n/format";

type Props = {
  preview: ImportPreview;
  /** Rows already on the list that the patient chose to import as new; the others are skipped. */
  asNew: ReadonlySet<number>;
  onToggle: (row: number, asNew: boolean) => void;
  disabled: boolean;
};

/** Every row of the file, a problem row in red; a row already on the list has its 'Import as new' box. */
export function PreviewTable({ preview, asNew, onToggle, disabled }: Props) {
  const rowsWithErrors = new Set(preview.errors.map((e) => e.row));
  const duplicates = new Set(preview.duplicates);
  return (
    <section
      className="max-h-60 overflow-auto rounded border border-slate-200"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the focus so a keyboard can scroll it (axe: scrollable-region-focusable).
      tabIndex={0}
      aria-label={m.import_preview_label()}
    >
      <table className="w-full text-start text-xs">
        <caption className="sr-only">{m.import_preview_caption()}</caption>
        <thead className="sticky top-0 bg-slate-100">
          <tr>
            <th scope="col" className="px-2 py-1">
              {m.import_column_row()}
            </th>
            <th scope="col" className="px-2 py-1">
              {m.list_column_medication()}
            </th>
            <th scope="col" className="px-2 py-1">
              {m.list_column_dose()}
            </th>
            <th scope="col" className="px-2 py-1">
              {m.import_column_left()}
            </th>
            <th scope="col" className="px-2 py-1">
              {m.list_column_pharmacy()}
            </th>
            {duplicates.size > 0 && (
              <th scope="col" className="px-2 py-1">
                {m.import_column_on_list()}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => (
            <tr
              key={row.row}
              className={
                rowsWithErrors.has(row.row)
                  ? "bg-red-50 text-red-900"
                  : duplicates.has(row.row) && !asNew.has(row.row)
                    ? "text-slate-700"
                    : undefined
              }
            >
              <td className="px-2 py-1">{formatNumber(row.row)}</td>
              <td className="px-2 py-1">
                <bdi>{row.name}</bdi>
              </td>
              {/* The schedule in words, as the dashboard says it; a row whose schedule the server could not read shows the file's text. */}
              <td className="px-2 py-1">{row.doseText ?? (row.schedule || row.pills_per_day)}</td>
              <td className="px-2 py-1">{row.pills_remaining}</td>
              <td className="px-2 py-1">
                <bdi>{row.pharmacy}</bdi>
              </td>
              {duplicates.size > 0 && (
                <td className="px-2 py-1">
                  {duplicates.has(row.row) && (
                    <label className="inline-flex min-h-6 items-center gap-1 whitespace-nowrap">
                      <input
                        type="checkbox"
                        checked={asNew.has(row.row)}
                        disabled={disabled}
                        onChange={(event) => onToggle(row.row, event.currentTarget.checked)}
                        aria-label={m.import_row_as_new_label({ row: formatNumber(row.row), name: row.name })}
                      />
                      {m.import_row_as_new()}
                    </label>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
