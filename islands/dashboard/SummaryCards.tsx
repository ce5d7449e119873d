import { medicationCount } from "../../src/domain/dashboard";
import * as m from "../../src/generated/i18n";
import type { MedicationStatus } from "../../src/domain/medications";

const CARDS: Array<{ status: MedicationStatus; title: () => string; accent: string }> = [
  { status: "refill-needed", title: () => m.dashboard_need_refill_soon(), accent: "border-s-red-600" },
  { status: "running-low", title: () => m.status_running_low(), accent: "border-s-amber-500" },
  { status: "well-stocked", title: () => m.status_well_stocked(), accent: "border-s-emerald-600" },
];

/** The three counts, by the same status rule as the badges and the filter (statusForDaysLeft). */
export function SummaryCards({ counts }: { counts: Record<MedicationStatus, number> }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {CARDS.map(({ status, title, accent }) => (
        <li key={status} className={`card border-s-4 p-4 ${accent}`}>
          <h2 className="text-sm font-medium text-slate-700">{title()}</h2>
          <p className="mt-1 text-2xl font-bold text-slate-900">{medicationCount(counts[status])}</p>
        </li>
      ))}
    </ul>
  );
}
