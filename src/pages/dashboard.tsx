import { Hono } from "hono";
import { personToday, personZone } from "../http/person";
import { AppShell } from "../components/AppShell";
import { FirstRunChecklist } from "../components/FirstRunChecklist";
import { Island } from "../components/Island";
import { ListTools } from "../components/ListTools";
import { medicationsOf, medicationRecords, toSortedMedications } from "../data/medications";
import { pharmaciesOf, pharmacyRecords, sortPharmacies } from "../data/pharmacies";
import { remindersChosenOf } from "../data/users";
import { isNoticeKey, listViewOf } from "../domain/dashboard";
import { firstRunSteps } from "../domain/first-run";
import type { AppEnv } from "../env";
import * as m from "../generated/i18n";
import { signedIn } from "../http/middleware";
import { peopleRead, personPageOf, type PersonPage } from "../http/person-page";
import { isolate, Rich } from "../i18n/Rich";

// The session and everything the first paint shows, the first-run checklist's facts included, in
// one round trip.
const dashboardReads = signedIn(({ db, owner, person }) => ({
  medications: medicationsOf(db, person),
  pharmacies: pharmaciesOf(db, person),
  firstRun: remindersChosenOf(db, owner),
  people: peopleRead(db, owner),
}));

/**
 * The secondary actions: inline in the header row from `sm` up; below it, behind one 'More' button
 * in a native popover (light dismiss, Escape and focus return come from the browser, no island JS),
 * so that on a phone the first medication is not pushed below the fold by four full-width buttons.
 */
function SecondaryActions({ person }: { person: PersonPage }) {
  return (
    <>
      <button type="button" popoverTarget="more-actions" className="btn-secondary flex-1 [anchor-name:--more-actions] sm:hidden">
        {m.dashboard_more_actions()}
      </button>
      <div id="more-actions" popover="auto" className="more-menu">
        <ListTools person={person} />
        {person.other !== null && (
          <a href={person.page("/people")} className="btn-secondary flex-1 sm:flex-none">
            {m.person_sharing_link()}
          </a>
        )}
        <a href={person.page("/pharmacies")} className="btn-secondary flex-1 sm:flex-none">
          {m.page_dashboard_manage_pharmacies()}
        </a>
      </div>
    </>
  );
}

/** What a viewer or helper may not do on another person's dashboard, said once under the heading. */
function RoleNote({ person }: { person: PersonPage }) {
  if (person.other === null || person.may("manager")) return null;
  const note = person.may("helper") ? m.person_helper_note : m.person_viewer_note;
  return (
    <p className="mb-6 rounded-md border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800">
      <Rich message={note} values={{ name: <bdi>{person.other}</bdi> }} />
    </p>
  );
}

// One's own dashboard at /, another person's at /p/:profileId/ (the guard reads the path's person).
export const dashboardPages = new Hono<AppEnv>()
  .get("/p/:profileId{[0-9]+}", (c) => c.redirect(`/p/${c.req.param("profileId")}/`, 301))
  .on("GET", ["/", "/p/:profileId/"], dashboardReads, (c) => {
    const { user, data } = c.var.signedIn;
    const person = personPageOf(c, c.var.signedIn, data.people);
    const heading = person.other === null ? m.page_dashboard_title() : m.person_dashboard_title({ name: isolate(person.other) });
    const notice = c.req.query("notice");
    const today = personToday(c.var.signedIn);
    const medications = medicationRecords(data.medications);
    const pharmacies = pharmacyRecords(data.pharmacies);
    const steps = firstRunSteps({
      emailConfirmed: user.emailConfirmed,
      pharmacies: pharmacies.length,
      medications: medications.length,
      remindersChosenAt: data.firstRun[0]?.remindersChosenAt ?? null,
    });
    // With nothing to list yet the checklist takes the empty table's place (and the page loads no
    // list JavaScript); a notice from another page still needs the list's island to show its toast.
    const showList = !steps || person.other !== null || medications.length > 0 || isNoticeKey(notice);
    const sorted = toSortedMedications(medications, today);
    return c.render(
      <AppShell user={user} people={person.people}>
        <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <h1 className="text-2xl font-bold break-words">{heading}</h1>
          <div className="flex flex-wrap gap-2">
            <SecondaryActions person={person} />
            {person.may("manager") && (
              <a href={person.page("/add-medication")} className="btn-primary flex-1 sm:flex-none" data-online-only>
                {m.page_dashboard_add_medication()}
              </a>
            )}
          </div>
        </div>
        <RoleNote person={person} />
        {/* The first-run checklist is about one's own account (confirming the address, reminders). */}
        {steps && person.other === null && <FirstRunChecklist steps={steps} />}
        {showList && (
          <Island
            name="Dashboard"
            props={{
              medications: sorted,
              pharmacies: sortPharmacies(pharmacies),
              notificationDays: user.notificationDays,
              timezone: personZone(c.var.signedIn),
              asOf: today,
              notice: isNoticeKey(notice) ? notice : undefined,
              view: listViewOf((name) => c.req.query(name)),
            }}
          />
        )}
        {/* Today's doses after the list: on a phone the first medication stays in view without scrolling. */}
        {sorted.length > 0 && (
          <div className="mt-6">
            <Island
              name="DoseToday"
              props={{
                timezone: personZone(c.var.signedIn),
                asNeeded: sorted.filter((med) => med.schedule.type === "asNeeded").map(({ id, name, unit }) => ({ id, name, unit })),
              }}
            />
          </div>
        )}
      </AppShell>,
      { title: heading },
    );
  });
