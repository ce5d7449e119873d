// A dose reminder's buttons in the service worker: Taken logs the push's doses and Snooze asks for
// one more push, each a same-origin POST with the session cookie and no window. When the request
// fails (signed out, offline, a schedule changed), the reminder comes back as a notification whose
// tap opens the confirm page, so the doses are never silently left unlogged.
// The payload's checks and the requests themselves are pure (src/shared/dose-push.ts).

import { confirmPath, doseActionRequest, readDosePush, type DoseAction, type DosePush } from "../../src/shared/dose-push";

/** What a dose notification keeps in its `data`, beside the url its body tap opens. */
export interface DoseNotificationData {
  url: string;
  /** The checked occurrences, in the payload's shape, so they are checked again on the tap. */
  dose?: { kind: "dose"; doses: DosePush["doses"]; person?: number };
  /** Shown again when a button's request fails (the worker has no catalogs of its own). */
  title: string;
  body: string;
  tag: string;
  lang?: string;
}

const FAILURE_BODY_MAX = 300;

/** The server's sentence ({ message }, in the request's language) when it sent one. */
async function serverMessage(res: Response): Promise<string | null> {
  try {
    const parsed = (await res.json()) as { message?: unknown };
    return typeof parsed?.message === "string" && parsed.message.trim() ? parsed.message.trim().slice(0, FAILURE_BODY_MAX) : null;
  } catch {
    return null;
  }
}

type Show = (title: string, options: NotificationOptions & { data?: unknown }) => Promise<void>;

/**
 * Sends a button's request. Nothing is shown when it succeeds; otherwise the same reminder again
 * (the server's reason as its text when it gave one) with no buttons, its tap opening the confirm page.
 */
export async function sendDoseAction(action: DoseAction, data: DoseNotificationData, show: Show, fetcher: typeof fetch = fetch) {
  const push = readDosePush(data.dose);
  if (!push) return;
  const request = doseActionRequest(action, push);
  let reason: string | null = null;
  try {
    const res = await fetcher(request.path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request.body),
    });
    if (res.ok) return;
    reason = await serverMessage(res);
  } catch {
    // Offline or the server unreachable: the reminder's own text says what to do.
  }
  await show(data.title, {
    body: reason ?? data.body,
    tag: data.tag,
    lang: data.lang,
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data: { url: confirmPath(push.date, push.at, push.person) },
  });
}

/** The action of a click when it is one of a dose reminder's buttons; a body tap has none. */
export const doseActionOf = (action: unknown): DoseAction | null => (action === "taken" || action === "snooze" ? action : null);
