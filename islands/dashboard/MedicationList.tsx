import type { SortKey, SortState } from "../../src/domain/dashboard";
import * as m from "../../src/generated/i18n";
import { mayDo } from "../lib/person";
import { RowIcon, RowIconSprite, SortIcon } from "./icons";
import { editHref, medicationHref, type MedicationRow, type RowActions } from "./rows";
import { StatusBadge } from "./StatusBadge";

/** The sortable columns, in order; the 'Sort by' select (below 768 px) offers the same orders. */
export const COLUMNS: Array<{ key: SortKey; label: () => string }> = [
  { key: "name", label: () => m.list_column_medication() },
  { key: "pharmacy", label: () => m.list_column_pharmacy() },
  { key: "dose", label: () => m.list_column_dose() },
  { key: "daysLeft", label: () => m.list_column_remaining() },
  { key: "lastRefill", label: () => m.list_column_last_refill() },
  { key: "status", label: () => m.list_column_status() },
];

type Props = RowActions & { rows: MedicationRow[]; sort: SortState; onSort: (key: SortKey) => void };

// One markup, two layouts: a table whose column headers sort (768 px and wider) and, below that, a
// card per row with labelled values and labelled buttons. Rendering the rows once (not a table plus a
// hidden card list) halves the dashboard's server render and its DOM. CSS changes the display of the
// table's parts, so the roles are explicit: some browsers drop table semantics on display changes.
// The classes that every row repeats (list-row, list-cell, card-label) are named in app.css.

/** Visible only in the card layout, where the column headers are hidden. */
const CardLabel = ({ children }: { children: string }) => <span className="card-label">{children}</span>;

export function MedicationList({ rows, sort, onSort, onRefill, onDelete }: Props) {
  return (
    <div className="md:overflow-x-auto">
      <RowIconSprite />
      <table role="table" className="block w-full text-start text-sm md:table">
        <thead role="rowgroup" className="hidden border-b border-slate-200 bg-slate-50 text-slate-700 md:table-header-group">
          <tr role="row">
            {COLUMNS.map(({ key, label }) => {
              const direction = sort.key === key ? sort.direction : null;
              return (
                <th
                  key={key}
                  role="columnheader"
                  scope="col"
                  aria-sort={direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none"}
                  className="px-4 py-2 font-medium"
                >
                  <button
                    type="button"
                    onClick={() => onSort(key)}
                    className="-mx-2 inline-flex items-center gap-1 rounded px-2 py-1 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-teal-700"
                  >
                    {label()}
                    <SortIcon direction={direction} />
                  </button>
                </th>
              );
            })}
            <th role="columnheader" scope="col" className="px-4 py-2 text-end font-medium">
              {m.list_column_actions()}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="block divide-y divide-slate-200 md:table-row-group">
          {rows.map((row) => {
            const { medication: med } = row;
            return (
              <tr key={med.id} role="row" className="list-row">
                <th
                  role="rowheader"
                  scope="row"
                  className="list-cell col-start-1 row-start-1 min-w-0 break-words font-semibold text-slate-900 md:font-medium"
                >
                  <a
                    href={medicationHref(med)}
                    className="text-slate-900 underline decoration-slate-400 underline-offset-2 hover:decoration-teal-700"
                  >
                    <bdi>{med.name}</bdi>
                  </a>
                  {row.prescription && (
                    <span className={`mt-1 block text-xs font-medium ${row.prescription.expired ? "text-red-700" : "text-amber-800"}`}>
                      {row.prescription.text}
                    </span>
                  )}
                </th>
                <td
                  role="cell"
                  className={
                    row.hasPharmacy ? "list-cell col-span-2 break-words" : "list-cell col-span-2 break-words italic text-slate-600"
                  }
                >
                  <CardLabel>{m.list_column_pharmacy()}</CardLabel>
                  {row.hasPharmacy ? <bdi>{row.pharmacy}</bdi> : row.pharmacy}
                </td>
                {/* '1 tablet Mon, Wed, Fri' and 'As needed, about 6 puffs a week' may wrap. */}
                <td role="cell" className="list-cell">
                  <CardLabel>{m.list_column_dose()}</CardLabel>
                  <div>{row.dose}</div>
                </td>
                <td role="cell" className="list-cell md:whitespace-nowrap">
                  <CardLabel>{m.list_column_remaining()}</CardLabel>
                  <div>{row.remaining}</div>
                  <div className="text-xs text-slate-600">{row.daysLeft}</div>
                  {row.paused && <div className="text-xs text-slate-600">{row.paused}</div>}
                </td>
                <td role="cell" className="list-cell col-span-2 md:whitespace-nowrap">
                  <CardLabel>{m.list_column_last_refill()}</CardLabel>
                  {row.lastRefill}
                </td>
                <td role="cell" className="list-cell col-start-2 row-start-1 justify-self-end">
                  <StatusBadge status={row.status} />
                </td>
                <td
                  role="cell"
                  className="col-span-2 grid grid-cols-3 gap-2 md:table-cell md:whitespace-nowrap md:px-4 md:py-2 md:text-end"
                >
                  {/* What the role may change: a manager edits and deletes, a helper records refills. */}
                  {mayDo("manager") && (
                    <a
                      href={editHref(med)}
                      className="row-action"
                      data-online-only
                      aria-label={m.list_edit_label({ name: med.name })}
                      title={m.common_edit()}
                    >
                      <RowIcon name="edit" />
                      <span className="md:hidden">{m.common_edit()}</span>
                    </a>
                  )}
                  {mayDo("helper") && (
                    <button
                      type="button"
                      className="row-action md:text-teal-800"
                      data-online-only
                      aria-label={m.list_refill_label({ name: med.name })}
                      title={m.common_refill()}
                      onClick={() => onRefill(med)}
                    >
                      <RowIcon name="refill" />
                      <span className="md:hidden">{m.common_refill()}</span>
                    </button>
                  )}
                  {mayDo("manager") && (
                    <button
                      type="button"
                      className="row-action text-red-700 md:hover:bg-red-50"
                      data-online-only
                      aria-label={m.list_delete_label({ name: med.name })}
                      title={m.common_delete()}
                      onClick={() => onDelete(med)}
                    >
                      <RowIcon name="trash" />
                      <span className="md:hidden">{m.common_delete()}</span>
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
