import { useAtomValue } from "jotai";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  DEFAULT_SORT,
  foundText,
  isStatusFilter,
  nextSort,
  NOTICES,
  paginate,
  pharmacyNameOf,
  pharmacyNames,
  searchMedications,
  STATUS_FILTERS,
  visibleMedications,
  type NoticeKey,
  type SortKey,
  type StatusFilter,
} from "../src/domain/dashboard";
import { currentPills, todayIn } from "../src/domain/countdown";
import { summaryCounts, type Medication, type Pharmacy } from "../src/domain/medications";
import * as m from "../src/generated/i18n";
import { EmptyList } from "./dashboard/EmptyList";
import { SearchIcon } from "./dashboard/icons";
import { MedicationList } from "./dashboard/MedicationList";
import { Pagination } from "./dashboard/Pagination";
import { toRow } from "./dashboard/rows";
import { SummaryCards } from "./dashboard/SummaryCards";
import { useListData } from "./dashboard/useListData";
import { Spinner } from "./lib/submit";
import { currentUserAtom } from "./lib/state";
import { showError } from "./lib/toast";

type Props = {
  /** The server's first render of the user's data; null when it could not be read (the island fetches). */
  medications: Medication[] | null;
  pharmacies: Pharmacy[] | null;
  notificationDays: number;
  /** The user's zone: the prescription notices are as of the user's today. */
  timezone: string;
  /** The user's local date the counts in `medications` are as of (the day the server rendered them). */
  asOf: string;
  /** A message from the page that sent the user here (e.g. an edit page whose medication is gone). */
  notice?: NoticeKey;
};

// The dialogs load on the first click that needs one: most visits only read the list, and the
// dashboard's first JavaScript stays small (its 90 KB gzip budget).
const RefillDialog = lazy(() => import("./dashboard/RefillDialog").then((m) => ({ default: m.RefillDialog })));
const DeleteDialog = lazy(() => import("./dashboard/DeleteDialog").then((m) => ({ default: m.DeleteDialog })));

type OpenDialog = { kind: "refill" | "delete"; medication: Medication } | null;

/** The dashboard below its title: summary cards, search, status filter, the list and its dialogs. */
export default function Dashboard(props: Props) {
  const { data, failed, reload } = useListData(props.medications, props.pharmacies);
  // The header keeps the current user fresh; its notificationDays may change in another tab.
  const currentUser = useAtomValue(currentUserAtom);
  const notificationDays = currentUser?.notificationDays ?? props.notificationDays;
  const today = todayIn(currentUser?.timezone ?? props.timezone);
  const [query, setQuery] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [dialog, setDialogState] = useState<OpenDialog>(null);
  const [dialogsLoaded, setDialogsLoaded] = useState(false);
  const setDialog = useCallback((next: OpenDialog) => {
    if (next) setDialogsLoaded(true);
    setDialogState(next);
  }, []);
  const listTop = useRef<HTMLElement>(null);
  const search = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!props.notice) return;
    showError(NOTICES[props.notice].title, NOTICES[props.notice].description);
    // Shown once: a reload or a bookmark must not repeat it.
    const url = new URL(location.href);
    url.searchParams.delete("notice");
    history.replaceState(history.state, "", url);
  }, [props.notice]);

  // A page the service worker kept for offline reading shows counts as of the day it was rendered:
  // count them down to today with the server's own countdown. After hydration (an effect), so the
  // first render matches the server's HTML; the API's answers are already as of today.
  const [countedTo, setCountedTo] = useState(props.asOf);
  useEffect(() => setCountedTo(today), [today]);
  const medications = useMemo(
    () =>
      data.medications === props.medications && countedTo > props.asOf
        ? props.medications!.map((med) => ({ ...med, pillsRemaining: currentPills({ ...med, countedOn: props.asOf }, countedTo) }))
        : (data.medications ?? []),
    [data.medications, countedTo, props],
  );
  const names = useMemo(() => pharmacyNames(data.pharmacies ?? []), [data.pharmacies]);
  const counts = useMemo(() => summaryCounts(searchMedications(medications, query), notificationDays), [medications, query, notificationDays]);
  const visible = useMemo(
    () => visibleMedications(medications, { query, status, sort, names, today, notificationDays }),
    [medications, query, status, sort, names, today, notificationDays],
  );
  const slice = paginate(visible, page);
  const rows = slice.items.map((m) => toRow(m, names, today, notificationDays));

  const closeDialog = useCallback(() => setDialog(null), [setDialog]);
  const afterChange = useCallback(() => {
    setDialog(null);
    reload();
  }, [setDialog, reload]);

  // 'Clear search' disappears with the empty result: the search box takes the focus it had.
  function clearSearch() {
    setQuery("");
    setStatus("all");
    setPage(1);
    search.current?.focus();
  }

  function goToPage(next: number) {
    setPage(next);
    const top = listTop.current;
    if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: "start" });
  }

  return (
    <div className="space-y-6">
      <SummaryCards counts={counts} />

      <section ref={listTop} aria-labelledby="medications-heading" className="card scroll-mt-4">
        <h2 id="medications-heading" className="sr-only">
          {m.dashboard_medications_heading()}
        </h2>
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 md:flex-row md:items-center">
          <div className="relative flex-1">
            <label htmlFor="medication-search" className="sr-only">
              {m.dashboard_search_label()}
            </label>
            <span className="pointer-events-none absolute inset-y-0 start-3 flex items-center text-slate-500">
              <SearchIcon />
            </span>
            <input
              id="medication-search"
              ref={search}
              type="search"
              placeholder={m.dashboard_search_placeholder()}
              autoComplete="off"
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setPage(1);
              }}
              className="field-input ps-9"
            />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3 md:justify-end">
            <label htmlFor="status-filter" className="sr-only">
              {m.dashboard_filter_label()}
            </label>
            <select
              id="status-filter"
              value={status}
              onChange={(e) => {
                if (isStatusFilter(e.target.value)) setStatus(e.target.value);
                setPage(1);
              }}
              className="field-input w-auto"
            >
              {STATUS_FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
            <p className="whitespace-nowrap text-sm text-slate-700" aria-live="polite">
              {foundText(visible.length)}
            </p>
          </div>
        </div>

        {data.medications === null ? (
          <div className="flex items-center justify-center gap-2 p-10 text-sm text-slate-700">
            {failed ? (
              <>
                {m.dashboard_load_failed()}
                <button type="button" className="btn-secondary" onClick={reload}>
                  {m.common_try_again()}
                </button>
              </>
            ) : (
              <>
                <Spinner /> {m.dashboard_loading()}
              </>
            )}
          </div>
        ) : visible.length === 0 ? (
          <EmptyList total={medications.length} query={query} onClear={clearSearch} />
        ) : (
          <>
            <MedicationList
              rows={rows}
              sort={sort}
              onSort={(key: SortKey) => setSort((current) => nextSort(current, key))}
              onRefill={(medication) => setDialog({ kind: "refill", medication })}
              onDelete={(medication) => setDialog({ kind: "delete", medication })}
            />
            <Pagination slice={slice} onPage={goToPage} />
          </>
        )}
      </section>

      {dialogsLoaded && (
        <Suspense fallback={null}>
          <RefillDialog
            medication={dialog?.kind === "refill" ? dialog.medication : null}
            pharmacyName={dialog ? pharmacyNameOf(dialog.medication, names) : undefined}
            onClose={closeDialog}
            onSettled={afterChange}
            today={today}
            onUndone={reload}
          />
          <DeleteDialog medication={dialog?.kind === "delete" ? dialog.medication : null} onClose={closeDialog} onSettled={afterChange} />
        </Suspense>
      )}
    </div>
  );
}
