import { Hono } from "hono";
import { personToday } from "../http/person";
import type { Context } from "hono";
import type { ReactNode } from "react";
import { AppShell } from "../components/AppShell";
import { Island } from "../components/Island";
import { medicationOf, toMedication } from "../data/medications";
import { pharmaciesOf, pharmacyRecords, sortPharmacies } from "../data/pharmacies";
import { noticeHref } from "../domain/dashboard";
import type { AppEnv } from "../env";
import * as m from "../generated/i18n";
import { signedIn } from "../http/middleware";
import { peopleRead, personPageOf, type PersonPage } from "../http/person-page";
import type { User } from "../shared/user";
import { isolate, Rich } from "../i18n/Rich";

function FormPage({ heading, subtitle, children }: { heading: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl">
      <div className="card p-4 sm:p-6">
        <h1 className="text-2xl font-bold">{heading}</h1>
        <p className="mt-1 mb-6 text-sm text-slate-700">{subtitle}</p>
        {children}
      </div>
    </div>
  );
}

/**
 * A viewer's or helper's answer on another person's add or edit page: 403, saying why, with the way
 * back (the API would refuse the save anyway; this spares filling in a form that cannot be saved).
 */
function forbidden<E extends AppEnv>(c: Context<E>, user: User, person: PersonPage, name: string) {
  c.status(403);
  return c.render(
    <AppShell user={user} people={person.people}>
      <div className="card mx-auto max-w-md p-6">
        <h1 className="text-2xl font-bold">
          <Rich message={m.person_forbidden_heading} values={{ name: <bdi>{name}</bdi> }} />
        </h1>
        <p className="mt-4 text-sm text-slate-700">
          <Rich message={m.person_forbidden_text} values={{ name: <bdi>{name}</bdi> }} />
        </p>
        <a href={person.page("/")} className="mt-6 inline-block text-sm text-teal-800 underline">
          <Rich message={m.person_back_to_dashboard} values={{ name: <bdi>{name}</bdi> }} />
        </a>
      </div>
    </AppShell>,
    { title: m.person_forbidden_heading({ name: isolate(name) }) },
  );
}

/** /add-medication and /edit-medication/:id: one form, two modes (under /p/:profileId/ for another person). */
export const medicationPages = new Hono<AppEnv>()
  .get(
    "/add-medication",
    signedIn(({ db, owner, person }) => ({ pharmacies: pharmaciesOf(db, person), people: peopleRead(db, owner) })),
    (c) => {
      const { user, data } = c.var.signedIn;
      const person = personPageOf(c, c.var.signedIn, data.people);
      if (person.other !== null && !person.may("manager")) return forbidden(c, user, person, person.other);
      const heading =
        person.other === null ? m.page_add_medication_title() : m.person_add_medication_title({ name: isolate(person.other) });
      return c.render(
        <AppShell user={user} people={person.people}>
          <FormPage heading={heading} subtitle={m.page_add_medication_subtitle()}>
            <Island
              name="MedicationForm"
              props={{ mode: "add", pharmacies: sortPharmacies(pharmacyRecords(data.pharmacies)), today: personToday(c.var.signedIn) }}
            />
          </FormPage>
        </AppShell>,
        { title: heading },
      );
    },
  )

  .get(
    "/edit-medication/:id",
    signedIn(({ db, owner, person, id }) => ({
      medication: medicationOf(db, person, id),
      pharmacies: pharmaciesOf(db, person),
      people: peopleRead(db, owner),
    })),
    (c) => {
      const { user, data } = c.var.signedIn;
      const person = personPageOf(c, c.var.signedIn, data.people);
      if (person.other !== null && !person.may("manager")) return forbidden(c, user, person, person.other);
      const [row] = data.medication;
      // A malformed, unknown or another user's id: back to the person's dashboard, which shows the
      // 'Error loading medication data' toast.
      if (!row) return c.redirect(person.page(noticeHref("medication-load-error")), 302);
      const heading =
        person.other === null ? m.page_edit_medication_title() : m.person_edit_medication_title({ name: isolate(person.other) });
      return c.render(
        <AppShell user={user} people={person.people}>
          <FormPage heading={heading} subtitle={m.page_edit_medication_subtitle()}>
            <Island
              name="MedicationForm"
              props={{
                mode: "edit",
                medicationId: row.id,
                medication: toMedication(row, personToday(c.var.signedIn)),
                pharmacies: sortPharmacies(pharmacyRecords(data.pharmacies)),
                today: personToday(c.var.signedIn),
              }}
            />
          </FormPage>
        </AppShell>,
        { title: heading },
      );
    },
  );
