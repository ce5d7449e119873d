import { useId, useRef, useState, type ChangeEvent } from "react";
import type { ImportPreview, ImportResult } from "../../src/shared/import-schemas";
import * as m from "../../src/generated/i18n";
import { offlineError, readFailure } from "../lib/api";
import { Dialog } from "../lib/Dialog";
import { errorMessage, serverMessage } from "../lib/errors";
import { PendingButton, Spinner } from "../lib/submit";
import { navigateWithToast } from "../lib/toast";
import { PreviewTable } from "./PreviewTable";
import { personApi, personPage } from "../lib/person";

// The dashboard's 'Import from CSV': pick a file, see every row and every problem (the server reads
// it with ?dryRun=1, the same rules as the real import), then import all of it or nothing. Rows
// already on the list are skipped unless the patient ticks 'Import as new' (per row or for all).
// A refused import keeps the dialog, the file and the choices, with the reason inside the dialog.

/** POSTs the file as text/csv; a non-OK answer becomes an ApiRequestError with the server's sentence. */
async function sendCsv<T>(file: Blob, query: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(personApi(`/medications/import${query}`), {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "text/csv" },
      body: file,
    });
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
  const [asNew, setAsNew] = useState<ReadonlySet<number>>(new Set());
  /** The problem is the import's refusal (titled 'Import failed'), not the preview's. */
  const [refused, setRefused] = useState(false);
  // The patient checked the rows that asked (a weekly-only drug, a large dose): ?confirmed=1.
  const [confirmed, setConfirmed] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const chosen = useRef(0);

  function close() {
    onClose();
    setFile(null);
    setPreview(null);
    setProblem(null);
    setAsNew(new Set());
  }

  function toggle(row: number, chosen: boolean) {
    const next = new Set(asNew);
    if (chosen) next.add(row);
    else next.delete(row);
    setAsNew(next);
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.currentTarget.files?.[0] ?? null;
    const attempt = ++chosen.current;
    setFile(picked);
    setPreview(null);
    setProblem(null);
    setRefused(false);
    setAsNew(new Set());
    setConfirmed(false);
    if (!picked) return;
    setChecking(true);
    try {
      const answer = await sendCsv<ImportPreview>(picked, "?dryRun=1");
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
    setProblem(null);
    setRefused(false);
    try {
      const query = [asNew.size > 0 ? `importAsNew=${[...asNew].join(",")}` : "", confirmed ? "confirmed=1" : ""].filter(Boolean).join("&");
      const { imported, skipped } = await sendCsv<ImportResult>(file, query ? `?${query}` : "");
      const added = m.import_done_description({ count: imported });
      navigateWithToast(personPage("/"), {
        title: m.import_done(),
        description: skipped > 0 ? `${added} ${m.import_done_skipped({ count: skipped })}` : added,
      });
    } catch (err) {
      // Shown in the dialog, not in a toast behind its backdrop; the file and the choices stay.
      setImporting(false);
      setProblem(errorMessage(err));
      setRefused(true);
    }
  }

  const problems = preview?.errors ?? [];
  // Rows that only ask a confirmation (a weekly-only drug taken more often, a large dose) stop the
  // import until the patient ticks that they checked them.
  const questions = problems.length > 0 && problems.every((e) => e.confirm);
  const errors = questions && confirmed ? [] : problems;
  const duplicates = preview?.duplicates ?? [];
  const skipping = duplicates.filter((row) => !asNew.has(row)).length;
  const toImport = (preview?.rows.length ?? 0) - skipping;
  const ready = preview !== null && errors.length === 0 && toImport > 0;

  return (
    <Dialog open={open} busy={importing} onClose={close} title={m.import_open()} description={m.import_description()}>
      <div className="space-y-1">
        <label htmlFor={inputId} className="field-label">
          {m.import_file_label()}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={hintId}
          onChange={choose}
          disabled={importing}
          className="block w-full text-sm"
        />
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
            {refused && <strong className="block">{m.import_failed()}</strong>}
            {problem}
          </p>
        )}
        {preview && problems.length > 0 && (
          <div role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            <p className="font-medium">{m.import_problems({ count: problems.length })}</p>
            <ul className="mt-1 max-h-32 list-disc overflow-y-auto ps-5">
              {problems.map((e, i) => (
                <li key={i}>{m.import_row_problem({ row: e.row, problem: e.message })}</li>
              ))}
            </ul>
            {questions && (
              <label className="mt-2 flex min-h-6 items-center gap-2 text-slate-900">
                <input
                  type="checkbox"
                  checked={confirmed}
                  disabled={importing}
                  onChange={(event) => setConfirmed(event.currentTarget.checked)}
                />
                {m.import_confirm_checked()}
              </label>
            )}
          </div>
        )}
        {preview && errors.length === 0 && duplicates.length > 0 && (
          <div className="space-y-1 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
            <p>
              {m.import_duplicates_found({ count: duplicates.length })} {m.import_duplicates_hint()}
            </p>
            <label className="flex min-h-6 items-center gap-2">
              <input
                type="checkbox"
                checked={skipping === 0}
                disabled={importing}
                onChange={(event) => setAsNew(new Set(event.currentTarget.checked ? duplicates : []))}
              />
              {m.import_duplicates_all()}
            </label>
          </div>
        )}
        {ready && (
          <p className="text-sm">
            {m.import_ready({ count: toImport })} {skipping > 0 && m.import_will_skip({ count: skipping })}
          </p>
        )}
        {preview && errors.length === 0 && preview.rows.length > 0 && toImport === 0 && <p className="text-sm">{m.import_nothing_new()}</p>}
      </div>
      {preview && preview.rows.length > 0 && <PreviewTable preview={preview} asNew={asNew} onToggle={toggle} disabled={importing} />}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={close} disabled={importing}>
          {m.common_cancel()}
        </button>
        <PendingButton
          type="button"
          className="btn-primary"
          onClick={importFile}
          pending={importing}
          disabled={!ready || importing}
          label={m.import_confirm()}
          pendingLabel={m.import_pending()}
        />
      </div>
    </Dialog>
  );
}
