import { allPages, condensedPages, showingText, type PageListItem, type PageSlice } from "../../src/domain/dashboard";
import * as m from "../../src/generated/i18n";
import { formatNumber } from "../../src/i18n/format";
import { ChevronLeft, ChevronRight } from "./icons";

type Props = { slice: PageSlice<unknown>; onPage: (page: number) => void };

/** 'Showing X to Y of Z results'; the page controls only when there is more than one page. */
export function Pagination({ slice, onPage }: Props) {
  const { page, pageCount } = slice;
  const step =
    "inline-flex h-8 min-w-8 items-center justify-center gap-1 rounded-md border border-slate-300 bg-white px-2 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700 disabled:cursor-not-allowed disabled:opacity-50";
  return (
    <div className="flex flex-col items-center gap-3 border-t border-slate-200 px-4 py-3 md:flex-row md:justify-between">
      <p className="text-sm text-slate-700">{showingText(slice)}</p>
      {pageCount > 1 && (
        <nav aria-label={m.list_pagination_label()}>
          <ul className="flex items-center gap-1">
            <li>
              <button
                type="button"
                className={step}
                disabled={page === 1}
                onClick={() => onPage(page - 1)}
                aria-label={m.list_previous_page()}
              >
                <ChevronLeft />
                <span className="hidden sm:inline">{m.list_previous()}</span>
              </button>
            </li>
            {/* Every page on wide screens; first, last and current ± 1 with ellipses on narrow ones. */}
            <PageItems items={allPages(pageCount)} current={page} onPage={onPage} className="hidden md:block" />
            <PageItems items={condensedPages(page, pageCount)} current={page} onPage={onPage} className="md:hidden" />
            <li>
              <button
                type="button"
                className={step}
                disabled={page === pageCount}
                onClick={() => onPage(page + 1)}
                aria-label={m.list_next_page()}
              >
                <span className="hidden sm:inline">{m.list_next()}</span>
                <ChevronRight />
              </button>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}

function PageItems({
  items,
  current,
  onPage,
  className,
}: {
  items: PageListItem[];
  current: number;
  onPage: (page: number) => void;
  className: string;
}) {
  return items.map((item, i) =>
    item === "ellipsis" ? (
      <li key={`ellipsis-${i}`} className={className} aria-hidden="true">
        <span className="inline-flex h-8 w-5 items-center justify-center text-slate-600">…</span>
      </li>
    ) : (
      <li key={item} className={className}>
        <button
          type="button"
          onClick={() => onPage(item)}
          aria-label={m.list_page_label({ page: item })}
          aria-current={item === current ? "page" : undefined}
          className={`inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm focus-visible:outline-2 focus-visible:outline-teal-700 ${item === current ? "bg-teal-700 font-semibold text-white" : "border border-slate-300 bg-white hover:bg-slate-100"}`}
        >
          {formatNumber(item)}
        </button>
      </li>
    ),
  );
}
