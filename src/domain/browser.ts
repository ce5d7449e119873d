// The signed-in devices list names each session by browser and system ("Firefox on Windows"). Only
// this label is stored, never the User-Agent itself: it is all the list needs, and less to hold.

// Order matters: Edge and Opera also say "Chrome", and Chrome also says "Safari".
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Macintosh|Mac OS X/, "macOS"],
  [/Linux/, "Linux"],
];

const find = (table: Array<[RegExp, string]>, ua: string) => table.find(([pattern]) => pattern.test(ua))?.[1];

/** What is stored when the header says nothing we know; pages word it in the reader's language. */
export const UNKNOWN_BROWSER = "Unknown browser";

/**
 * "Chrome on Android", "Firefox", "macOS", or UNKNOWN_BROWSER: a stored label in a fixed form, which
 * the Security section words in the reader's language (account-sections.tsx).
 */
export function browserLabel(userAgent: string | undefined | null): string {
  const ua = (userAgent ?? "").slice(0, 512);
  const browser = find(BROWSERS, ua);
  const system = find(SYSTEMS, ua);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_BROWSER;
}
