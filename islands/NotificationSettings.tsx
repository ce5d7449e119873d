import { useEffect, useId, useState } from "react";
import type { User } from "../src/shared/user";
import { runningLowUntil } from "../src/domain/medications";
import { reminderArrivalAt } from "../src/domain/reminder-arrival";
import type { TimeZoneOption } from "../src/domain/timezones";
import * as m from "../src/generated/i18n";
import { formatTime } from "../src/i18n/format";
import { HOUR_OPTIONS, MAX_NOTIFICATION_DAYS, MIN_NOTIFICATION_DAYS, notificationSettingsSchema } from "../src/shared/settings-schemas";
import { apiRequest } from "./lib/api";
import { describedBy, Field, FieldError, FormAlert } from "./lib/Field";
import { check } from "./lib/form";
import { setCurrentUser, useCurrentUser } from "./lib/state";
import { PendingButton, useSubmit } from "./lib/submit";
import { browserTimeZone, matchTimeZone } from "./settings/zones";
import { ZoneSelect } from "./settings/ZoneSelect";
import { PushSettings, type Channels } from "./settings/PushSettings";
import type { PushDevice } from "../src/shared/push";
import { DoseReminderSettings } from "./settings/DoseReminderSettings";

interface Props {
  user: User;
  /** Compact list rendered by the server, in the page's language (zone name, city, offset). */
  zones: TimeZoneOption[];
  /** False until the user saves a zone: then the browser's zone is preselected. */
  timezoneChosen: boolean;
  /** The server's clock when it rendered, so the first client render matches the HTML. */
  renderedAt: number;
  /** The server's VAPID public key; null: push is off on this server (e-mail only). */
  vapidPublicKey: string | null;
  pushDevices: PushDevice[];
}

const channelsOf = (by: User["remindersBy"]): Channels => ({ email: by !== "push", push: by !== "email" });
const remindersBy = ({ email, push }: Channels): User["remindersBy"] | null =>
  email && push ? "both" : push ? "push" : email ? "email" : null;

const saved = () => ({ title: m.notifications_saved(), description: m.notifications_saved_description() });
/** An hour of the day on the clock, as the locale writes it ('7:00 PM', '19:00'). */
const hourLabel = (hour: number) => formatTime(Date.UTC(2026, 0, 1, hour), "UTC");
const dayCount = (count: number) => m.notifications_day_count({ count });

/** Said under the hour when the zone's offset today is not whole hours: the time the reminder really arrives. */
function arrivalNote(timezone: string, hour: number, now: number) {
  const arrival = reminderArrivalAt(timezone, hour, now);
  return arrival === null ? undefined : m.notifications_arrival_time({ time: formatTime(arrival, timezone) });
}

/** /notifications: lead time, time zone, hour and consent of the daily refill e-mail. */
export default function NotificationSettings({ user, zones, timezoneChosen, renderedAt, vapidPublicKey, pushDevices }: Props) {
  useCurrentUser(user);
  const [days, setDays] = useState(user.notificationDays);
  const [timezone, setTimezone] = useState(user.timezone);
  const [hour, setHour] = useState(user.notificationHour);
  const [consent, setConsent] = useState(user.emailConsent);
  const [now, setNow] = useState(renderedAt);
  const [channels, setChannels] = useState(() => channelsOf(user.remindersBy));
  const [showNames, setShowNames] = useState(user.pushShowNames);
  const [devices, setDevices] = useState(pushDevices);
  const [doses, setDoses] = useState({ doseReminders: user.doseReminders, doseFollowUpMinutes: user.doseFollowUpMinutes });
  const id = useId();
  const { pending, errors, failure, onSubmit } = useSubmit({
    check: () => {
      const by = remindersBy(channels);
      if (!by) return { data: null, errors: { remindersBy: m.notifications_choose_channel() } };
      const push = vapidPublicKey ? { remindersBy: by, pushShowNames: showNames, ...doses } : {};
      return check(notificationSettingsSchema, {
        notificationDays: days,
        emailConsent: consent,
        timezone,
        notificationHour: hour,
        ...push,
      });
    },
    async send(data) {
      const answer = await apiRequest<{ user: User }>("PATCH", "/api/notifications/settings", data);
      setCurrentUser(answer.user);
      // The page stays: the saved values are the ones on it, and the toast says they were kept.
      return { toast: saved() };
    },
    failureTitle: m.common_update_failed(),
  });

  useEffect(() => {
    if (!timezoneChosen) {
      const detected = browserTimeZone();
      const match = detected ? matchTimeZone(zones, detected) : null;
      if (match) setTimezone(match);
    }
    // Each option shows its zone's local time: keep it current.
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [timezoneChosen, zones]);

  // The slider and the time zone lay out their own hint (above the error), so their ids are tied here.
  const daysNote = `${id}-notificationDays`;
  const zoneId = `${id}-timezone`;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <div>
        <div className="flex items-baseline justify-between gap-4">
          <label htmlFor={`${id}-days`} className="field-label">
            {m.notifications_days_label()}
          </label>
          <output htmlFor={`${id}-days`} className="text-lg font-semibold text-teal-800" aria-live="polite">
            {dayCount(days)}
          </output>
        </div>
        <input
          id={`${id}-days`}
          name="notificationDays"
          type="range"
          min={MIN_NOTIFICATION_DAYS}
          max={MAX_NOTIFICATION_DAYS}
          step={1}
          value={days}
          onChange={(e) => setDays(Number(e.currentTarget.value))}
          aria-valuetext={dayCount(days)}
          aria-describedby={describedBy(daysNote, ["hint", errors.notificationDays ? "error" : false])}
          className="mt-2 w-full accent-teal-700"
        />
        <p id={`${daysNote}-hint`} className="mt-1 text-sm text-slate-700">
          {m.notifications_days_hint({ count: days })}
        </p>
        <FieldError id={daysNote} error={errors.notificationDays} />
      </div>

      <div
        className="rounded-md border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950"
        role="note"
        aria-label={m.notifications_about_label()}
      >
        <p className="font-medium">{m.notifications_about_intro()}</p>
        <ul className="mt-2 list-disc space-y-1 ps-5">
          <li>{m.notifications_about_immediate({ count: days })}</li>
          <li>{m.notifications_about_upcoming({ count: runningLowUntil(days) })}</li>
          <li>{m.notifications_about_date()}</li>
        </ul>
        <p className="mt-2">{m.notifications_about_statuses({ refill: days, low: runningLowUntil(days) })}</p>
      </div>

      <ZoneSelect id={zoneId} zones={zones} value={timezone} onChange={setTimezone} now={now} error={errors.timezone} />

      <Field
        as="select"
        id={`${id}-hour`}
        label={m.notifications_time()}
        name="notificationHour"
        value={hour}
        onChange={(e) => setHour(Number(e.currentTarget.value))}
        error={errors.notificationHour}
        hint={arrivalNote(timezone, hour, now)}
      >
        {HOUR_OPTIONS.map(({ value }) => (
          <option key={value} value={value}>
            {hourLabel(value)}
          </option>
        ))}
      </Field>

      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="emailConsent"
          checked={consent}
          onChange={(e) => setConsent(e.currentTarget.checked)}
          className="mt-0.5 h-4 w-4 accent-teal-700"
        />
        {m.common_email_consent()}
      </label>

      {vapidPublicKey && (
        <PushSettings
          channels={channels}
          onChannels={setChannels}
          showNames={showNames}
          onShowNames={setShowNames}
          vapidPublicKey={vapidPublicKey}
          devices={devices}
          onDevices={setDevices}
          error={errors.remindersBy}
        />
      )}
      {vapidPublicKey && (channels.push || devices.length > 0) && (
        <DoseReminderSettings
          value={doses}
          onChange={setDoses}
          errors={{ doseReminders: errors.doseReminders, doseFollowUpMinutes: errors.doseFollowUpMinutes }}
        />
      )}

      <FormAlert message={failure} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <a href="/" className="btn-secondary">
          {m.common_cancel()}
        </a>
        <PendingButton className="btn-primary" pending={pending} label={m.notifications_save()} />
      </div>
    </form>
  );
}
