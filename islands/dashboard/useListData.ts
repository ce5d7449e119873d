import { useCallback, useEffect, useRef, useState } from "react";
import type { Medication, Pharmacy } from "../../src/domain/medications";
import { apiRequest } from "../lib/api";
import { errorMessage } from "../lib/errors";
import { showError } from "../lib/toast";
import { useRefreshOnFocus } from "../lib/useWindowFocus";

type ListData = { medications: Medication[] | null; pharmacies: Pharmacy[] | null };

/**
 * The dashboard's data: the server's first render, refetched on window focus and after every change
 * (spec: always stale, never retried, never polled). Only the newest answer is kept.
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
    Promise.allSettled([apiRequest<Medication[]>("GET", "/api/medications"), apiRequest<Pharmacy[]>("GET", "/api/pharmacies")]).then(([meds, pharms]) => {
      if (request !== latest.current) return;
      // A failed background refresh keeps what is on screen.
      if (pharms.status === "rejected" && current.current.pharmacies === null) showError("Error loading pharmacies", errorMessage(pharms.reason));
      setFailed(meds.status === "rejected");
      setData((prev) => ({
        medications: meds.status === "fulfilled" ? meds.value : prev.medications,
        pharmacies: pharms.status === "fulfilled" ? pharms.value : prev.pharmacies,
      }));
    });
  }, []);

  useEffect(() => {
    if (medications === null || pharmacies === null) reload();
    // Only on mount: later changes come from reload itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useRefreshOnFocus(reload);

  return { data, failed, reload };
}
