import { useId, useState } from "react";
import type { CalendarFeedUrl } from "../src/shared/calendar";
import { apiRequest } from "./lib/api";
import { errorMessage } from "./lib/errors";
import { PendingButton } from "./lib/submit";
import { showError, showSuccess } from "./lib/toast";

// Settings' 'Calendar': a secret feed URL for the patient's calendar app. The server keeps only a
// hash of the secret, so the URL can be shown once, right after it is made; 'Reset link' makes a
// new one (the old stops working), 'Turn off' removes it.

type Action = "create" | "reset" | "off" | null;

export default function CalendarFeed({ enabled: initiallyEnabled }: { enabled: boolean }) {
  const [enabled, setEnabled] = useState(initiallyEnabled);
  const [url, setUrl] = useState<string | null>(null);
  const [pending, setPending] = useState<Action>(null);
  const urlId = useId();
  const noteId = useId();

  async function run(action: Exclude<Action, null>) {
    if (pending) return;
    setPending(action);
    try {
      if (action === "off") {
        await apiRequest("DELETE", "/api/calendar-feed");
        setEnabled(false);
        setUrl(null);
        showSuccess("Calendar feed turned off", "Calendars subscribed to it stop updating.");
      } else {
        const answer = await apiRequest<CalendarFeedUrl>("POST", "/api/calendar-feed");
        setEnabled(true);
        setUrl(answer.url);
        if (action === "reset") showSuccess("Link reset", "The old link no longer works. Subscribe again with the new one.");
      }
    } catch (err) {
      showError("Error", errorMessage(err));
    }
    setPending(null);
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      showSuccess("Link copied");
    } catch {
      showError("Could not copy", "Select the link and copy it yourself.");
    }
  }

  return (
    <section aria-labelledby="calendar-heading" className="space-y-3">
      <h2 id="calendar-heading" className="text-lg font-semibold">
        Calendar
      </h2>
      <p className="text-sm text-slate-700">
        Subscribe in your calendar app to see, for each medication, the day to order a refill and the day it runs out, with an alert at your reminder hour. Only
        medication names are shown.
      </p>
      {!enabled && <PendingButton type="button" className="btn-primary" onClick={() => run("create")} pending={pending === "create"} label="Subscribe in your calendar" />}
      {enabled && url && (
        <div className="space-y-1">
          <label htmlFor={urlId} className="field-label">
            Your calendar link
          </label>
          <input id={urlId} type="text" readOnly value={url} aria-describedby={noteId} className="field-input font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
          <p id={noteId} className="text-xs text-slate-700">
            Shown only now. Anyone with this link can see your medication names and dates: keep it private.
          </p>
        </div>
      )}
      {enabled && !url && (
        <p className="text-sm text-slate-700">
          Your calendar feed is on. For your privacy the link is shown only when it is made: to subscribe another calendar, reset the link.
        </p>
      )}
      {enabled && (
        <div className="flex flex-wrap gap-2">
          {url && (
            <button type="button" className="btn-primary" onClick={copy}>
              Copy link
            </button>
          )}
          <PendingButton type="button" className="btn-secondary" onClick={() => run("reset")} pending={pending === "reset"} disabled={pending !== null} label="Reset link" />
          <PendingButton type="button" className="btn-secondary" onClick={() => run("off")} pending={pending === "off"} disabled={pending !== null} label="Turn off" />
        </div>
      )}
    </section>
  );
}
