import { useRef, useState } from "react";
import { changePasswordSchema, type DeviceRow } from "../src/shared/account-schemas";
import * as m from "../src/generated/i18n";
import { apiRequest, ApiRequestError } from "./lib/api";
import { serverMessage } from "./lib/errors";
import { Field, FormAlert } from "./lib/Field";
import { check, readForm } from "./lib/form";
import { PendingButton, useSubmit } from "./lib/submit";

/**
 * Settings › Security: change the password, the devices signed in with 'Sign out everywhere else',
 * and when the calendar feed was made (both actions turn it off, so a stolen session's feed ends).
 */
export default function SecuritySettings({
  username,
  devices,
  calendarFeedMadeOn,
}: {
  username: string;
  devices: DeviceRow[];
  calendarFeedMadeOn: string | null;
}) {
  const [rows, setRows] = useState(devices);
  const [feedMadeOn, setFeedMadeOn] = useState(calendarFeedMadeOn);
  const form = useRef<HTMLFormElement>(null);
  const onlyThisDevice = () => {
    setRows((list) => list.filter((row) => row.current));
    setFeedMadeOn(null);
  };

  // A refusal keeps what was typed: a wrong current password or a reused new one is said at its
  // field (useSubmit reads the code), anything else in the form's alert.
  const change = useSubmit({
    check: (element) => check(changePasswordSchema, readForm(element)),
    async send(data) {
      await apiRequest("PUT", "/api/user/password", data);
      form.current?.reset();
      onlyThisDevice();
      return { toast: { title: m.security_password_changed(), description: m.security_password_changed_description() } };
    },
    failureTitle: m.security_password_not_changed(),
    describe: serverMessage,
  });
  // One device from the list (never this one: the account menu's 'Log out' is for that).
  const [leaving, setLeaving] = useState<string | null>(null);
  const devicesHeading = useRef<HTMLHeadingElement>(null);
  const signOutDevice = useSubmit<DeviceRow>({
    async send(device) {
      try {
        await apiRequest("DELETE", `/api/user/sessions/${encodeURIComponent(device.id)}`);
      } catch (err) {
        // Already gone (it signed out, or expired): the list drops it too.
        if (err instanceof ApiRequestError && err.status === 404) setRows((list) => list.filter((row) => row.id !== device.id));
        throw err;
      }
      setRows((list) => list.filter((row) => row.id !== device.id));
      // Its button is gone: focus goes to the list's heading, not to the page's start.
      devicesHeading.current?.focus();
      return {
        toast: { title: m.security_device_signed_out(), description: m.security_device_signed_out_description({ device: device.browser }) },
      };
    },
    failureTitle: m.security_sign_out_failed(),
    describe: serverMessage,
  });
  const signOut = useSubmit<void>({
    async send() {
      const { ended } = await apiRequest<{ ended: number }>("DELETE", "/api/user/sessions");
      onlyThisDevice();
      return { toast: { title: m.security_signed_out_elsewhere(), description: m.security_sessions_ended({ count: ended }) } };
    },
    failureTitle: m.security_sign_out_failed(),
    describe: serverMessage,
  });

  return (
    <div className="space-y-8">
      <form ref={form} onSubmit={change.onSubmit} noValidate className="space-y-4" aria-labelledby="change-password-heading">
        <h3 id="change-password-heading" className="text-lg font-semibold">
          {m.security_change_password_heading()}
        </h3>
        {/* Lets a password manager know whose password changes. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <Field
          label={m.common_current_password()}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={change.errors.currentPassword}
        />
        <Field
          label={m.common_new_password()}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint={m.security_new_password_hint({ min: 8 })}
          error={change.errors.newPassword}
        />
        <Field
          label={m.common_confirm_new_password()}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={change.errors.confirmPassword}
        />
        <FormAlert message={change.failure} />
        <div className="flex flex-col sm:flex-row sm:justify-end">
          <PendingButton
            className="btn-primary"
            pending={change.pending}
            label={m.security_change_password()}
            pendingLabel={m.security_changing()}
          />
        </div>
      </form>

      <section aria-labelledby="devices-heading" className="space-y-3">
        <h3 id="devices-heading" ref={devicesHeading} tabIndex={-1} className="text-lg font-semibold">
          {m.security_devices_heading()}
        </h3>
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="font-medium">
                  {row.browser}
                  {row.current && (
                    <span className="ms-2 rounded-full bg-teal-100 px-2 py-0.5 text-xs font-semibold text-teal-900">
                      {m.security_this_device()}
                    </span>
                  )}
                </p>
                <p className="text-sm text-slate-700">{m.security_device_times({ signedIn: row.signedIn, lastSeen: row.lastSeen })}</p>
              </div>
              {!row.current && (
                <PendingButton
                  type="button"
                  className="btn-secondary self-start sm:self-auto"
                  onClick={() => {
                    setLeaving(row.id);
                    void signOutDevice.submit(row);
                  }}
                  pending={signOutDevice.pending && leaving === row.id}
                  disabled={signOutDevice.pending || signOut.pending}
                  aria-label={m.security_sign_out_device_label({ device: row.browser, lastSeen: row.lastSeen })}
                  label={m.security_sign_out_device()}
                />
              )}
            </li>
          ))}
        </ul>
        {feedMadeOn && (
          <p className="text-sm text-slate-700">
            {m.security_calendar_feed_made({ date: feedMadeOn })} {m.security_calendar_feed_stops()}
          </p>
        )}
        <FormAlert message={signOut.failure ?? signOutDevice.failure} />
        <div className="flex flex-col sm:flex-row sm:justify-end">
          <PendingButton
            type="button"
            className="btn-secondary"
            onClick={() => signOut.submit()}
            pending={signOut.pending}
            disabled={signOut.pending || rows.length < 2}
            label={m.security_sign_out_elsewhere()}
            pendingLabel={m.security_signing_out()}
          />
        </div>
      </section>
    </div>
  );
}
