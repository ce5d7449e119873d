// The one rule for "a path on this site", for every redirect and navigation that takes a path from
// outside: sign-in's ?next= (src/auth/return-to.ts and the sign-in island), the language switcher's
// form (src/pages/language.ts) and a notification's tap (islands/sw/push.ts). Pure, so the service
// worker and the islands import it too.

const HERE = "http://here.invalid";
export const MAX_SITE_PATH_LENGTH = 512;

// C0 controls (tab, CR and LF included: the URL parser drops them, so "/\t/evil.example" reads as
// "//evil.example"), DEL and C1 controls.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * `value` as a path and query on this site, or "/" when it is missing or could lead anywhere else.
 * The answer is what the URL parser made of it (dot segments removed, "\" read as "/"), and is
 * checked after that: "/.//evil.example" parses to "//evil.example", which a browser reads as a host.
 * It never starts with "//" or "/\" and never holds a control character.
 */
export function sitePath(value: unknown): string {
  if (typeof value !== "string" || value.length > MAX_SITE_PATH_LENGTH || !value.startsWith("/") || CONTROL.test(value)) return "/";
  let url: URL;
  try {
    url = new URL(value, HERE);
  } catch {
    return "/";
  }
  const path = url.pathname + url.search;
  if (url.origin !== HERE || path.startsWith("//") || path.startsWith("/\\") || CONTROL.test(path)) return "/";
  return path;
}
