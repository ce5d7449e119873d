import { useId, useRef, useState, type ChangeEvent } from "react";
import type { ImportPreview, ImportResult } from "../../src/shared/import-schemas";
import * as m from "../../src/generated/i18n";
import { formatNumber } from "../../src/i18n/format";
import { offlineError, readFailure } from "../lib/api";
import { Dialog } from "../lib/Dialog";
import { errorMessage, serverMessage } from "../lib/errors";
import { PendingButton, Spinner } from "../lib/submit";
import { navigateWithToast, showError } from "../lib/toast";

// The dashboard's 'Import from CSV': pick a file, see every row and every problem (the server reads
// it with ?dryRun=1, the same rules as the real import), then import all of it or nothing.

/** POSTs the file as text/csv; a non-OK answer becomes an ApiRequestError with the server's sentence. */
async function sendCsv<T>(file: Blob, dryRun: boolean): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/medications/import${dryRun ? "?dryRun=1" : ""}`, { method: "POST", credentials: "include", headers: { "Content-Type": "text/csv" }, body: file });
  } catch {
    throw offlineError();
  }
  const text = await res.text().catch(() => "");
  if (!res.ok) throw readFailure(res.status, text);
  return JSON.parse(text) as T;
}

/** MAX_IMPORT_ROWS, written here: the schemas module would bring zod into the dashboard's first JavaScript. */
const MAX_ROWS = 500;

/** The dialog itself, loaded on the first click of 'Import from CSV'. */
export function ImportPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [importing, setImporting] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const chosen = useRef(0);

  function close() {
    onClose();
    setFile(null);
    setPreview(null);
    setProblem(null);
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.currentTarget.files?.[0] ?? null;
    const attempt = ++chosen.current;
    setFile(picked);
    setPreview(null);
    setProblem(null);
    if (!picked) return;
    setChecking(true);
    try {
      const answer = await sendCsv<ImportPreview>(picked, true);
      if (attempt === chosen.current) setPreview(answer);
    } catch (err) {
      if (attempt === chosen.current) setProblem(serverMessage(err));
    } finally {
      if (attempt === chosen.current) setChecking(false);
    }
  }

  async function importFile() {
    if (!file || importing) return;
    setImporting(true);
    try {
      const { imported } = await sendCsv<ImportResult>(file, false);
      navigateWithToast("/", { title: m.import_done(), description: m.import_done_description({ count: imported }) });
    } catch (err) {
      setImporting(false);
      showError(m.import_failed(), errorMessage(err));
    }
  }

  const errors = preview?.errors ?? [];
  const rowsWithErrors = new Set(errors.map((e) => e.row));
  const ready = preview !== null && errors.length === 0 && preview.rows.length > 0;

  return (
    <Dialog
        open={open}
        busy={importing}
        onClose={close}
        title={m.import_open()}
        description={m.import_description()}
      >
        <div className="space-y-1">
          <label htmlFor={inputId} className="field-label">
            {m.import_file_label()}
          </label>
          <input id={inputId} type="file" accept=".csv,text/csv" aria-describedby={hintId} onChange={choose} disabled={importing} className="block w-full text-sm" />
          <p id={hintId} className="text-xs text-slate-700">
            {m.import_columns_hint({ max: MAX_ROWS })} {m.import_columns_stay_english()}
          </p>
        </div>
        <div aria-live="polite" className="space-y-2">
          {checking && (
            <p className="flex items-center gap-2 text-sm">
              <Spinner /> {m.import_checking()}
            </p>
          )}
          {problem && (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
          {preview && errors.length > 0 && (
            <div role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
              <p className="font-medium">{m.import_problems({ count: errors.length })}</p>
              <ul className="mt-1 max-h-32 list-disc overflow-y-auto ps-5">
                {errors.map((e, i) => (
                  <li key={i}>
                    {m.import_row_problem({ row: e.row, problem: e.message })}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {ready && <p className="text-sm">{m.import_ready({ count: preview.rows.length })}</p>}
        </div>
        {preview && preview.rows.length > 0 && (
          <div className="max-h-60 overflow-auto rounded border border-slate-200" tabIndex={0} role="region" aria-label={m.import_preview_label()}>
            <table className="w-full text-start text-xs">
              <caption className="sr-only">{m.import_preview_caption()}</caption>
              <thead className="sticky top-0 bg-slate-100">
                <tr>
                  <th scope="col" className="px-2 py-1">{m.import_column_row()}</th>
                  <th scope="col" className="px-2 py-1">{m.list_column_medication()}</th>
                  <th scope="col" className="px-2 py-1">{m.import_column_per_day()}</th>
                  <th scope="col" className="px-2 py-1">{m.import_column_left()}</th>
                  <th scope="col" className="px-2 py-1">{m.list_column_pharmacy()}</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr key={row.row} className={rowsWithErrors.has(row.row) ? "bg-red-50 text-red-900" : undefined}>
                    <td className="px-2 py-1">{formatNumber(row.row)}</td>
                    <td className="px-2 py-1">
                      <bdi>{row.name}</bdi>
                    </td>
                    <td className="px-2 py-1">{row.pills_per_day}</td>
                    <td className="px-2 py-1">{row.pills_remaining}</td>
                    <td className="px-2 py-1">
                      <bdi>{row.pharmacy}</bdi>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={close} disabled={importing}>
            {m.common_cancel()}
          </button>
          <PendingButton type="button" className="btn-primary" onClick={importFile} pending={importing} disabled={!ready || importing} label={m.import_confirm()} pendingLabel={m.import_pending()} />
        </div>
    </Dialog>
  );
}
