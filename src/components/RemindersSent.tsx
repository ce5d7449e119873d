import { formatDate } from "../shared/format";
import { DELIVERY_LABELS, RECENT_REMINDER_DAYS, type RecentReminder } from "../shared/reminders";

const STATUS_STYLES = {
  delivered: "bg-teal-50 text-teal-900",
  retrying: "bg-amber-50 text-amber-900",
  bounced: "bg-red-50 text-red-900",
  failed: "bg-red-50 text-red-900",
} as const;

/** The 'Reminders sent' list of the notifications screen: server-rendered, no script needed. */
export function RemindersSent({ reminders }: { reminders: RecentReminder[] }) {
  return (
    <section aria-labelledby="reminders-sent" className="card mt-6 p-4 sm:p-6">
      <h2 id="reminders-sent" className="text-lg font-semibold">
        Reminders sent
      </h2>
      <p className="mt-1 text-sm text-slate-700">{`The last ${RECENT_REMINDER_DAYS} days of reminder e-mails.`}</p>
      {reminders.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">{`No reminder e-mails in the last ${RECENT_REMINDER_DAYS} days.`}</p>
      ) : (
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-2 pr-4 font-medium">Date</th>
              <th scope="col" className="py-2 pr-4 font-medium">Medications</th>
              <th scope="col" className="py-2 font-medium">Status</th>
            </tr>
          </thead>
          <tbody>
            {reminders.map((r) => (
              <tr key={r.date} className="border-b border-slate-100 align-top">
                <td className="whitespace-nowrap py-2 pr-4">{formatDate(r.date)}</td>
                <td className="py-2 pr-4">{r.medications.join(", ") || "—"}</td>
                <td className="py-2">
                  <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[r.status]}`}>{DELIVERY_LABELS[r.status]}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
