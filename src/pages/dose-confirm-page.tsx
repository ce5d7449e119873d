import { Hono, type Context } from "hono";
import { personToday, personZone } from "../http/person";
import { AppShell } from "../components/AppShell";
import { Island } from "../components/Island";
import { loggableEvents } from "../data/dose-confirm";
import { doseMedicationsOf } from "../data/doses";
import { doseDays, type DoseEntry } from "../domain/dose-days";
import { DOSE_LOG_DAYS_BACK } from "../domain/limits";
import { parseRegimen } from "../domain/regimen";
import { addDays } from "../domain/time";
import type { AppEnv } from "../env";
import * as m from "../generated/i18n";
import { formatClock } from "../i18n/clock";
import { formatDate, formatTime } from "../i18n/format";
import { signedIn } from "../http/middleware";
import { peopleRead, personPageOf, type PersonPage } from "../http/person-page";
import { isolate, Rich } from "../i18n/Rich";
import { isDoseDate, isDoseTime } from "../shared/dose-push";
import type { User } from "../shared/user";

// GET /doses/confirm?date=YYYY-MM-DD&at=HH:MM: where a dose reminder's tap leads (a phone that shows
// no buttons on a notification, or a Taken that could not be sent). It lists that time's doses with
// their state, read with the session in one round trip, and one button (the DoseConfirm island,
// through POST /api/doses) that logs every one still open as taken, then goes back to the list.
// A person's push opens /p/:profileId/doses/confirm: the same page, read under the guard's person
// (a stranger gets the not-found page), naming the person, logging under /api/profiles/:id; a
// viewer sees the doses with the read-only note and no button (logging is a helper's).

const confirmReads = signedIn(({ db, owner, person, now }) => ({
  medications: doseMedicationsOf(db, person),
  events: loggableEvents(db, person, now),
  people: peopleRead(db, owner),
}));

/** The way back to the person's list (rendered per request: its words are in the request's language). */
const Back = ({ person }: { person: PersonPage }) => (
  <p>
    <a href={person.page("/")} className="text-teal-800 underline">
      {person.other === null ? (
        m.offline_page_list_link()
      ) : (
        <Rich message={m.person_back_to_dashboard} values={{ name: <bdi>{person.other}</bdi> }} />
      )}
    </a>
  </p>
);

const titleOf = (person: PersonPage) =>
  person.other === null ? m.dose_confirm_title() : m.person_dose_confirm_title({ name: isolate(person.other) });

/** A link that names no day and time the patient can log: 400, with the reason and the way back. */
function renderInvalid(c: Context, user: User, person: PersonPage, reason: string) {
  c.status(400);
  return c.render(
    <AppShell user={user} people={person.people}>
      <div className="card mx-auto max-w-xl space-y-4 p-6">
        <h1 className="text-2xl font-bold">{m.dose_confirm_invalid_heading()}</h1>
        <p role="alert">{reason}</p>
        <Back person={person} />
      </div>
    </AppShell>,
    { title: titleOf(person) },
  );
}

function DoseLine({ dose, timezone }: { dose: DoseEntry; timezone: string }) {
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <bdi className="font-medium">{dose.name}</bdi>{" "}
      <span className="text-sm text-slate-700">{m.domain_unit_count({ unit: dose.unit, count: dose.amount ?? dose.dose })}</span>
      <span className="block text-sm text-slate-700">
        {m.doses_status({ status: dose.status, time: dose.takenAt ? formatTime(dose.takenAt, timezone) : "" })}
      </span>
    </li>
  );
}

export const doseConfirmPages = new Hono<AppEnv>().get("/doses/confirm", confirmReads, (c) => {
  const { user, data } = c.var.signedIn;
  const person = personPageOf(c, c.var.signedIn, data.people);
  const date = c.req.query("date");
  const at = c.req.query("at");
  if (!isDoseDate(date) || !isDoseTime(at)) return renderInvalid(c, user, person, m.dose_confirm_invalid_text());
  const today = personToday(c.var.signedIn);
  // The same bounds as POST /api/doses, so the button never offers what the API would refuse.
  if (date > today) return renderInvalid(c, user, person, m.field_dose_date_future());
  if (date < addDays(today, -DOSE_LOG_DAYS_BACK))
    return renderInvalid(c, user, person, m.field_dose_date_too_old({ days: DOSE_LOG_DAYS_BACK }));

  const medications = data.medications.map((x) => ({ ...x, regimen: parseRegimen(x.regimen, x.pillsPerDay) }));
  const doses = doseDays(medications, data.events, date, date, today)[0]!.doses.filter((d) => d.at === at);
  const open = doses.filter((d) => d.status === "due" || d.status === "unlogged").map((d) => d.medicationId);
  const when = { time: formatClock(at), date: formatDate(date, "long") };
  const heading =
    person.other === null ? m.dose_confirm_heading(when) : m.person_dose_confirm_heading({ ...when, name: isolate(person.other) });
  // Logging a person's doses is a helper's (roleNeeded): a viewer sees them, with the note saying why no button.
  const mayLog = person.may("helper");
  return c.render(
    <AppShell user={user} people={person.people}>
      <div className="card mx-auto max-w-xl space-y-4 p-6">
        <h1 className="text-2xl font-bold">{heading}</h1>
        {doses.length === 0 ? (
          <p>{m.dose_confirm_none()}</p>
        ) : (
          <ul className="space-y-2" aria-label={heading}>
            {doses.map((dose) => (
              <DoseLine key={dose.medicationId} dose={dose} timezone={personZone(c.var.signedIn)} />
            ))}
          </ul>
        )}
        {open.length === 0 ? (
          doses.length > 0 && <p>{m.dose_confirm_all_logged()}</p>
        ) : mayLog ? (
          <Island name="DoseConfirm" props={{ date, at, medicationIds: open }} />
        ) : (
          <p className="rounded-md border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800">
            <Rich message={m.person_viewer_note} values={{ name: <bdi>{person.other}</bdi> }} />
          </p>
        )}
        <Back person={person} />
      </div>
    </AppShell>,
    { title: titleOf(person) },
  );
});
