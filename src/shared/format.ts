// How counts and dates read on every page, island and e-mail: pure, no imports, so the server and
// the islands' bundle share one copy.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * 'YYYY-MM-DD' → 'Jan 5, 2025', read as a calendar date (no time zone can shift it a day).
 * Anything that is not such a date comes back unchanged.
 */
export function formatDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return date;
  return `${month} ${Number(match[3])}, ${Number(match[1])}`;
}

/**
 * A count and its noun: plural(1, "day", "days") → '1 day', plural(3, ...) → '3 days'. `shown`
 * writes the number (e.g. with thousands separators); the noun still follows the number itself.
 */
export function plural(n: number, one: string, many: string, shown: (n: number) => string = String): string {
  return `${shown(n)} ${n === 1 ? one : many}`;
}
