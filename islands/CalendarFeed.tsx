import { useId, useState } from "react";
import type { CalendarFeedUrl } from "../src/shared/calendar";
import * as m from "../src/generated/i18n";
import { Rich } from "../src/i18n/Rich";
import { apiRequest } from "./lib/api";
import { errorMessage } from "./lib/errors";
import { PendingButton } from "./lib/submit";
import { showError, showSuccess } from "./lib/toast";
import { type PersonRef, personPath } from "./people/common";

// Settings' 'Calendar': a secret feed URL for the patient's calendar app. The server keeps only a
// hash of the secret, so the URL can be shown once, right after it is made; 'Reset link' makes a
// new one (the old stops working), 'Turn off' removes it. With `person` (another person's sharing
// and settings page) it is the member's own feed of that person, named in its heading.

type Action = "create" | "reset" | "off" | null;

/** The same feed for a calendar app: webcal:// is the feed's URL with the scheme swapped (calendars fetch it over https). */
const webcalUrl = (url: string) => url.replace(/^https?:/, "webcal:");

export default function CalendarFeed({
  enabled: initiallyEnabled,
  person = null,
}: {
  enabled: boolean;
  /** A person's page: the feed of that person (`self`: the account's own, not named). */
  person?: (PersonRef & { self: boolean }) | null;
}) {
  const api = person ? personPath(person, "/calendar-feed") : "/api/calendar-feed";
  const named = person && !person.self ? person : null;
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
        await apiRequest("DELETE", api);
        setEnabled(false);
        setUrl(null);
        showSuccess(m.calendar_feed_turned_off(), m.calendar_feed_turned_off_description());
      } else {
        const answer = await apiRequest<CalendarFeedUrl>("POST", api);
        setEnabled(true);
        setUrl(answer.url);
        if (action === "reset") showSuccess(m.calendar_feed_link_reset(), m.calendar_feed_link_reset_description());
      }
    } catch (err) {
      showError(m.common_error(), errorMessage(err));
    }
    setPending(null);
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      showSuccess(m.calendar_feed_link_copied());
    } catch {
      showError(m.calendar_feed_copy_failed(), m.calendar_feed_copy_failed_description());
    }
  }

  return (
    <section aria-labelledby="calendar-heading" className="space-y-3">
      {person ? (
        // Inside the page's 'Your settings for this person' section: one level below its heading.
        <h3 id="calendar-heading" className="text-base font-semibold">
          {named ? (
            <Rich message={m.calendar_feed_person_heading} values={{ person: <bdi>{named.name}</bdi> }} />
          ) : (
            m.calendar_feed_heading()
          )}
        </h3>
      ) : (
        <h2 id="calendar-heading" className="text-lg font-semibold">
          {m.calendar_feed_heading()}
        </h2>
      )}
      <p className="text-sm text-slate-700">
        {named ? <Rich message={m.calendar_feed_person_intro} values={{ person: <bdi>{named.name}</bdi> }} /> : m.calendar_feed_intro()}
      </p>
      {!enabled && (
        <PendingButton
          type="button"
          className="btn-primary"
          onClick={() => run("create")}
          pending={pending === "create"}
          label={m.calendar_feed_subscribe()}
        />
      )}
      {enabled && url && (
        <div className="space-y-1">
          <label htmlFor={urlId} className="field-label">
            {m.calendar_feed_link_label()}
          </label>
          <input
            id={urlId}
            type="text"
            dir="ltr"
            readOnly
            value={url}
            aria-describedby={noteId}
            className="field-input font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
          <p id={noteId} className="text-xs text-slate-700">
            {m.calendar_feed_link_note()}
          </p>
        </div>
      )}
      {enabled && !url && <p className="text-sm text-slate-700">{m.calendar_feed_on()}</p>}
      {enabled && (
        <div className="flex flex-wrap gap-2">
          {url && (
            <button type="button" className="btn-primary" onClick={copy}>
              {m.calendar_feed_copy()}
            </button>
          )}
          {url && (
            <a href={webcalUrl(url)} className="btn-secondary">
              {m.calendar_feed_open_app()}
            </a>
          )}
          <PendingButton
            type="button"
            className="btn-secondary"
            onClick={() => run("reset")}
            pending={pending === "reset"}
            disabled={pending !== null}
            label={m.calendar_feed_reset()}
          />
          <PendingButton
            type="button"
            className="btn-secondary"
            onClick={() => run("off")}
            pending={pending === "off"}
            disabled={pending !== null}
            label={m.calendar_feed_turn_off()}
          />
        </div>
      )}
    </section>
  );
}
