import rawTimeZones from "@vvo/tzdb/raw-time-zones.json";
import { TIME_ZONE_NAME } from "../shared/settings-schemas";
import { USER_DEFAULTS } from "../shared/user";
import { isValidTimeZone, offsetAt } from "./time";

// The static time-zone reference list (@vvo/tzdb's raw data), enriched at runtime with
// each zone's current offset and a label '+HH:MM alternative name - main cities'. Server-only: the
// JSON is ~120 KB, so islands receive the compact [{ name, label }] list instead.

export interface TimeZoneRecord {
  name: string;
  alternativeName: string;
  group: string[];
  continentCode: string;
  continentName: string;
  countryName: string;
  countryCode: string;
  mainCities: string[];
  rawOffsetInMinutes: number;
  abbreviation: string;
  rawFormat: string;
}

export interface TimeZoneInfo extends TimeZoneRecord {
  currentOffsetInMinutes: number;
  label: string;
}

/** What the select needs. */
export interface TimeZoneOption {
  name: string;
  label: string;
}

/** The account default, kept selectable although tzdb lists no "UTC" entry. */
export const DEFAULT_TIME_ZONE = USER_DEFAULTS.timezone;

const RECORDS = rawTimeZones as TimeZoneRecord[];

export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

const byOffsetThenName = (a: TimeZoneInfo, b: TimeZoneInfo) =>
  a.currentOffsetInMinutes - b.currentOffsetInMinutes ||
  a.alternativeName.localeCompare(b.alternativeName) ||
  (a.mainCities[0] ?? "").localeCompare(b.mainCities[0] ?? "");

/** The list as of `now`: invalid names dropped (and zones this runtime cannot compute), sorted. */
export function timeZonesAt(now: number, records: TimeZoneRecord[] = RECORDS): TimeZoneInfo[] {
  return records
    .filter((zone) => TIME_ZONE_NAME.test(zone.name) && isValidTimeZone(zone.name))
    .map((zone) => {
      const currentOffsetInMinutes = Math.round(offsetAt(now, zone.name) / 60_000);
      const label = `${formatOffset(currentOffsetInMinutes)} ${zone.alternativeName} - ${zone.mainCities.join(", ")}`;
      return { ...zone, currentOffsetInMinutes, label };
    })
    .sort(byOffsetThenName);
}

/** The select's options; the user's current zone is kept even when the list has no entry for it. */
export function timeZoneOptions(now: number, current?: string): TimeZoneOption[] {
  const options = timeZonesAt(now).map(({ name, label }) => ({ name, label }));
  if (current && !options.some((o) => o.name === current) && isValidTimeZone(current)) {
    const offset = formatOffset(Math.round(offsetAt(now, current) / 60_000));
    options.unshift({
      name: current,
      label: current === DEFAULT_TIME_ZONE ? `${offset} Coordinated Universal Time - UTC` : `${offset} ${current}`,
    });
  }
  return options;
}

let aliases: Map<string, string> | undefined;

/**
 * The list's name for a zone a request names: the name itself, or the entry whose group holds it
 * as an alias (browsers report e.g. "Asia/Calcutta" for Asia/Kolkata). null when unknown.
 */
export function resolveTimeZone(name: string): string | null {
  if (name === DEFAULT_TIME_ZONE || name === "Etc/UTC") return DEFAULT_TIME_ZONE;
  if (!TIME_ZONE_NAME.test(name)) return null;
  if (!aliases) {
    aliases = new Map();
    for (const zone of RECORDS) {
      if (!TIME_ZONE_NAME.test(zone.name)) continue;
      for (const alias of zone.group) if (!aliases.has(alias)) aliases.set(alias, zone.name);
      aliases.set(zone.name, zone.name);
    }
  }
  const resolved = aliases.get(name);
  return resolved && isValidTimeZone(resolved) ? resolved : null;
}
