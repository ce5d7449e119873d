// Where signing in returns to: the signed-in page a signed-out visitor asked for (a link in an
// e-mail, 'Go to Your data' on the privacy page), carried in /auth?next=. Only a path on this site
// is ever followed: anything else (another origin, a scheme, //host, /\host) returns to the dashboard.

const HERE = "http://here.invalid";
const MAX_LENGTH = 512;

/** The sign-in page's address for a visitor who asked for `path` (with its `search`). */
export const signInPath = (path: string, search = ""): string => (path === "/" && !search ? "/auth" : `/auth?next=${encodeURIComponent(path + search)}`);

/** `next` as a path and query on this site, or "/" when it is missing or could lead anywhere else. */
export function returnPath(next: string | undefined): string {
  if (!next || next.length > MAX_LENGTH || !next.startsWith("/")) return "/";
  let url: URL;
  try {
    url = new URL(next, HERE);
  } catch {
    return "/";
  }
  // The URL parser drops tabs and newlines and reads "\" as "/": "/\t/evil.example" is another origin.
  if (url.origin !== HERE || url.pathname === "/auth") return "/";
  return url.pathname + url.search;
}
