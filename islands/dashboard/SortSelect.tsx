import { parseSort, sortValue, type SortKey, type SortState } from "../../src/domain/dashboard";
import * as m from "../../src/generated/i18n";
import { COLUMNS } from "./MedicationList";

// 'Remaining' first: its ascending order is the default, 'Runs out first'.
const isRemaining = (c: { key: SortKey }) => c.key === "daysLeft";
const ORDER = [...COLUMNS.filter(isRemaining), ...COLUMNS.filter((c) => !isRemaining(c))];

function optionLabel(key: SortKey, label: () => string, direction: "asc" | "desc") {
  if (key === "daysLeft") return direction === "asc" ? m.list_sort_runs_out_first() : m.list_sort_runs_out_last();
  return m.list_sort_option({ column: label(), direction });
}

/** Below 768 px the column headers are hidden: this native select offers the same orders. */
export function SortSelect({ sort, onSort }: { sort: SortState; onSort: (sort: SortState) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700 md:hidden">
      {m.list_sort_by()}
      <select
        value={sortValue(sort)}
        onChange={(e) => {
          const next = parseSort(e.target.value);
          if (next) onSort(next);
        }}
        className="field-input w-auto"
      >
        {ORDER.flatMap(({ key, label }) =>
          (["asc", "desc"] as const).map((direction) => (
            <option key={key + direction} value={sortValue({ key, direction })}>
              {optionLabel(key, label, direction)}
            </option>
          )),
        )}
      </select>
    </label>
  );
}
