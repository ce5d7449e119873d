// The dashboard list's rules: search, status filter, sorting, pagination and display. Pure
// functions, used by the server's first render and the island. Texts are computed per call in the
// current language (the request's on the server, the bundle's in the browser).
import * as m from "../generated/i18n";
import { formatDate } from "../i18n/format";
import {
  compareByName,
  compareNames,
  statusLabel,
  statusOf,
  wholeDaysLeft,
  type Medication,
  type MedicationStatus,
  type Pharmacy,
} from "./medications";
import { needsNewPrescription } from "./prescription";

export const PAGE_SIZE = 20;

export type StatusFilter = "all" | MedicationStatus | "new-prescription";

/** A status filter's label in the current language. */
export function statusFilterLabel(filter: StatusFilter): string {
  if (filter === "all") return m.status_filter_all();
  if (filter === "new-prescription") return m.status_filter_new_prescription();
  return statusLabel(filter);
}

const filter = (value: StatusFilter) => ({
  value,
  get label() {
    return statusFilterLabel(value);
  },
});

/** The filters in their order; each `label` is read in the current language. */
export const STATUS_FILTERS: ReadonlyArray<{ readonly value: StatusFilter; readonly label: string }> = [
  filter("all"),
  filter("refill-needed"),
  filter("running-low"),
  filter("well-stocked"),
  filter("paused"),
  filter("new-prescription"),
];

/** What the prescription filter needs to know: the user's today and notice window. */
export interface FilterContext {
  today: string;
  notificationDays: number;
}

export const isStatusFilter = (value: string): value is StatusFilter => STATUS_FILTERS.some((f) => f.value === value);

/**
 * Text as search compares it: letter case and accents ignored both ways ("acido", "ACIDO" and "ácido"
 * all find "Ácido fólico"; "Ibuprofène" finds "ibuprofene"), and Arabic's optional vowel marks too.
 * Only marks that are optional are dropped: Devanagari's vowel signs make different words (कम, काम).
 */
export const searchKey = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, "")
    .toLowerCase();

/** Substring match on the name or the pharmacy's name, case and accents ignored (searchKey); a blank query keeps everything. */
export function searchMedications<M extends Pick<Medication, "name" | "pharmacyId">>(
  medications: M[],
  query: string,
  names: Map<number, string>,
): M[] {
  const needle = searchKey(query.trim());
  if (!needle) return medications;
  return medications.filter((m) => searchKey(m.name).includes(needle) || searchKey(pharmacyNameOf(m, names) ?? "").includes(needle));
}

export function filterByStatus<M extends Medication>(medications: M[], filter: StatusFilter, context: FilterContext): M[] {
  if (filter === "all") return medications;
  if (filter === "new-prescription") return medications.filter((m) => needsNewPrescription(m, context.today, context.notificationDays));
  return medications.filter((m) => statusOf(m, context.notificationDays) === filter);
}

// ---- Sorting ----

// The keys are also the URL's `sort` values (`?sort=name`, `?sort=name-desc`).
export type SortKey = "name" | "pharmacy" | "dose" | "daysLeft" | "lastRefill" | "status";
export const SORT_KEYS: readonly SortKey[] = ["name", "pharmacy", "dose", "daysLeft", "lastRefill", "status"];
export type SortDirection = "asc" | "desc";
export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

/** 'Runs out first': the most urgent on top (days left ascending, then name). */
export const DEFAULT_SORT: SortState = { key: "daysLeft", direction: "asc" };

/** A click on a column: a new column sorts ascending, the current one toggles. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key !== key) return { key, direction: "asc" };
  return { key, direction: current.direction === "asc" ? "desc" : "asc" };
}

const STATUS_ORDER: Record<MedicationStatus, number> = { "refill-needed": 0, "running-low": 1, "well-stocked": 2, paused: 3, finished: 4 };

/** Pharmacy id → name, for the Pharmacy column and its sort. */
export const pharmacyNames = (pharmacies: Pharmacy[]) => new Map(pharmacies.map((p) => [p.id, p.name]));

export function pharmacyNameOf(m: Pick<Medication, "pharmacyId">, names: Map<number, string>): string | undefined {
  return m.pharmacyId == null ? undefined : names.get(m.pharmacyId);
}

function compareBy(key: SortKey, a: Medication, b: Medication, names: Map<number, string>, notificationDays: number): number {
  switch (key) {
    case "name":
      return compareByName(a, b);
    case "pharmacy":
      // No pharmacy sorts like an empty name: first when ascending.
      return compareNames(pharmacyNameOf(a, names) ?? "", pharmacyNameOf(b, names) ?? "");
    case "dose":
      return a.pillsPerDay - b.pillsPerDay;
    case "daysLeft":
      // 'Remaining' sorts by days left, as shown: counts in different units cannot be compared.
      return wholeDaysLeft(a) - wholeDaysLeft(b);
    case "lastRefill":
      // 'YYYY-MM-DD' compares as text; a missing date is the earliest.
      return (a.lastRefillDate ?? "").localeCompare(b.lastRefillDate ?? "");
    case "status":
      // Within a status, the one that runs out first comes first.
      return (
        STATUS_ORDER[statusOf(a, notificationDays)] - STATUS_ORDER[statusOf(b, notificationDays)] ||
        compareBy("daysLeft", a, b, names, notificationDays)
      );
  }
}

/** A sorted copy. Ties fall back to the name, then the id, so the order never jumps between renders. */
export function sortMedications<M extends Medication>(
  medications: M[],
  sort: SortState,
  names: Map<number, string>,
  notificationDays: number,
): M[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...medications].sort((a, b) => sign * compareBy(sort.key, a, b, names, notificationDays) || compareByName(a, b));
}

/** A sort as the URL and the 'Sort by' select write it: 'name', 'name-desc'. */
export const sortValue = ({ key, direction }: SortState) => (direction === "desc" ? `${key}-desc` : key);

export function parseSort(value: string | null | undefined): SortState | undefined {
  const [key, desc] = (value ?? "").split("-");
  if (!SORT_KEYS.includes(key as SortKey) || (desc !== undefined && desc !== "desc")) return undefined;
  return { key: key as SortKey, direction: desc ? "desc" : "asc" };
}

// ---- Pagination ----

export interface PageSlice<T> {
  items: T[];
  /** The page shown, 1-based, clamped into range. */
  page: number;
  pageCount: number;
  /** 1-based positions of the first and last item shown (0 and 0 when there is nothing). */
  from: number;
  to: number;
  total: number;
}

export function paginate<T>(items: T[], requestedPage: number, pageSize = PAGE_SIZE): PageSlice<T> {
  const total = items.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requestedPage) || 1), pageCount);
  const start = (page - 1) * pageSize;
  const shown = items.slice(start, start + pageSize);
  return { items: shown, page, pageCount, from: total === 0 ? 0 : start + 1, to: start + shown.length, total };
}

export const showingText = ({ from, to, total }: Pick<PageSlice<unknown>, "from" | "to" | "total">) =>
  m.domain_showing({ from, to, total });

export type PageListItem = number | "ellipsis";

/** Every page, for wide screens. */
export const allPages = (pageCount: number): number[] => Array.from({ length: pageCount }, (_, i) => i + 1);

/** Narrow screens: the first and last page and the current page ± 1; each gap becomes one ellipsis. */
export function condensedPages(current: number, pageCount: number): PageListItem[] {
  const kept = new Set([1, pageCount, current - 1, current, current + 1].filter((p) => p >= 1 && p <= pageCount));
  const pages = [...kept].sort((a, b) => a - b);
  const list: PageListItem[] = [];
  pages.forEach((page, i) => {
    if (i > 0 && page - pages[i - 1] > 1) list.push("ellipsis");
    list.push(page);
  });
  return list;
}

// ---- Display ----

/** The last refill as 'Jan 5, 2025' (in the current locale); a medication never refilled shows 'Not available'. */
export const formatRefillDate = (date: string | null | undefined): string => (date ? formatDate(date) : m.domain_not_available());

/** The summary cards' count: '1 Medication', '3 Medications'. */
export const medicationCount = (n: number) => m.domain_medication_count({ count: n });

/** The list's count: '3 medication(s) found' in English, whatever the count. */
export const foundText = (n: number) => m.domain_found({ count: n });

export const daysLeftText = (n: number) => m.domain_days_left({ days: n });

export const noPharmacyText = () => m.domain_no_pharmacy();
export const unknownPharmacyText = () => m.domain_unknown_pharmacy();
export const emptyStateText = () => m.domain_empty_state();

// Messages for the dashboard to show on arrival, named in its URL (/?notice=…) by pages that send
// the user there. Only these keys are honoured.
// Each title and description is read in the current language.
export const NOTICES = {
  "medication-load-error": {
    get title() {
      return m.domain_notice_load_error_title();
    },
    get description() {
      return m.domain_notice_load_error_description();
    },
  },
} as const satisfies Record<string, { readonly title: string; readonly description: string }>;
export type NoticeKey = keyof typeof NOTICES;
export const isNoticeKey = (key: string | undefined): key is NoticeKey => key !== undefined && Object.hasOwn(NOTICES, key);
export const noticeHref = (key: NoticeKey) => `/?notice=${key}`;

/** The list the dashboard shows: search, then status filter, then sort. */
export function visibleMedications<M extends Medication>(
  medications: M[],
  options: { query: string; status: StatusFilter; sort: SortState; names: Map<number, string> } & FilterContext,
): M[] {
  const found = searchMedications(medications, options.query, options.names);
  return sortMedications(filterByStatus(found, options.status, options), options.sort, options.names, options.notificationDays);
}

// ---- The list's view in the URL ----

/** What the user asked the list for; it lives in the URL query, so a reload, Back and a shared link keep it. */
export interface ListView {
  query: string;
  status: StatusFilter;
  sort: SortState;
  page: number;
}

/** The view a URL's query names (`?q=met&status=running-low&sort=name-desc&page=2`); anything unknown is the default. */
export function listViewOf(param: (name: string) => string | null | undefined): ListView {
  const status = param("status") ?? "";
  return {
    query: param("q") ?? "",
    status: isStatusFilter(status) ? status : "all",
    sort: parseSort(param("sort")) ?? DEFAULT_SORT,
    page: Math.max(1, Math.floor(Number(param("page"))) || 1),
  };
}

/** The URL query of a view ('' for the default view), the inverse of listViewOf. */
export function listViewSearch({ query, status, sort, page }: ListView): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (status !== "all") params.set("status", status);
  if (sortValue(sort) !== sortValue(DEFAULT_SORT)) params.set("sort", sortValue(sort));
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search && `?${search}`;
}
