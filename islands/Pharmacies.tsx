import { useCallback, useEffect, useRef, useState } from "react";
import type { PharmacyView } from "../src/domain/medications";
import * as m from "../src/generated/i18n";
import { apiRequest } from "./lib/api";
import { errorMessage } from "./lib/errors";
import { showError } from "./lib/toast";
import { useRefreshOnFocus } from "./lib/useWindowFocus";
import { DeletePharmacyDialog } from "./pharmacies/DeletePharmacyDialog";
import { MergePharmacyDialog } from "./pharmacies/MergePharmacyDialog";
import { PharmacyFormDialog, type PharmacyFormState } from "./pharmacies/PharmacyFormDialog";
import { isolate } from "../src/i18n/Rich";
import { mayDo, otherPersonName, personApi, personPage } from "./lib/person";

/** /pharmacies: the user's pharmacies as cards, with add, edit and delete dialogs. */
export default function Pharmacies({ pharmacies: initial }: { pharmacies: PharmacyView[] | null }) {
  const [pharmacies, setPharmacies] = useState(initial);
  const [loading, setLoading] = useState(initial === null);
  const [form, setForm] = useState<PharmacyFormState>(null);
  const [deleting, setDeleting] = useState<PharmacyView | null>(null);
  const [merging, setMerging] = useState<PharmacyView | null>(null);
  const latest = useRef(0);

  const reload = useCallback(() => {
    const request = ++latest.current;
    setLoading(true);
    apiRequest<PharmacyView[]>("GET", personApi("/pharmacies"))
      .then((fresh) => request === latest.current && setPharmacies(fresh))
      .catch((err) => request === latest.current && showError(m.toast_pharmacies_load_failed(), errorMessage(err)))
      .finally(() => request === latest.current && setLoading(false));
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: mount only: later loads come from reload itself.
  useEffect(() => {
    if (initial === null) reload();
  }, []);
  useRefreshOnFocus(reload);

  const openAdd = () => setForm({ mode: "add" });
  // Another person's pharmacies name them; only their managers add, edit, merge or delete.
  const other = otherPersonName();
  const canChange = mayDo("manager");
  // After a save or a merge: close the dialog and show the list afresh (a delete closes its dialog itself).
  const closeAndReload = () => {
    setForm(null);
    setMerging(null);
    reload();
  };
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold break-words">
          {other === null ? m.pharmacies_title() : m.person_pharmacies_title({ name: isolate(other) })}
        </h1>
        <div className="flex flex-wrap gap-2">
          <a href={personPage("/")} className="btn-secondary flex-1 sm:flex-none">
            {other === null ? m.pharmacies_back_to_dashboard() : m.person_back_to_dashboard({ name: isolate(other) })}
          </a>
          {canChange && (
            <button type="button" className="btn-primary flex-1 sm:flex-none" onClick={openAdd} data-online-only>
              {m.pharmacies_add()}
            </button>
          )}
        </div>
      </div>

      {pharmacies === null && !loading ? (
        <div className="card flex flex-col items-center gap-3 px-6 py-12 text-center text-sm text-slate-700">
          {m.pharmacies_load_failed()}
          <button type="button" className="btn-secondary" onClick={reload}>
            {m.common_try_again()}
          </button>
        </div>
      ) : pharmacies === null ? (
        // Nothing to show yet: three placeholders while the list loads.
        <div role="status">
          <span className="sr-only">{m.pharmacies_loading()}</span>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <li key={i} className="card space-y-3 p-5">
                <div className="h-5 w-2/3 animate-pulse rounded bg-slate-200" />
                <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200" />
                <div className="flex gap-2 pt-2">
                  <div className="h-9 w-16 animate-pulse rounded bg-slate-200" />
                  <div className="h-9 w-16 animate-pulse rounded bg-slate-200" />
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : pharmacies.length === 0 ? (
        <div className="card flex flex-col items-center gap-3 px-6 py-12 text-center">
          <h2 className="text-lg font-semibold">{m.pharmacies_empty_title()}</h2>
          <p className="max-w-sm text-sm text-slate-700">{m.pharmacies_empty_text()}</p>
          {canChange && (
            <button type="button" className="btn-primary" onClick={openAdd} data-online-only>
              {m.pharmacies_add_first()}
            </button>
          )}
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {pharmacies.map((pharmacy) => (
            <li key={pharmacy.id} className="card flex flex-col gap-3 p-5">
              <h2 className="break-words text-lg font-semibold">
                <bdi>{pharmacy.name}</bdi>
              </h2>
              <p className="text-sm text-slate-700">
                {/* Formatted and linked (E.164) by the server: the islands carry no phone metadata. */}
                {pharmacy.phoneHref ? (
                  <a href={pharmacy.phoneHref} dir="ltr" className="text-teal-800 underline-offset-2 hover:underline">
                    {pharmacy.phoneDisplay}
                  </a>
                ) : pharmacy.phoneDisplay ? (
                  <bdi dir="ltr">{pharmacy.phoneDisplay}</bdi>
                ) : (
                  <span className="italic">{m.pharmacies_no_phone()}</span>
                )}
              </p>
              {canChange && (
                <div className="mt-auto flex flex-wrap gap-2 pt-1">
                  <button
                    type="button"
                    className="btn-secondary"
                    aria-label={m.pharmacies_edit_label({ name: pharmacy.name })}
                    data-online-only
                    onClick={() => setForm({ mode: "edit", pharmacy })}
                  >
                    {m.common_edit()}
                  </button>
                  <button
                    type="button"
                    className="btn-secondary text-red-700"
                    aria-label={m.pharmacies_delete_label({ name: pharmacy.name })}
                    data-online-only
                    onClick={() => setDeleting(pharmacy)}
                  >
                    {m.common_delete()}
                  </button>
                  {pharmacies.length > 1 && (
                    <button
                      type="button"
                      className="btn-secondary"
                      aria-label={m.pharmacies_merge_label({ name: pharmacy.name })}
                      data-online-only
                      onClick={() => setMerging(pharmacy)}
                    >
                      {m.pharmacies_merge()}
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      <PharmacyFormDialog state={form} onClose={() => setForm(null)} onSaved={closeAndReload} />
      <DeletePharmacyDialog pharmacy={deleting} onClose={() => setDeleting(null)} onSettled={reload} />
      <MergePharmacyDialog pharmacy={merging} pharmacies={pharmacies ?? []} onClose={() => setMerging(null)} onMerged={closeAndReload} />
    </div>
  );
}
