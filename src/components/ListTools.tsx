import * as m from "../generated/i18n";
import type { PersonPage } from "../http/person-page";
import { Island } from "./Island";

/** The dashboard's ways to take the list elsewhere: print it, download it as CSV, import a CSV (each needs the server: disabled offline). */
export function ListTools({ person }: { person: Pick<PersonPage, "page" | "api" | "may"> }) {
  return (
    <>
      <a href={person.page("/medications/print")} className="btn-secondary flex-1 sm:flex-none" data-online-only>
        {m.nav_print_list()}
      </a>
      <a href={person.api("/medications/export.csv")} download className="btn-secondary flex-1 sm:flex-none" data-online-only>
        {m.nav_export_csv()}
      </a>
      {person.may("manager") && <Island name="ImportDialog" props={{}} />}
    </>
  );
}
