import * as m from "../generated/i18n";
import { Island } from "./Island";

/** The dashboard's ways to take the list elsewhere: print it, download it as CSV, import a CSV (each needs the server: disabled offline). */
export function ListTools() {
  return (
    <>
      <a href="/medications/print" className="btn-secondary flex-1 sm:flex-none" data-online-only>
        {m.nav_print_list()}
      </a>
      <a href="/api/medications/export.csv" download className="btn-secondary flex-1 sm:flex-none" data-online-only>
        {m.nav_export_csv()}
      </a>
      <Island name="ImportDialog" props={{}} />
    </>
  );
}
