import * as m from "../generated/i18n";
import { formatDate } from "../i18n/format";

// Its own module, like unit-text.ts: the server words the pause for the dashboard, and only the
// dashboard's offline countdown (loaded on demand) words it again in the browser.

/**
 * 'Paused until {date}' (the last paused day, inclusive) or 'Paused' (until resumed) when `today`
 * falls in the pause; null when it does not (none, or one still to come).
 */
export function pauseText(pausedFrom: string | null, pausedUntil: string | null, today: string): string | null {
  if (pausedFrom === null || pausedFrom > today || (pausedUntil !== null && pausedUntil < today)) return null;
  return pausedUntil === null ? m.status_paused() : m.status_paused_until({ date: formatDate(pausedUntil) });
}
