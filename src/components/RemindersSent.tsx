import * as m from "../generated/i18n";
import { formatDate } from "../i18n/format";
import { RECENT_REMINDER_DAYS, type RecentReminder, type ReminderDelivery } from "../shared/reminders";

const STATUS_STYLES = {
  delivered: "bg-teal-50 text-teal-900",
  retrying: "bg-amber-50 text-amber-900",
  bounced: "bg-red-50 text-red-900",
  failed: "bg-red-50 text-red-900",
} as const;

const STATUS_LABELS: Record<ReminderDelivery, () => string> = {
  delivered: m.reminders_sent_delivered,
  retrying: m.reminders_sent_retrying,
  bounced: m.reminders_sent_bounced,
  failed: m.reminders_sent_failed,
};

/** The 'Reminders sent' list of the notifications screen: server-rendered, no script needed. */
export function RemindersSent({ reminders }: { reminders: RecentReminder[] }) {
  return (
    <section aria-labelledby="reminders-sent" className="card mt-6 p-4 sm:p-6">
      <h2 id="reminders-sent" className="text-lg font-semibold">
        {m.reminders_sent_heading()}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{m.reminders_sent_subtitle({ days: RECENT_REMINDER_DAYS })}</p>
      {reminders.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">{m.reminders_sent_empty({ days: RECENT_REMINDER_DAYS })}</p>
      ) : (
        <table className="mt-4 w-full text-start text-sm">
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-2 pe-4 font-medium">
                {m.reminders_sent_col_date()}
              </th>
              <th scope="col" className="py-2 pe-4 font-medium">
                {m.reminders_sent_col_medications()}
              </th>
              <th scope="col" className="py-2 font-medium">
                {m.reminders_sent_col_status()}
              </th>
            </tr>
          </thead>
          <tbody>
            {reminders.map((r) => (
              <tr key={r.date} className="border-b border-slate-100 align-top">
                <td className="whitespace-nowrap py-2 pe-4">{formatDate(r.date)}</td>
                {/* The names as their owner wrote them, isolated from the page's direction. */}
                <td className="py-2 pe-4">
                  {r.medications.length ? <bdi>{r.medications.join(m.reminders_sent_list_separator())}</bdi> : "—"}
                </td>
                <td className="py-2">
                  <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[r.status]}`}>{STATUS_LABELS[r.status]()}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
