import { useEffect } from "react";
import { apiRequest } from "./api";
import { showSuccess } from "./toast";

/**
 * For an account that never chose a time zone: sends the browser's zone once and shows the server's
 * sentence ('Time zone set to … You can change it under Configure Notifications.'). Part of the
 * account menu, which every signed-in page has, rather than an island of its own.
 */
export function useBrowserTimeZone(chosen: boolean) {
  useEffect(() => {
    if (chosen) return;
    let zone: string | undefined;
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch {
      return;
    }
    if (!zone) return;
    apiRequest<{ changed: boolean; message?: string }>("PUT", "/api/user/timezone", { timezone: zone })
      .then((answer) => answer.changed && answer.message && showSuccess(answer.message))
      .catch(() => undefined); // a missed guess is harmless: the settings screen still offers the zone
  }, [chosen]);
}
