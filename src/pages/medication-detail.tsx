import { Hono } from "hono";
import { personToday, personZone } from "../http/person";
import type { ReactNode } from "react";
import { AppShell } from "../components/AppShell";
import { Island } from "../components/Island";
import { PhoneNumber } from "../components/PhoneNumber";
import { SupplyChart } from "../components/SupplyChart";
import { AdherenceBlock } from "../components/AdherenceBlock";
import { countSourceOf, doseLogsOf, medicationAddedOf } from "../data/adherence";
import { toMedication } from "../data/medications";
import { pharmacyOfMedication } from "../data/pharmacies";
import { supplyEventsOf, toSupplyEvent } from "../data/supply";
import { adherence } from "../domain/adherence";
import { dailyCounts } from "../domain/count-history";
import { noticeHref } from "../domain/dashboard";
import { doseHistory } from "../domain/dose-history";
import { doseText } from "../domain/dose-text";
import { plannedToday } from "../domain/logged-doses";
import { ADHERENCE_DAYS_MAX } from "../domain/limits";
import { occurrencesOn } from "../domain/occurrences";
import { prescriptionNoticeShown } from "../domain/prescription";
import { supplyChart } from "../domain/supply-chart";
import { addDays } from "../domain/time";
import type { AppEnv } from "../env";
import * as m from "../generated/i18n";
import { signedIn } from "../http/middleware";
import { peopleRead, personPageOf } from "../http/person-page";
import { formatDate } from "../i18n/format";
import { isolate, Rich } from "../i18n/Rich";

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-700">{term}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

/** The current pause ('Paused until {date}', 'Paused') or the one to come ('Paused from {date}'). */
function pauseText(from: string, until: string | null, today: string) {
  if (from > today)
    return until
      ? m.page_med_pause_planned_until({ from: formatDate(from), until: formatDate(until) })
      : m.page_med_pause_planned({ date: formatDate(from) });
  return until ? m.status_paused_until({ date: formatDate(until) }) : m.status_paused();
}

// The medication page: what is left and until when, the prescription, the supply chart and the
// history with the dose logs, and how the doses were taken (AdherenceBlock). The session, the
// medication, its pharmacy, its events and its dose logs: one round trip.
export const medicationDetailPages = new Hono<AppEnv>().get(
  // Digits only: /medications/print and other words are other pages, whatever the order of mounting.
  "/medications/:id{[0-9]+}",
  signedIn(({ db, owner, person, id, now }) => ({
    medication: medicationAddedOf(db, person, id),
    pharmacy: pharmacyOfMedication(db, person, id),
    events: supplyEventsOf(db, person, id),
    logs: doseLogsOf(db, person, id, now),
    people: peopleRead(db, owner),
  })),
  (c) => {
    const { user, data } = c.var.signedIn;
    const person = personPageOf(c, c.var.signedIn, data.people);
    const [row] = data.medication;
    // A malformed, unknown or another user's id: the person's dashboard says it could not be loaded.
    if (!row) return c.redirect(person.page(noticeHref("medication-load-error")), 302);
    const today = personToday(c.var.signedIn);
    const medication = toMedication(row, today);
    const { pillsRemaining, unit, schedule, scheduleChanges, pausedFrom, pausedUntil, daysLeft, runsOutOn } = medication;
    const counts = {
      medication: {
        pillsRemaining,
        unit,
        schedule,
        scheduleChanges,
        pausedFrom,
        pausedUntil,
        endsOn: medication.endsOn,
        daysLeft,
        runsOutOn,
      },
      asOf: today,
      timezone: personZone(c.var.signedIn),
    };
    const [pharmacy] = data.pharmacy;
    const events = data.events.map(toSupplyEvent);
    const notice = prescriptionNoticeShown(medication, today, user.notificationDays);
    const source = countSourceOf(row, events, data.logs);
    // The block's two periods: the doses of the last 30 days, the supply of the last 90.
    const recent = adherence(source, 30, today, personZone(c.var.signedIn));
    const covered = adherence(source, 90, today, personZone(c.var.signedIn));
    const timed = recent.onTime > 0 || occurrencesOn(source.regimen, today).some((o) => o.at !== null);
    const dayCounts = dailyCounts(source, addDays(today, -ADHERENCE_DAYS_MAX), today);
    return c.render(
      <AppShell user={user} people={person.people}>
        <div className="mx-auto max-w-3xl space-y-6">
          <a href={person.page("/")} className="text-sm text-teal-800 underline">
            {person.other === null ? (
              m.page_med_back()
            ) : (
              <Rich message={m.person_back_to_dashboard} values={{ name: <bdi>{person.other}</bdi> }} />
            )}
          </a>
          <div className="card space-y-4 p-4 sm:p-6">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h1 className="min-w-0 text-2xl font-bold break-words">
                {/* Another person's medication names whose it is above its own name. */}
                {person.other !== null && (
                  <span className="block text-sm font-medium text-slate-700">
                    <Rich message={m.person_medication_of} values={{ name: <bdi>{person.other}</bdi> }} />
                  </span>
                )}
                <bdi>{medication.name}</bdi>
              </h1>
              {person.may("manager") && (
                <div className="flex flex-wrap gap-2">
                  <Island
                    name="MedicationPause"
                    props={{ medicationId: medication.id, name: medication.name, pausedFrom, pausedUntil, today }}
                  />
                  <a href={person.page(`/edit-medication/${medication.id}`)} className="btn-secondary" data-online-only>
                    {m.page_med_edit()}
                  </a>
                </div>
              )}
            </div>
            {notice && (
              <p
                className={`rounded-md border-s-4 p-3 text-sm font-medium ${notice.expired ? "border-s-red-600 bg-red-50 text-red-800" : "border-s-amber-500 bg-amber-100 text-amber-900"}`}
                role="note"
              >
                {notice.text}
              </p>
            )}
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
              <Fact term={m.page_med_pharmacy()}>
                {pharmacy ? (
                  <>
                    <bdi>{pharmacy.name}</bdi>
                    {pharmacy.phoneNumber && (
                      <span className="block text-sm font-normal">
                        <PhoneNumber stored={pharmacy.phoneNumber} className="text-teal-800 underline" />
                      </span>
                    )}
                  </>
                ) : (
                  m.domain_no_pharmacy()
                )}
              </Fact>
              <Fact term={m.page_med_daily_dose()}>
                {doseText(medication.schedule, medication.unit, today)}
                {/* The changes to come (the API answers only those), then a pause in force or to come. */}
                {medication.scheduleChanges.map((change) => (
                  <span key={change.effectiveFrom} className="block text-sm font-normal">
                    {m.page_med_change_from({
                      date: formatDate(change.effectiveFrom),
                      schedule: doseText(change.schedule, medication.unit, change.effectiveFrom),
                    })}
                  </span>
                ))}
                {pausedFrom !== null && <span className="block text-sm font-normal">{pauseText(pausedFrom, pausedUntil, today)}</span>}
                {/* A course's last day, or that it is over. */}
                {medication.endsOn !== null && <span className="block text-sm font-normal">{medication.courseText}</span>}
              </Fact>
              {/* Islands only to count a kept offline copy down to the day it is read (CountedDown). */}
              <Fact term={m.page_med_left_today()}>
                <Island name="CountedDown" props={{ ...counts, show: "pills" }} />
              </Fact>
              <Fact term={m.page_med_days_left()}>
                <Island name="CountedDown" props={{ ...counts, show: "days" }} />
              </Fact>
              <Fact term={m.page_med_runs_out_on()}>
                {medication.runsOutOn === null ? (medication.courseText ?? m.status_paused()) : formatDate(medication.runsOutOn)}
              </Fact>
              <Fact term={m.page_med_prescription()}>
                {medication.refillsLeft === null
                  ? m.page_med_refills_not_tracked()
                  : m.page_med_refills_left({ count: medication.refillsLeft })}
                <span className="block text-sm font-normal">
                  {medication.prescriptionExpiresOn
                    ? m.page_med_expires({ date: formatDate(medication.prescriptionExpiresOn) })
                    : m.page_med_no_expiry()}
                </span>
              </Fact>
            </dl>
          </div>
          <section aria-labelledby="supply-heading" className="card p-4 sm:p-6">
            <h2 id="supply-heading" className="mb-3 text-lg font-semibold">
              {m.page_med_supply_heading()}
            </h2>
            <SupplyChart
              chart={supplyChart(events, medication, source.regimen, today, user.notificationDays, {
                countBy: row.countBy,
                counts: dayCounts,
                plannedToday: plannedToday(row, today),
              })}
              notificationDays={user.notificationDays}
            />
          </section>
          <AdherenceBlock recent={recent} covered={covered} timed={timed} />
          <Island
            name="MedicationHistory"
            props={{
              medication,
              pharmacyName: pharmacy?.name,
              events,
              doses: doseHistory(source.logs, medication.unit, recent.from, personZone(c.var.signedIn)),
              today,
            }}
          />
        </div>
      </AppShell>,
      {
        title:
          person.other === null
            ? isolate(medication.name)
            : `${isolate(medication.name)} · ${m.person_medication_of({ name: isolate(person.other) })}`,
      },
    );
  },
);
