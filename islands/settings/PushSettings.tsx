import { useEffect, useId, useState } from "react";
import * as m from "../../src/generated/i18n";
import type { PushDevice, SavedPushDevice } from "../../src/shared/push";
import { apiRequest } from "../lib/api";
import { errorMessage } from "../lib/errors";
import { FieldError } from "../lib/Field";
import { showError, showSuccess } from "../lib/toast";
import { PushRefused, pushSupport, SUBSCRIBE_TIMEOUT_MS, subscribeThisDevice, type PushSupport } from "./push-client";

// Configure Notifications → 'Reminders by': e-mail, push on this device, or both; the devices that
// get push, each removable; and whether the lock screen may name the medications. The choice is
// saved with the form; a device is saved (or removed) at once, since the browser already holds it.

export interface Channels {
  email: boolean;
  push: boolean;
}

interface Props {
  channels: Channels;
  onChannels: (channels: Channels) => void;
  showNames: boolean;
  onShowNames: (value: boolean) => void;
  vapidPublicKey: string;
  devices: PushDevice[];
  onDevices: (devices: PushDevice[]) => void;
  error?: string;
}

function refusalText({ reason }: PushRefused): string {
  if (reason === "denied") return m.notifications_push_denied();
  if (reason === "unreachable") return m.notifications_push_unreachable({ seconds: SUBSCRIBE_TIMEOUT_MS / 1000 });
  return m.notifications_push_failed();
}

export function PushSettings({ channels, onChannels, showNames, onShowNames, vapidPublicKey, devices, onDevices, error }: Props) {
  const id = useId();
  const [support, setSupport] = useState<PushSupport>("unknown");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setSupport(pushSupport()), []);

  async function turnPushOn() {
    setProblem(null);
    setBusy(true);
    try {
      const subscription = await subscribeThisDevice(vapidPublicKey);
      const device = await apiRequest<SavedPushDevice>("POST", "/api/push/subscriptions", subscription);
      onDevices([...devices.filter((d) => d.id !== device.id), device]);
      onChannels({ ...channels, push: true });
      showSuccess(m.notifications_push_on());
    } catch (err) {
      setProblem(err instanceof PushRefused ? refusalText(err) : errorMessage(err));
      // The push service cannot be reached from here: reminders keep coming by e-mail.
      if (err instanceof PushRefused && err.reason === "unreachable") onChannels({ ...channels, email: true, push: false });
    }
    setBusy(false);
  }

  async function remove(device: PushDevice) {
    try {
      await apiRequest("DELETE", `/api/push/subscriptions/${device.id}`);
      onDevices(devices.filter((d) => d.id !== device.id));
      showSuccess(m.notifications_device_removed());
    } catch (err) {
      showError(m.notifications_device_remove_failed(), errorMessage(err));
    }
  }

  const note =
    support === "ios-home-screen" ? m.notifications_push_ios() : support === "unsupported" ? m.notifications_push_unsupported() : null;
  const errorId = `${id}-channels`;
  return (
    <fieldset className="space-y-3" aria-describedby={error ? `${errorId}-error` : undefined}>
      <legend className="field-label">{m.notifications_reminders_by()}</legend>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="byEmail"
          checked={channels.email}
          onChange={(e) => onChannels({ ...channels, email: e.currentTarget.checked })}
          className="mt-0.5 h-4 w-4 accent-teal-700"
        />
        {m.notifications_by_email()}
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="byPush"
          checked={channels.push}
          disabled={busy || note !== null}
          aria-describedby={note || problem ? `${id}-push-note` : undefined}
          // Permission is asked from this tap only, never on page load.
          onChange={(e) => (e.currentTarget.checked ? void turnPushOn() : onChannels({ ...channels, push: false }))}
          className="mt-0.5 h-4 w-4 accent-teal-700"
        />
        {m.notifications_by_push()}
      </label>
      {(note || problem) && (
        <p id={`${id}-push-note`} className="text-sm text-slate-700" role={problem ? "alert" : undefined}>
          {problem ?? note}
        </p>
      )}
      <FieldError id={errorId} error={error} />

      {(channels.push || devices.length > 0) && (
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="pushShowNames"
            checked={showNames}
            onChange={(e) => onShowNames(e.currentTarget.checked)}
            aria-describedby={`${id}-names-hint`}
            className="mt-0.5 h-4 w-4 accent-teal-700"
          />
          <span>
            {m.notifications_show_names()}
            <span id={`${id}-names-hint`} className="block text-slate-700">
              {m.notifications_show_names_hint()}
            </span>
          </span>
        </label>
      )}

      <div>
        <h3 className="text-sm font-semibold">{m.notifications_devices_heading()}</h3>
        <p className="mt-1 text-sm text-slate-700">{m.notifications_devices_recovery()}</p>
        {devices.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">{m.notifications_devices_empty()}</p>
        ) : (
          <ul className="mt-1 divide-y divide-slate-200 text-sm">
            {devices.map((device) => (
              <li key={device.id} className="flex items-center justify-between gap-3 py-2">
                <span>
                  <bdi>{device.label}</bdi>
                  <span className="block text-slate-700">{m.notifications_device_added({ date: device.addedOn })}</span>
                </span>
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => void remove(device)}
                  aria-label={m.notifications_device_remove_label({ device: device.label })}
                >
                  {m.notifications_device_remove()}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
