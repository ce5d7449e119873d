import { Hono } from "hono";
import { AppShell } from "../components/AppShell";
import { Island } from "../components/Island";
import { pharmaciesOf, pharmacyRecords, sortPharmacies } from "../data/pharmacies";
import { withPhone } from "../domain/phone";
import type { AppEnv } from "../env";
import * as m from "../generated/i18n";
import { signedIn } from "../http/middleware";

/** /pharmacies: the user's pharmacies, read with the session. */
export const pharmacyPages = new Hono<AppEnv>().get(
  "/pharmacies",
  signedIn(({ db, person }) => ({ pharmacies: pharmaciesOf(db, person) })),
  (c) => {
    const { user, data } = c.var.signedIn;
    return c.render(
      <AppShell user={user}>
        <Island name="Pharmacies" props={{ pharmacies: sortPharmacies(pharmacyRecords(data.pharmacies)).map(withPhone) }} />
      </AppShell>,
      { title: m.page_pharmacies_title() },
    );
  },
);
