import { medicationCount } from "../../src/domain/dashboard";
import * as m from "../../src/generated/i18n";
import type { SummaryBucket } from "../../src/domain/medications";

const CARDS: Array<{ bucket: SummaryBucket; title: () => string; accent: string }> = [
  { bucket: "needRefillSoon", title: () => m.dashboard_need_refill_soon(), accent: "border-s-red-600" },
  { bucket: "runningLow", title: () => m.dashboard_running_low(), accent: "border-s-amber-500" },
  { bucket: "wellStocked", title: () => m.dashboard_well_stocked(), accent: "border-s-emerald-600" },
];

/** The three counts: unrounded days against the user's notificationDays. */
export function SummaryCards({ counts }: { counts: Record<SummaryBucket, number> }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {CARDS.map(({ bucket, title, accent }) => (
        <li key={bucket} className={`card border-s-4 p-4 ${accent}`}>
          <h2 className="text-sm font-medium text-slate-700">{title()}</h2>
          <p className="mt-1 text-2xl font-bold text-slate-900">{medicationCount(counts[bucket])}</p>
        </li>
      ))}
    </ul>
  );
}
