import type { SortKey, SortState } from "../../src/domain/dashboard";
import { EditIcon, RefillIcon, SortIcon, TrashIcon } from "./icons";
import { editHref, type MedicationRow, type RowActions } from "./rows";
import { StatusBadge } from "./StatusBadge";

const COLUMNS: Array<{ key: SortKey; label: string }> = [
  { key: "name", label: "Medication" },
  { key: "pharmacy", label: "Pharmacy" },
  { key: "pillsPerDay", label: "Daily Dose" },
  { key: "pillsRemaining", label: "Remaining" },
  { key: "lastRefillDate", label: "Last Refill" },
  { key: "status", label: "Status" },
];

type Props = RowActions & { rows: MedicationRow[]; sort: SortState; onSort: (key: SortKey) => void };

/** The desktop list (768 px and wider): a table whose column headers sort. */
export function MedicationTable({ rows, sort, onSort, onRefill, onDelete }: Props) {
  const iconButton = "inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700";
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            {COLUMNS.map(({ key, label }) => {
              const direction = sort.key === key ? sort.direction : null;
              return (
                <th key={key} scope="col" aria-sort={direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none"} className="px-4 py-2 font-medium">
                  <button type="button" onClick={() => onSort(key)} className="-mx-2 inline-flex items-center gap-1 rounded px-2 py-1 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-teal-700">
                    {label}
                    <SortIcon direction={direction} />
                  </button>
                </th>
              );
            })}
            <th scope="col" className="px-4 py-2 text-right font-medium">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => {
            const { medication: m } = row;
            return (
              <tr key={m.id} className="hover:bg-slate-50">
                <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                  {m.name}
                </th>
                <td className={`px-4 py-3 ${row.hasPharmacy ? "" : "italic text-slate-600"}`}>{row.pharmacy}</td>
                <td className="whitespace-nowrap px-4 py-3">{row.dailyDose}</td>
                <td className="whitespace-nowrap px-4 py-3">
                  <div>{row.remaining}</div>
                  <div className="text-xs text-slate-600">{row.daysLeft}</div>
                </td>
                <td className="whitespace-nowrap px-4 py-3">{row.lastRefill}</td>
                <td className="px-4 py-3">
                  <StatusBadge status={row.status} />
                </td>
                <td className="whitespace-nowrap px-4 py-2 text-right">
                  <a href={editHref(m)} className={iconButton} aria-label={`Edit ${m.name}`} title="Edit">
                    <EditIcon />
                  </a>
                  <button type="button" className={`${iconButton} text-teal-800`} aria-label={`Refill ${m.name}`} title="Refill" onClick={() => onRefill(m)}>
                    <RefillIcon />
                  </button>
                  <button type="button" className={`${iconButton} text-red-700 hover:bg-red-50`} aria-label={`Delete ${m.name}`} title="Delete" onClick={() => onDelete(m)}>
                    <TrashIcon />
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
