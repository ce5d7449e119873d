import { offsetAt } from "../../src/domain/time";

// Browser-side helpers of the time-zone select. The list itself comes from the server as props
// ([{ name, label }]); nothing of @vvo/tzdb is bundled.

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** The local time in a zone, as '3:05 PM'. Built from numeric parts so server and browser agree. */
export function clockIn(timeZone: string, now: number): string {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", hourCycle: "h23" });
    } catch {
      return "";
    }
    clockFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(now).map((p) => [p.type, p.value]));
  const hour = Number(parts.hour) % 24;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${parts.minute} ${hour < 12 ? "AM" : "PM"}`;
}

function canonical(timeZone: string): string | null {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const DAY = 86_400_000;

/**
 * The option to preselect for the browser's zone: the same name; else a name the browser treats as
 * the same zone (it may report "Asia/Calcutta" for Asia/Kolkata); else the first zone whose offsets
 * match it all year (a zone the list files under another name). null if none does.
 */
export function matchTimeZone(options: Array<{ name: string }>, zone: string, now = Date.now()): string | null {
  if (options.some((o) => o.name === zone)) return zone;
  const target = canonical(zone);
  if (!target) return null;
  const sameZone = options.find((o) => canonical(o.name) === target);
  if (sameZone) return sameZone.name;
  const samples = Array.from({ length: 26 }, (_, i) => now + i * 14 * DAY);
  const signature = (z: string) => samples.map((t) => offsetAt(t, z)).join(",");
  const wanted = signature(zone);
  return options.find((o) => canonical(o.name) !== null && signature(o.name) === wanted)?.name ?? null;
}

/** The browser's own zone, or null when it does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
