import rawTimeZones from "@vvo/tzdb/raw-time-zones.json";
import { TIME_ZONE_NAME } from "../shared/settings-schemas";
import { USER_DEFAULTS } from "../shared/user";
import { currentLocale } from "../i18n/current";
import { boundedCache } from "../shared/bounded-cache";
import { isValidTimeZone, offsetAt } from "./time";

// The static time-zone reference list (@vvo/tzdb's raw data), enriched at runtime with each zone's
// current offset. The select's words come from Intl in the page's language (the zone's generic name
// and offset); the city is the zone's own (cityOf). Server-only: the JSON is ~120 KB, so
// islands receive the compact [{ name, city, zone, offset }] list instead.

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
}

/**
 * What the select needs, in the page's language: the zone's generic name ('hora estándar de la
 * India'), its biggest city ('Kolkata'), and its offset now ('GMT+05:30'). The island groups the
 * cities under their zone's name, so the closed select shows only the short city and local time.
 */
export interface TimeZoneOption {
  name: string;
  city: string;
  zone: string;
  offset: string;
}

/** The account default, kept selectable although tzdb lists no "UTC" entry. */
export const DEFAULT_TIME_ZONE = USER_DEFAULTS.timezone;

const RECORDS = rawTimeZones as TimeZoneRecord[];

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
      return { ...zone, currentOffsetInMinutes };
    })
    .sort(byOffsetThenName);
}

const timeZoneName = (locale: string, timeZone: string, style: "longGeneric" | "long" | "longOffset", at = 0) =>
  new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style }).formatToParts(at).find((p) => p.type === "timeZoneName")?.value ??
  timeZone;

// ~300 formatters a language: made once per locale and isolate, not per page view.
const genericNames = boundedCache("timeZoneGenericNames", 16, (locale: string) => {
  const names: Record<string, string> = {};
  for (const zone of RECORDS) if (isValidTimeZone(zone.name)) names[zone.name] = timeZoneName(locale, zone.name, "longGeneric");
  names[DEFAULT_TIME_ZONE] = timeZoneName(locale, DEFAULT_TIME_ZONE, "long");
  return names;
});

/**
 * The select's options in the current locale, sorted by offset now, then zone name, then city; the
 * user's current zone is kept even when the list has no entry for it. The offset is formatted once
 * per distinct offset (about 40), the names come from a per-locale cache.
 */
export function timeZoneOptions(now: number, current?: string): TimeZoneOption[] {
  const locale = currentLocale();
  const names = genericNames(locale);
  const zones: Array<TimeZoneOption & { minutes: number }> = timeZonesAt(now).map((zone) => ({
    name: zone.name,
    city: cityOf(zone.name, zone.mainCities),
    zone: names[zone.name] ?? zone.alternativeName,
    offset: "",
    minutes: zone.currentOffsetInMinutes,
  }));
  if (current && !zones.some((o) => o.name === current) && isValidTimeZone(current)) {
    const zone = names[current] ?? timeZoneName(locale, current, "longGeneric", now);
    zones.push({ name: current, city: cityOf(current), zone, offset: "", minutes: Math.round(offsetAt(now, current) / 60_000) });
  }
  const offsets = new Map<number, string>();
  for (const zone of zones) {
    if (!offsets.has(zone.minutes)) offsets.set(zone.minutes, timeZoneName(locale, zone.name, "longOffset", now));
    zone.offset = offsets.get(zone.minutes)!;
  }
  const collator = new Intl.Collator(locale);
  zones.sort((a, b) => a.minutes - b.minutes || collator.compare(a.zone, b.zone) || collator.compare(a.city, b.city));
  return zones.map(({ name, city, zone, offset }) => ({ name, city, zone, offset }));
}

const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * A zone's own city, from its id as ICU names one it has no name for ('America/Argentina/Buenos_Aires'
 * → 'Buenos Aires'), with the list's accents when the list names it ('America/Bogota' → 'Bogotá').
 * Not the list's biggest city: Asia/Kolkata's is Mumbai, and a patient in Kolkata looks for Kolkata.
 */
function cityOf(name: string, mainCities: string[] = []): string {
  const city = name.split("/").pop()!.replaceAll("_", " ");
  return mainCities.find((main) => folded(main) === folded(city)) ?? city;
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
