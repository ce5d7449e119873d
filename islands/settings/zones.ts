import { offsetAt } from "../../src/domain/time";
import { formatTime } from "../../src/i18n/format";

// Browser-side helpers of the time-zone select. The list itself comes from the server as props
// ([{ name, label }]); nothing of @vvo/tzdb is bundled.

/** The local time in a zone as the page's locale writes it ('3:05 PM', '15:05'); "" for an unknown zone. */
export function clockIn(timeZone: string, now: number): string {
  try {
    return formatTime(now, timeZone);
  } catch {
    return "";
  }
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
