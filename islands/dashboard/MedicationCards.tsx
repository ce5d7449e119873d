import { EditIcon, RefillIcon, TrashIcon } from "./icons";
import { editHref, type MedicationRow, type RowActions } from "./rows";
import { StatusBadge } from "./StatusBadge";

/** The narrow-screen list (below 768 px): one card per medication with the table's data. */
export function MedicationCards({ rows, onRefill, onDelete }: RowActions & { rows: MedicationRow[] }) {
  return (
    <ul className="divide-y divide-slate-200">
      {rows.map((row) => {
        const { medication: m } = row;
        return (
          <li key={m.id} className="space-y-3 p-4">
            <div className="flex items-start justify-between gap-2">
              <h3 className="min-w-0 break-words font-semibold text-slate-900">{m.name}</h3>
              <StatusBadge status={row.status} />
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <div className="col-span-2">
                <dt className="text-xs text-slate-600">Pharmacy</dt>
                <dd className={`break-words ${row.hasPharmacy ? "" : "italic text-slate-600"}`}>{row.pharmacy}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Daily Dose</dt>
                <dd>{row.dailyDose}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Remaining</dt>
                <dd>
                  {row.remaining} <span className="text-xs text-slate-600">({row.daysLeft})</span>
                </dd>
              </div>
              <div className="col-span-2">
                <dt className="text-xs text-slate-600">Last Refill</dt>
                <dd>{row.lastRefill}</dd>
              </div>
            </dl>
            <div className="grid grid-cols-3 gap-2">
              <a href={editHref(m)} className="btn-secondary px-2" aria-label={`Edit ${m.name}`}>
                <EditIcon /> Edit
              </a>
              <button type="button" className="btn-secondary px-2" aria-label={`Refill ${m.name}`} onClick={() => onRefill(m)}>
                <RefillIcon /> Refill
              </button>
              <button type="button" className="btn-secondary px-2 text-red-700" aria-label={`Delete ${m.name}`} onClick={() => onDelete(m)}>
                <TrashIcon /> Delete
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
