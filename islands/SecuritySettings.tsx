import { useRef, useState } from "react";
import { CALENDAR_FEED_STOPS, calendarFeedMade, changePasswordSchema, WRONG_CURRENT_PASSWORD, type DeviceRow } from "../src/shared/account-schemas";
import { plural } from "../src/shared/format";
import { ApiRequestError, apiRequest } from "./lib/api";
import { serverMessage } from "./lib/errors";
import { Field } from "./lib/Field";
import { check, readForm } from "./lib/form";
import { PendingButton, useSubmit } from "./lib/submit";

/**
 * Settings › Security: change the password, the devices signed in with 'Sign out everywhere else',
 * and when the calendar feed was made (both actions turn it off, so a stolen session's feed ends).
 */
export default function SecuritySettings({ username, devices, calendarFeedMadeOn }: { username: string; devices: DeviceRow[]; calendarFeedMadeOn: string | null }) {
  const [rows, setRows] = useState(devices);
  const [feedMadeOn, setFeedMadeOn] = useState(calendarFeedMadeOn);
  const [wrongCurrent, setWrongCurrent] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const onlyThisDevice = () => {
    setRows((list) => list.filter((row) => row.current));
    setFeedMadeOn(null);
  };

  const change = useSubmit({
    check: (element) => check(changePasswordSchema, readForm(element)),
    async send(data) {
      setWrongCurrent(false);
      try {
        await apiRequest("PUT", "/api/user/password", data);
      } catch (err) {
        if (err instanceof ApiRequestError && err.serverMessage === WRONG_CURRENT_PASSWORD) setWrongCurrent(true);
        throw err;
      }
      form.current?.reset();
      onlyThisDevice();
      return { toast: { title: "Password changed", description: "Every other device has been signed out." } };
    },
    failureTitle: "Password not changed",
    describe: serverMessage,
  });
  const signOut = useSubmit<void>({
    async send() {
      const { ended } = await apiRequest<{ ended: number }>("DELETE", "/api/user/sessions");
      onlyThisDevice();
      return { toast: { title: "Signed out everywhere else", description: `${plural(ended, "other session", "other sessions")} ended.` } };
    },
    failureTitle: "Sign out failed",
    describe: serverMessage,
  });

  return (
    <div className="space-y-8">
      <form ref={form} onSubmit={change.onSubmit} noValidate className="space-y-4" aria-labelledby="change-password-heading">
        <h3 id="change-password-heading" className="text-lg font-semibold">
          Change password
        </h3>
        {/* Lets a password manager know whose password changes. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <Field
          label="Current Password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={change.errors.currentPassword ?? (wrongCurrent ? WRONG_CURRENT_PASSWORD : undefined)}
        />
        <Field label="New Password" name="newPassword" type="password" autoComplete="new-password" hint="At least 8 characters." error={change.errors.newPassword} />
        <Field label="Confirm New Password" name="confirmPassword" type="password" autoComplete="new-password" error={change.errors.confirmPassword} />
        <div className="flex flex-col sm:flex-row sm:justify-end">
          <PendingButton className="btn-primary" pending={change.pending} label="Change Password" pendingLabel="Changing..." />
        </div>
      </form>

      <section aria-labelledby="devices-heading" className="space-y-3">
        <h3 id="devices-heading" className="text-lg font-semibold">
          Signed-in devices
        </h3>
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {rows.map((row, i) => (
            <li key={i} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="font-medium">
                  {row.browser}
                  {row.current && <span className="ml-2 rounded-full bg-teal-100 px-2 py-0.5 text-xs font-semibold text-teal-900">This device</span>}
                </p>
                <p className="text-sm text-slate-700">
                  Signed in {row.signedIn} · Last seen {row.lastSeen}
                </p>
              </div>
            </li>
          ))}
        </ul>
        {feedMadeOn && (
          <p className="text-sm text-slate-700">
            {calendarFeedMade(feedMadeOn)} {CALENDAR_FEED_STOPS}
          </p>
        )}
        <div className="flex flex-col sm:flex-row sm:justify-end">
          <PendingButton
            type="button"
            className="btn-secondary"
            onClick={() => signOut.submit()}
            pending={signOut.pending}
            disabled={signOut.pending || rows.length < 2}
            label="Sign out everywhere else"
            pendingLabel="Signing out..."
          />
        </div>
      </section>
    </div>
  );
}
