import { useId, useRef, useState, type ChangeEvent } from "react";
import type { ImportPreview, ImportResult } from "../src/shared/import-schemas";
import { ApiRequestError, OFFLINE } from "./lib/api";
import { Dialog } from "./lib/Dialog";
import { errorMessage, serverMessage } from "./lib/errors";
import { PendingButton, Spinner } from "./lib/submit";
import { navigateWithToast, showError } from "./lib/toast";

// The dashboard's 'Import from CSV': pick a file, see every row and every problem (the server reads
// it with ?dryRun=1, the same rules as the real import), then import all of it or nothing.

/** POSTs the file as text/csv; a non-OK answer becomes an ApiRequestError with the server's sentence. */
async function sendCsv<T>(file: Blob, dryRun: boolean): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/medications/import${dryRun ? "?dryRun=1" : ""}`, { method: "POST", credentials: "include", headers: { "Content-Type": "text/csv" }, body: file });
  } catch {
    throw new ApiRequestError(0, OFFLINE);
  }
  const body = (await res.json().catch(() => ({}))) as T & { message?: string };
  if (!res.ok) throw new ApiRequestError(res.status, typeof body.message === "string" ? body.message : res.statusText);
  return body;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default function ImportDialog() {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [importing, setImporting] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const chosen = useRef(0);

  function close() {
    setOpen(false);
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
      navigateWithToast("/", { title: "Import complete", description: `${plural(imported, "medication was", "medications were")} added.` });
    } catch (err) {
      setImporting(false);
      showError("Import failed", errorMessage(err));
    }
  }

  const errors = preview?.errors ?? [];
  const rowsWithErrors = new Set(errors.map((e) => e.row));
  const ready = preview !== null && errors.length === 0 && preview.rows.length > 0;

  return (
    <>
      <button type="button" className="btn-secondary flex-1 sm:flex-none" onClick={() => setOpen(true)}>
        Import from CSV
      </button>
      <Dialog
        open={open}
        busy={importing}
        onClose={close}
        title="Import from CSV"
        description="Medications are added to your list; pharmacies are matched by name and phone, or created. If any row has a problem, nothing is imported."
      >
        <div className="space-y-1">
          <label htmlFor={inputId} className="field-label">
            CSV file
          </label>
          <input id={inputId} type="file" accept=".csv,text/csv" aria-describedby={hintId} onChange={choose} disabled={importing} className="block w-full text-sm" />
          <p id={hintId} className="text-xs text-slate-700">
            The first row names the columns: name, pills_per_day, pills_remaining, pills_per_refill and pharmacy; optionally last_refill_date, pharmacy_phone, refills_left and
            prescription_expires_on. Up to 500 medications, 1 MB.
          </p>
        </div>
        <div aria-live="polite" className="space-y-2">
          {checking && (
            <p className="flex items-center gap-2 text-sm">
              <Spinner /> Checking the file...
            </p>
          )}
          {problem && (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
          {preview && errors.length > 0 && (
            <div role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
              <p className="font-medium">{plural(errors.length, "problem", "problems")} to fix first. Nothing will be imported until the file has none.</p>
              <ul className="mt-1 max-h-32 list-disc overflow-y-auto pl-5">
                {errors.map((e, i) => (
                  <li key={i}>
                    Row {e.row}: {e.message}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {ready && <p className="text-sm">{plural(preview.rows.length, "medication", "medications")} ready to import.</p>}
        </div>
        {preview && preview.rows.length > 0 && (
          <div className="max-h-60 overflow-auto rounded border border-slate-200" tabIndex={0} role="region" aria-label="Preview">
            <table className="w-full text-left text-xs">
              <caption className="sr-only">Rows in the file</caption>
              <thead className="sticky top-0 bg-slate-100">
                <tr>
                  <th scope="col" className="px-2 py-1">Row</th>
                  <th scope="col" className="px-2 py-1">Medication</th>
                  <th scope="col" className="px-2 py-1">Per day</th>
                  <th scope="col" className="px-2 py-1">Left</th>
                  <th scope="col" className="px-2 py-1">Pharmacy</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr key={row.row} className={rowsWithErrors.has(row.row) ? "bg-red-50 text-red-900" : undefined}>
                    <td className="px-2 py-1">{row.row}</td>
                    <td className="px-2 py-1">{row.name}</td>
                    <td className="px-2 py-1">{row.pills_per_day}</td>
                    <td className="px-2 py-1">{row.pills_remaining}</td>
                    <td className="px-2 py-1">{row.pharmacy}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={close} disabled={importing}>
            Cancel
          </button>
          <PendingButton type="button" className="btn-primary" onClick={importFile} pending={importing} disabled={!ready || importing} label="Import" pendingLabel="Importing..." />
        </div>
      </Dialog>
    </>
  );
}
