import { Hono } from "hono";
import { Island } from "../components/Island";
import { countedMedications, medicationListOf, type CountedMedication } from "../data/medication-list";
import { todayIn } from "../domain/countdown";
import { runOutDate } from "../domain/medications";
import { addDays } from "../domain/time";
import type { AppEnv } from "../env";
import { signedIn } from "../http/middleware";
import { formatDate } from "../shared/format";
import type { User } from "../shared/user";

// /medications/print: the list for the doctor or the pharmacist, made for paper (A4 and Letter).
// Plain HTML: everything is there without JavaScript; the Print button is the only island, and
// nothing but the list is printed. The browser's "Save as PDF" makes the PDF.

const count = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 3 });

// One page for ~25 medications: small type and tight rows on paper; margins that suit A4 and Letter.
const PRINT_CSS = `@page { size: auto; margin: 12mm; }
@media print {
  html, body { background: #fff !important; }
  .print-sheet { font-size: 9pt; }
  .print-sheet th, .print-sheet td { padding: 2pt 4pt; }
  .print-sheet tr { break-inside: avoid; }
}`;

function PatientDetails({ user, today }: { user: User; today: string }) {
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-medium text-slate-700">Patient</dt>
      <dd>{user.fullName || user.username}</dd>
      {user.birthdate && (
        <>
          <dt className="font-medium text-slate-700">Date of birth</dt>
          <dd>{formatDate(user.birthdate)}</dd>
        </>
      )}
      <dt className="sr-only">Printed</dt>
      <dd className="col-span-2 text-slate-700">Printed on {formatDate(today)}</dd>
    </dl>
  );
}

function MedicationTable({ medications, today }: { medications: CountedMedication[]; today: string }) {
  // The prescription columns only when some medication tracks them.
  const refills = medications.some((m) => m.refillsLeft !== null);
  const expiry = medications.some((m) => m.prescriptionExpiresOn !== null);
  const cell = "border-b border-slate-300 px-2 py-1.5 align-top";
  return (
    <table className="mt-4 w-full border-collapse text-left text-sm">
      <caption className="sr-only">Medications</caption>
      <thead>
        <tr className="border-b-2 border-slate-800">
          <th scope="col" className={cell}>Medication</th>
          <th scope="col" className={`${cell} text-right`}>Pills per day</th>
          <th scope="col" className={`${cell} text-right`}>Pills left</th>
          <th scope="col" className={cell}>Runs out</th>
          <th scope="col" className={cell}>Last refill</th>
          {refills && <th scope="col" className={`${cell} text-right`}>Refills left</th>}
          {expiry && <th scope="col" className={cell}>Prescription expires</th>}
          <th scope="col" className={cell}>Pharmacy</th>
          <th scope="col" className={cell}>Pharmacy phone</th>
        </tr>
      </thead>
      <tbody>
        {medications.map((m) => (
          <tr key={m.id}>
            <th scope="row" className={`${cell} font-medium`}>{m.name}</th>
            <td className={`${cell} text-right`}>{count(m.pillsPerDay)}</td>
            <td className={`${cell} text-right`}>{count(m.pillsRemaining)}</td>
            <td className={cell}>{formatDate(runOutDate(m, today, addDays))}</td>
            <td className={cell}>{m.lastRefillDate ? formatDate(m.lastRefillDate) : "Not available"}</td>
            {refills && <td className={`${cell} text-right`}>{m.refillsLeft ?? "—"}</td>}
            {expiry && <td className={cell}>{m.prescriptionExpiresOn ? formatDate(m.prescriptionExpiresOn) : "—"}</td>}
            <td className={cell}>{m.pharmacyName ?? "No pharmacy assigned"}</td>
            <td className={cell}>{m.pharmacyPhone || "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export const printPages = new Hono<AppEnv>().get(
  "/medications/print",
  signedIn(({ db, owner }) => ({ medications: medicationListOf(db, owner) })),
  (c) => {
    const { user, data } = c.var.signedIn;
    const today = todayIn(user.timezone);
    const medications = countedMedications(data.medications, today);
    return c.render(
      <div className="print-sheet mx-auto max-w-5xl bg-white px-4 py-6 text-slate-900 print:max-w-none print:p-0">
        <style>{PRINT_CSS}</style>
        <nav aria-label="Print list" className="mb-6 flex flex-wrap items-center gap-2 print:hidden">
          <a href="/" className="btn-secondary">Back to Dashboard</a>
          <Island name="PrintButton" props={{}} />
          <noscript>
            <p className="text-sm text-slate-700">Use your browser's Print command (Ctrl+P or ⌘P) to print this list.</p>
          </noscript>
        </nav>
        <main id="main">
          <h1 className="text-2xl font-bold print:text-[14pt]">Medication list</h1>
          <PatientDetails user={user} today={today} />
          {medications.length === 0 ? (
            <p className="mt-4 text-sm">No medications yet.</p>
          ) : (
            // Narrow screens scroll the table sideways; paper shows it whole.
            <div role="region" aria-label="Medication table" tabIndex={0} className="overflow-x-auto print:overflow-visible">
              <MedicationTable medications={medications} today={today} />
            </div>
          )}
        </main>
      </div>,
      { title: "Medication list" },
    );
  },
);
