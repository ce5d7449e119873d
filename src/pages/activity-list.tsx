import * as m from "../generated/i18n";
import type { ActivityEntry } from "../data/activity";
import { formatDateTime } from "../i18n/format";

// A person's activity record as a server-rendered section (no JavaScript): read `activityQuery` in
// the page's signed-in batch, turn the rows into entries (toActivityEntries), and render this.

/** The entries, newest first, each with its instant on the reader's clock (`timeZone`). */
export function ActivityList({ entries, timeZone = "UTC" }: { entries: ActivityEntry[]; timeZone?: string }) {
  return (
    <section aria-labelledby="activity-heading" className="space-y-3">
      <h2 id="activity-heading" className="text-lg font-semibold text-slate-900">
        {m.activity_heading()}
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">{m.activity_empty()}</p>
      ) : (
        <ol className="divide-y divide-slate-200 text-sm">
          {entries.map((entry, index) => (
            <li key={index} className="py-2">
              <span className="text-slate-900">{entry.text}</span>{" "}
              <time dateTime={new Date(entry.at).toISOString()} className="block text-slate-600">
                {formatDateTime(entry.at, timeZone)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
