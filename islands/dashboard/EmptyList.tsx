import { emptyStateText } from "../../src/domain/dashboard";
import * as m from "../../src/generated/i18n";
import { Rich } from "../../src/i18n/Rich";

type Props = {
  /** How many medications the user has, before the search and filter. */
  total: number;
  /** The search box's text (user text: isolated, never translated). */
  query: string;
  /** Clears the search and the status filter. */
  onClear: () => void;
};

/** What the list says when it shows nothing: nothing added yet, or nothing matches the search or filter. */
export function EmptyList({ total, query, onClear }: Props) {
  if (total === 0) return <p className="p-10 text-center text-sm text-slate-700">{emptyStateText()}</p>;
  const text = query.trim();
  return (
    <div className="flex flex-col items-center gap-3 p-10 text-center text-sm text-slate-700">
      <p className="max-w-full break-words">
        {text ? <Rich message={m.dashboard_no_match} values={{ query: <bdi>{text}</bdi> }} /> : m.dashboard_no_match_filter()}
      </p>
      <button type="button" className="btn-secondary" onClick={onClear}>
        {m.dashboard_clear_search()}
      </button>
    </div>
  );
}
