import type { Adherence } from "../domain/adherence";
import { percentOf } from "../domain/adherence";
import { daysBetween } from "../domain/time";
import * as m from "../generated/i18n";
import { currentLocale } from "../i18n/current";

// The medication page's adherence block, drawn on the server from the page's own read: the doses
// taken of those due in the recent period, how many on time (timed doses only), and the share of
// the longer period's days the supply covered.

/** A whole percent in the locale's digits and sign ('95%', '٩٥٪'). */
const percentText = (part: number, whole: number) =>
  new Intl.NumberFormat(currentLocale(), { style: "percent" }).format(percentOf(part, whole) / 100);

export function AdherenceBlock({ recent, covered, timed }: { recent: Adherence; covered: Adherence; timed: boolean }) {
  const days = daysBetween(recent.from, recent.to) + 1;
  return (
    <section aria-labelledby="adherence-heading" className="card p-4 sm:p-6" data-testid="adherence">
      <h2 id="adherence-heading" className="mb-3 text-lg font-semibold">
        {m.med_adherence_heading()}
      </h2>
      <ul className="space-y-1 text-sm">
        {recent.scheduled === 0 ? (
          <li>{m.med_adherence_none({ days })}</li>
        ) : (
          <>
            <li className="font-medium">{m.med_adherence_taken({ taken: recent.taken, scheduled: recent.scheduled, days })}</li>
            {timed && <li>{m.med_adherence_on_time({ count: recent.onTime })}</li>}
            <li>{m.med_adherence_missed({ skipped: recent.skipped, unlogged: recent.unlogged })}</li>
          </>
        )}
        {covered.daysInPeriod > 0 && (
          <li>
            {m.med_adherence_covered({
              days: daysBetween(covered.from, covered.to) + 1,
              percent: percentText(covered.daysCovered, covered.daysInPeriod),
            })}
          </li>
        )}
      </ul>
    </section>
  );
}
