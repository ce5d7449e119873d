import { Island } from "./Island";

/** The dashboard's ways to take the list elsewhere: print it, download it as CSV, import a CSV. */
export function ListTools() {
  return (
    <>
      <a href="/medications/print" className="btn-secondary flex-1 sm:flex-none">
        Print list
      </a>
      <a href="/api/medications/export.csv" download className="btn-secondary flex-1 sm:flex-none">
        Export CSV
      </a>
      <Island name="ImportDialog" props={{}} />
    </>
  );
}
