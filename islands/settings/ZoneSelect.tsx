import type { TimeZoneOption } from "../../src/domain/timezones";
import * as m from "../../src/generated/i18n";
import { FieldError } from "../lib/Field";
import { clockIn } from "./zones";

interface Props {
  id: string;
  zones: TimeZoneOption[];
  value: string;
  onChange: (zone: string) => void;
  now: number;
  error?: string;
  /** The label and hint when the zone is not the account's own (a person's page); the account's otherwise. */
  label?: string;
  hint?: string;
}

/** Consecutive zones with the same offset and name ('GMT+05:30 India Standard Time'), in the list's order. */
function groupsOf(zones: TimeZoneOption[]) {
  const groups: Array<{ label: string; zones: TimeZoneOption[] }> = [];
  for (const zone of zones) {
    const label = m.notifications_timezone_group({ offset: zone.offset, zone: zone.zone });
    const last = groups.at(-1);
    if (last?.label === label) last.zones.push(zone);
    else groups.push({ label, zones: [zone] });
  }
  return groups;
}

/**
 * The time-zone choice. Each zone's name and offset (in the page's language) label its group; an
 * option is the city and its local time, so the closed select stays short enough for a phone, and
 * the chosen zone's full name is written under it.
 */
export function ZoneSelect({ id, zones, value, onChange, now, error, label, hint }: Props) {
  const chosen = zones.find((z) => z.name === value);
  const parts = [chosen ? "zone" : "", "hint", error ? "error" : ""].filter(Boolean);
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label ?? m.notifications_timezone()}
      </label>
      <select
        id={id}
        name="timezone"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        aria-describedby={parts.map((part) => `${id}-${part}`).join(" ")}
        aria-invalid={error ? true : undefined}
        className="field-input"
      >
        {groupsOf(zones).map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.zones.map((zone) => (
              // The local time differs between the server's render and hydration: React keeps the text it gets.
              <option key={zone.name} value={zone.name} suppressHydrationWarning>
                {m.notifications_timezone_option({ zone: zone.city, time: clockIn(zone.name, now) })}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {chosen && (
        <p id={`${id}-zone`} className="mt-1 text-sm text-slate-900">
          {m.notifications_timezone_group({ offset: chosen.offset, zone: chosen.zone })}
        </p>
      )}
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
        {hint ?? m.notifications_timezone_hint()}
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}
