import type { ReactNode } from "react";
import { deviceId, type DeviceKey } from "../auth/device-id";
import { Island } from "../components/Island";
import { zoneOrUtc } from "../domain/time";
import { UNKNOWN_BROWSER } from "../domain/browser";
import * as m from "../generated/i18n";
import { formatDateTime } from "../i18n/format";
import type { DeviceRow, PersonOnDeletion } from "../shared/account-schemas";

// The Security and Your data sections under the profile form on /profile.

interface StoredDevice {
  id: string;
  browser: string | null;
  createdAt: number;
  lastSeenAt: number;
}

/** When the calendar feed was made, in the user's zone and language; null without a feed. */
export const calendarFeedDate = (feed: Array<{ createdAt: number }>, timeZone: string): string | null =>
  feed[0] ? formatDateTime(feed[0].createdAt, zoneOrUtc(timeZone)) : null;

/**
 * A device's stored label (browserLabel: "Firefox on Windows", "Safari", "Unknown browser") in the
 * reader's language; browser and system names are names and stay as they are.
 */
export function deviceLabel(stored: string | null): string {
  if (!stored || stored === UNKNOWN_BROWSER) return m.page_unknown_browser();
  const on = stored.indexOf(" on ");
  return on > 0 ? m.page_browser_on_system({ browser: stored.slice(0, on), system: stored.slice(on + 4) }) : stored;
}

/** The devices for the Security section: times in the user's zone, this session marked, device ids (not session ids). */
export function deviceRows(devices: StoredDevice[], currentSessionId: string, timeZone: string, key: DeviceKey): DeviceRow[] {
  const zone = zoneOrUtc(timeZone);
  return devices.map((device) => ({
    id: deviceId(key, device.id),
    browser: deviceLabel(device.browser),
    signedIn: formatDateTime(device.createdAt, zone),
    lastSeen: formatDateTime(device.lastSeenAt, zone),
    current: device.id === currentSessionId,
  }));
}

function Section({ id, heading, subtitle, children }: { id: string; heading: string; subtitle: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mx-auto mt-10 max-w-2xl">
      <h2 id={id} className="text-xl font-bold">
        {heading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{subtitle}</p>
      <div className="card mt-4 p-4 sm:p-6">{children}</div>
    </section>
  );
}

export function AccountSections({
  username,
  devices,
  calendarFeedMadeOn,
  onDeletion,
}: {
  username: string;
  devices: DeviceRow[];
  calendarFeedMadeOn: string | null;
  onDeletion: PersonOnDeletion[];
}) {
  return (
    <>
      <Section id="security-heading" heading={m.page_security_heading()} subtitle={m.page_security_subtitle()}>
        <Island name="SecuritySettings" props={{ username, devices, calendarFeedMadeOn }} />
      </Section>
      <Section id="your-data-heading" heading={m.page_your_data_heading()} subtitle={m.page_your_data_subtitle()}>
        <Island name="DataSettings" props={{ onDeletion }} />
      </Section>
    </>
  );
}
