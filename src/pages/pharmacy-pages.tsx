import { Hono } from "hono";
import { AppShell } from "../components/AppShell";
import { Island } from "../components/Island";
import { pharmaciesOf, pharmacyRecords, sortPharmacies } from "../data/pharmacies";
import { withPhone } from "../domain/phone";
import type { AppEnv } from "../env";
import * as m from "../generated/i18n";
import { signedIn } from "../http/middleware";
import { peopleRead, personPageOf } from "../http/person-page";
import { isolate } from "../i18n/Rich";

/** /pharmacies (and /p/:profileId/pharmacies): the person's pharmacies, read with the session. */
export const pharmacyPages = new Hono<AppEnv>().get(
  "/pharmacies",
  signedIn(({ db, owner, person }) => ({ pharmacies: pharmaciesOf(db, person), people: peopleRead(db, owner) })),
  (c) => {
    const { user, data } = c.var.signedIn;
    const person = personPageOf(c, c.var.signedIn, data.people);
    const title = person.other === null ? m.page_pharmacies_title() : m.person_pharmacies_title({ name: isolate(person.other) });
    return c.render(
      <AppShell user={user} people={person.people}>
        <Island name="Pharmacies" props={{ pharmacies: sortPharmacies(pharmacyRecords(data.pharmacies)).map(withPhone) }} />
      </AppShell>,
      { title },
    );
  },
);
