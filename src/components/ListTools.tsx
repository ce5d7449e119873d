import * as m from "../generated/i18n";
import { Island } from "./Island";

/** The dashboard's ways to take the list elsewhere: print it, download it as CSV, import a CSV. */
export function ListTools() {
  return (
    <>
      <a href="/medications/print" className="btn-secondary flex-1 sm:flex-none">
        {m.nav_print_list()}
      </a>
      <a href="/api/medications/export.csv" download className="btn-secondary flex-1 sm:flex-none">
        {m.nav_export_csv()}
      </a>
      <Island name="ImportDialog" props={{}} />
    </>
  );
}
