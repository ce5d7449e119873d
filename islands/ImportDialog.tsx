import { lazy, Suspense, useState } from "react";
import * as m from "../src/generated/i18n";

// The dashboard's 'Import from CSV': pick a file, see every row and every problem (the server reads
// it with ?dryRun=1, the same rules as the real import), then import all of it or nothing. The
// dialog loads on the first click: most dashboard visits never import, and the dashboard's first
// JavaScript stays within its budget.
const ImportPanel = lazy(() => import("./import/ImportPanel").then((module) => ({ default: module.ImportPanel })));

export default function ImportDialog() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn-secondary flex-1 sm:flex-none"
        data-online-only
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {m.import_open()}
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <ImportPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
