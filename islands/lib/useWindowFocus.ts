import { useEffect, useRef } from "react";

/** Runs `refresh` whenever the window regains focus (lists and the current user refetch on window focus). */
export function useRefreshOnFocus(refresh: () => void) {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    const onFocus = () => latest.current();
    const onVisible = () => document.visibilityState === "visible" && latest.current();
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);
}
