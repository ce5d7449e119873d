import { STATUS_LABEL, type MedicationStatus } from "../../src/domain/medications";

const STYLE: Record<MedicationStatus, string> = {
  "refill-needed": "bg-red-100 text-red-800 ring-red-200",
  "running-low": "bg-amber-100 text-amber-900 ring-amber-200",
  "well-stocked": "bg-emerald-100 text-emerald-800 ring-emerald-200",
  paused: "bg-slate-100 text-slate-700 ring-slate-200",
  finished: "bg-slate-100 text-slate-700 ring-slate-200",
};

export function StatusBadge({ status }: { status: MedicationStatus }) {
  return <span className={`status-badge ${STYLE[status]}`}>{STATUS_LABEL[status]}</span>;
}
