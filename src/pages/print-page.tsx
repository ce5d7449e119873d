import { Hono } from "hono";
import { personToday, personZone } from "../http/person";
import { Island } from "../components/Island";
import { PhoneNumber } from "../components/PhoneNumber";
import { doseMedicationsOf } from "../data/doses";
import { countedMedications, medicationListOf, type CountedMedication } from "../data/medication-list";
import { courseNewsText } from "../domain/course-text";
import { doseText } from "../domain/dose-text";
import { unitCountText } from "../domain/unit-text";
import { pauseText } from "../domain/pause-text";
import type { AppEnv } from "../env";
import * as m from "../generated/i18n";
import { signedIn } from "../http/middleware";
import { peopleRead, personPageOf } from "../http/person-page";
import { isolate } from "../i18n/Rich";
import { formatDate, formatNumber } from "../i18n/format";
import type { User } from "../shared/user";
import { PRINT_TAKEN_DAYS, printedLogsOf } from "../data/print-taken";
import { takenCells } from "./print-taken";

// /medications/print: the list for the doctor or the pharmacist, made for paper (A4 and Letter).
// Plain HTML: everything is there without JavaScript; the Print button is the only island, and
// nothing but the list is printed. The browser's "Save as PDF" makes the PDF.

// One page for ~25 medications with every column (the Taken column and the patient's details too):
// 8 pt type and tight rows on paper; margins that suit A4 and Letter.
// A <th> centres its text by default: the medication column starts where the others do. Chinese
// and Japanese break anywhere between characters; keep-all breaks them only at spaces, and dates
// and amounts are not broken at all ("2026年12月12日", "200 喷").
const PRINT_CSS = `@page { size: auto; margin: 12mm; }
.print-sheet th:not(.text-end) { text-align: start; }
.print-sheet table { word-break: keep-all; }
@media print {
  html, body { background: #fff !important; }
  .print-sheet, .print-sheet table { font-size: 8pt; }
  .print-sheet .text-xs { font-size: 7pt; }
  .print-sheet th, .print-sheet td { padding: 1.5pt 3pt; }
  .print-sheet tr { break-inside: avoid; }
}`;

/** The patient: the account's own details, or another person's name (a person without an account has nothing more). */
function PatientDetails({ user, other, today }: { user: User; other: string | null; today: string }) {
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-medium text-slate-700">{m.print_patient()}</dt>
      <dd>
        <bdi>{other ?? (user.fullName || user.username)}</bdi>
      </dd>
      {other === null && user.birthdate && (
        <>
          <dt className="font-medium text-slate-700">{m.print_date_of_birth()}</dt>
          <dd className="whitespace-nowrap">{formatDate(user.birthdate)}</dd>
        </>
      )}
      <dt className="sr-only">{m.print_printed()}</dt>
      <dd className="col-span-2 text-slate-700">{m.print_printed_on({ date: formatDate(today) })}</dd>
    </dl>
  );
}

/** 'Paused until {date}' under the run-out date while a pause with an end is on today. */
function PauseLine({ med, today }: { med: Pick<CountedMedication, "pausedFrom" | "pausedUntil">; today: string }) {
  const text = pauseText(med.pausedFrom, med.pausedUntil, today);
  return text ? <span className="block text-xs">{text}</span> : null;
}

/** A course's news under the dose, when it runs out before its end (else it stands in the run-out column). */
function CourseLine({ med, today }: { med: Pick<CountedMedication, "course" | "unit">; today: string }) {
  const text = courseNewsText(med.course, med.unit, today);
  return text ? <span className="block text-xs">{text}</span> : null;
}

function MedicationTable({ medications, taken, today }: { medications: CountedMedication[]; taken: Map<number, string>; today: string }) {
  // The prescription columns only when some medication tracks them.
  const refills = medications.some((med) => med.refillsLeft !== null);
  const expiry = medications.some((med) => med.prescriptionExpiresOn !== null);
  const cell = "border-b border-slate-300 px-2 py-1.5 align-top";
  return (
    <table className="mt-4 w-full border-collapse text-start text-sm">
      <caption className="sr-only">{m.print_caption()}</caption>
      <thead>
        <tr className="border-b-2 border-slate-800">
          <th scope="col" className={cell}>
            {m.print_col_medication()}
          </th>
          <th scope="col" className={cell}>
            {m.print_col_dose()}
          </th>
          <th scope="col" className={cell}>
            {m.print_col_remaining()}
          </th>
          <th scope="col" className={cell}>
            {m.print_col_runs_out()}
          </th>
          <th scope="col" className={cell}>
            {m.print_col_last_refill()}
          </th>
          {refills && (
            <th scope="col" className={`${cell} text-end`}>
              {m.print_col_refills_left()}
            </th>
          )}
          {expiry && (
            <th scope="col" className={cell}>
              {m.print_col_prescription_expires()}
            </th>
          )}
          <th scope="col" className={cell}>
            {m.print_col_pharmacy()}
          </th>
          <th scope="col" className={cell}>
            {m.print_col_pharmacy_phone()}
          </th>
          <th scope="col" className={cell}>
            {m.print_col_taken({ days: PRINT_TAKEN_DAYS })}
          </th>
        </tr>
      </thead>
      <tbody>
        {medications.map((med) => (
          <tr key={med.id}>
            <th scope="row" className={`${cell} font-medium`}>
              <bdi>{med.name}</bdi>
            </th>
            {/* As the dashboard words them: '6 tablets every 7 days', '200 puffs'. */}
            <td className={cell}>
              {doseText(med.schedule, med.unit, today)}
              {/* A course's next step or last day ('Then 2 tablets daily from Nov 30; ends Dec 13'). */}
              {med.runsOutOn !== null && <CourseLine med={med} today={today} />}
            </td>
            <td className={`${cell} whitespace-nowrap`}>{unitCountText(med.unit, med.pillsRemaining)}</td>
            <td className={cell}>
              <span className="whitespace-nowrap">
                {med.runsOutOn === null ? (courseNewsText(med.course, med.unit, today) ?? m.status_paused()) : formatDate(med.runsOutOn)}
              </span>
              {/* Paused today with an end: the run-out date already counts the pause; say so. */}
              {med.runsOutOn !== null && <PauseLine med={med} today={today} />}
            </td>
            <td className={`${cell} whitespace-nowrap`}>
              {med.lastRefillDate ? formatDate(med.lastRefillDate) : m.domain_not_available()}
            </td>
            {refills && <td className={`${cell} text-end`}>{med.refillsLeft === null ? "—" : formatNumber(med.refillsLeft)}</td>}
            {expiry && (
              <td className={`${cell} whitespace-nowrap`}>{med.prescriptionExpiresOn ? formatDate(med.prescriptionExpiresOn) : "—"}</td>
            )}
            <td className={cell}>{med.pharmacyName ? <bdi>{med.pharmacyName}</bdi> : m.domain_no_pharmacy()}</td>
            <td className={cell}>
              {med.pharmacyPhone ? <PhoneNumber stored={med.pharmacyPhone} className="text-inherit no-underline" /> : "—"}
            </td>
            <td className={cell}>{taken.get(med.id) ?? "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export const printPages = new Hono<AppEnv>().get(
  "/medications/print",
  signedIn(({ db, owner, person, now }) => ({
    medications: medicationListOf(db, person),
    doseMedications: doseMedicationsOf(db, person),
    logs: printedLogsOf(db, person, now),
    people: peopleRead(db, owner),
  })),
  (c) => {
    const { user, data } = c.var.signedIn;
    const person = personPageOf(c, c.var.signedIn, data.people);
    const heading = person.other === null ? m.print_heading() : m.person_print_heading({ name: isolate(person.other) });
    const today = personToday(c.var.signedIn);
    const medications = countedMedications(data.medications, today);
    return c.render(
      <div className="print-sheet mx-auto w-full max-w-5xl bg-white px-4 py-6 text-slate-900 print:max-w-none print:p-0">
        <style>{PRINT_CSS}</style>
        <nav aria-label={m.print_nav_label()} className="mb-6 flex flex-wrap items-center gap-2 print:hidden">
          <a href={person.page("/")} className="btn-secondary">
            {person.other === null ? m.print_back() : m.person_back_to_dashboard({ name: isolate(person.other) })}
          </a>
          <Island name="PrintButton" props={{}} />
          <noscript>
            <p className="text-sm text-slate-700">{m.print_noscript()}</p>
          </noscript>
        </nav>
        <main id="main" tabIndex={-1} className="outline-none">
          <h1 className="text-2xl font-bold print:text-[14pt]">{heading}</h1>
          <PatientDetails user={user} other={person.other} today={today} />
          {medications.length === 0 ? (
            <p className="mt-4 text-sm">{m.print_empty()}</p>
          ) : (
            // Narrow screens scroll the table sideways; paper shows it whole.
            <section
              aria-label={m.print_table_label()}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the focus so a keyboard can scroll it (axe: scrollable-region-focusable).
              tabIndex={0}
              className="overflow-x-auto print:overflow-visible"
            >
              <MedicationTable
                medications={medications}
                taken={takenCells(data.doseMedications, data.logs, today, personZone(c.var.signedIn))}
                today={today}
              />
            </section>
          )}
        </main>
      </div>,
      { title: heading },
    );
  },
);
