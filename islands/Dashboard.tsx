import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  foundText,
  isStatusFilter,
  listViewOf,
  listViewSearch,
  nextSort,
  NOTICES,
  paginate,
  pharmacyNameOf,
  pharmacyNames,
  searchMedications,
  STATUS_FILTERS,
  visibleMedications,
  type ListView,
  type NoticeKey,
  type SortKey,
} from "../src/domain/dashboard";
import { todayIn } from "../src/domain/time";
import { statusCounts, type Medication, type Pharmacy } from "../src/domain/medications";
import * as m from "../src/generated/i18n";
import { EmptyList } from "./dashboard/EmptyList";
import { SearchIcon } from "./dashboard/icons";
import { MedicationList } from "./dashboard/MedicationList";
import { Pagination } from "./dashboard/Pagination";
import { SortSelect } from "./dashboard/SortSelect";
import { toRow } from "./dashboard/rows";
import { SummaryCards } from "./dashboard/SummaryCards";
import { useListData } from "./dashboard/useListData";
import { Spinner } from "./lib/submit";
import { useCurrentUser } from "./lib/state";
import { showError } from "./lib/toast";

type Props = {
  /** The server's first render of the user's data; null when it could not be read (the island fetches). */
  medications: Medication[] | null;
  pharmacies: Pharmacy[] | null;
  notificationDays: number;
  /** The person's zone: the counts and prescription notices are as of the person's today. */
  timezone: string;
  /** The user's local date the counts in `medications` are as of (the day the server rendered them). */
  asOf: string;
  /** A message from the page that sent the user here (e.g. an edit page whose medication is gone). */
  notice?: NoticeKey;
  /** Search, filter, sort and page as the URL's query names them (listViewOf), so the first paint shows them. */
  view: ListView;
};

// The dialogs load on the first click that needs one: most visits only read the list, and the
// dashboard's first JavaScript stays small (its 90 KB gzip budget).
const RefillDialog = lazy(() => import("./dashboard/RefillDialog").then((m) => ({ default: m.RefillDialog })));
const DeleteDialog = lazy(() => import("./dashboard/DeleteDialog").then((m) => ({ default: m.DeleteDialog })));

const NONE: Medication[] = [];

type OpenDialog = { kind: "refill" | "delete"; medication: Medication } | null;

/** The dashboard below its title: summary cards, search, status filter, the list and its dialogs. */
export default function Dashboard(props: Props) {
  const { data, failed, reload } = useListData(props.medications, props.pharmacies);
  // The header keeps the current user fresh; its notificationDays may change in another tab.
  const currentUser = useCurrentUser();
  const notificationDays = currentUser?.notificationDays ?? props.notificationDays;
  // The person's today (their zone, from the server), not the reader's: a person's day is in the person's zone.
  const today = todayIn(props.timezone);
  const [view, setView] = useState(props.view);
  const { query, status, sort, page } = view;
  // A new page, filter or sort is a step Back can undo; each keystroke of a search only replaces the URL.
  const pushNext = useRef(false);
  const show = useCallback((change: Partial<ListView>, push = true) => {
    pushNext.current = push;
    setView((current) => ({ ...current, page: 1, ...change }));
  }, []);
  const [dialog, setDialogState] = useState<OpenDialog>(null);
  const [dialogsLoaded, setDialogsLoaded] = useState(false);
  const setDialog = useCallback((next: OpenDialog) => {
    if (next) setDialogsLoaded(true);
    setDialogState(next);
  }, []);
  const listTop = useRef<HTMLElement>(null);
  const search = useRef<HTMLInputElement>(null);

  // The notice is shown once: the URL written below drops it, so a reload or a bookmark does not repeat it.
  useEffect(() => {
    if (props.notice) showError(NOTICES[props.notice].title, NOTICES[props.notice].description);
  }, [props.notice]);

  // The URL follows the view; Back and Forward bring the view of their URL back.
  useEffect(() => {
    const search = listViewSearch(view);
    if (search !== location.search) history[pushNext.current ? "pushState" : "replaceState"](null, "", location.pathname + search);
    pushNext.current = false;
  }, [view]);
  useEffect(() => {
    const back = () => setView(listViewOf((name) => new URLSearchParams(location.search).get(name)));
    addEventListener("popstate", back);
    return () => removeEventListener("popstate", back);
  }, []);

  // A page the service worker kept for offline reading shows counts as of the day it was rendered:
  // count them down to today with the server's own supply function. After hydration (an effect), so
  // the first render matches the server's HTML; the API's answers are already as of today. The
  // function loads only then (the service worker keeps the page's lazy chunks with it), so the
  // dashboard's own JavaScript does not carry it, nor the unit plurals that word the count again.
  const [countedDownList, setCountedDownList] = useState<Medication[] | null>(null);
  useEffect(() => {
    if (today <= props.asOf) return;
    void import("./dashboard/offline-countdown").then(({ countedDownList }) =>
      setCountedDownList(countedDownList(props.medications!, props.asOf, today)),
    );
  }, [today, props]);
  const medications = (data.medications === props.medications && countedDownList) || data.medications || NONE;
  const names = useMemo(() => pharmacyNames(data.pharmacies ?? []), [data.pharmacies]);
  const counts = useMemo(
    () => statusCounts(searchMedications(medications, query, names), notificationDays),
    [medications, query, names, notificationDays],
  );
  const visible = useMemo(
    () => visibleMedications(medications, { query, status, sort, names, today, notificationDays }),
    [medications, query, status, sort, names, today, notificationDays],
  );
  const slice = paginate(visible, page);
  const rows = slice.items.map((m) => toRow(m, names, today, notificationDays));

  const closeDialog = useCallback(() => setDialog(null), [setDialog]);

  // 'Clear search' disappears with the empty result: the search box takes the focus it had.
  function clearSearch() {
    show({ query: "", status: "all" });
    search.current?.focus();
  }

  function goToPage(next: number) {
    show({ page: next });
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
              onChange={(e) => show({ query: e.target.value }, false)}
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
              onChange={(e) => isStatusFilter(e.target.value) && show({ status: e.target.value })}
              className="field-input w-auto"
            >
              {STATUS_FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
            <SortSelect sort={sort} onSort={(next) => show({ sort: next })} />
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
              onSort={(key: SortKey) => show({ sort: nextSort(sort, key) })}
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
            onSettled={reload}
            today={today}
            onUndone={reload}
          />
          <DeleteDialog medication={dialog?.kind === "delete" ? dialog.medication : null} onClose={closeDialog} onSettled={reload} />
        </Suspense>
      )}
    </div>
  );
}
