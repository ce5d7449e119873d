import { useCallback, useEffect, useRef, useState } from "react";
import type { Medication, Pharmacy } from "../../src/domain/medications";
import * as m from "../../src/generated/i18n";
import { apiRequest } from "../lib/api";
import { errorMessage } from "../lib/errors";
import { showError } from "../lib/toast";
import { useRefreshOnFocus } from "../lib/useWindowFocus";
import { personApi } from "../lib/person";

type ListData = { medications: Medication[] | null; pharmacies: Pharmacy[] | null };

/**
 * The dashboard's data: the server's first render, refetched on window focus and after every change
 * (always stale, never retried, never polled). Only the newest answer is kept.
 *
 * Hand-written on purpose rather than on SWR: SWR's defaults go against these rules (answers reused
 * for 2 s, focus refetches at most every 5 s, failed requests retried), so it would need them all
 * turned off, and it adds about 6 KB gzip to the dashboard's JavaScript (82.4 → 88.2 KB when tried,
 * of a 90 KB budget) to replace some 40 lines.
 */
export function useListData(medications: Medication[] | null, pharmacies: Pharmacy[] | null) {
  const [data, setData] = useState<ListData>({ medications, pharmacies });
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);
  const current = useRef(data);
  current.current = data;

  const reload = useCallback(() => {
    const request = ++latest.current;
    setFailed(false);
    Promise.allSettled([
      apiRequest<Medication[]>("GET", personApi("/medications")),
      apiRequest<Pharmacy[]>("GET", personApi("/pharmacies")),
    ]).then(([meds, pharms]) => {
      if (request !== latest.current) return;
      // A failed background refresh keeps what is on screen.
      if (pharms.status === "rejected" && current.current.pharmacies === null)
        showError(m.toast_pharmacies_load_failed(), errorMessage(pharms.reason));
      setFailed(meds.status === "rejected");
      setData((prev) => ({
        medications: meds.status === "fulfilled" ? meds.value : prev.medications,
        pharmacies: pharms.status === "fulfilled" ? pharms.value : prev.pharmacies,
      }));
    });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mount: later changes come from reload itself.
  useEffect(() => {
    if (medications === null || pharmacies === null) reload();
  }, []);
  useRefreshOnFocus(reload);
  // A dose logged or undone in the Today section (islands/DoseToday.tsx) moves the counts.
  useEffect(() => {
    addEventListener("doses-changed", reload);
    return () => removeEventListener("doses-changed", reload);
  }, [reload]);

  return { data, failed, reload };
}
