import { sitePath } from "../shared/site-path";

// Where signing in returns to: the signed-in page a signed-out visitor asked for (a link in an
// e-mail, 'Go to Your data' on the privacy page), carried in /auth?next=. Only a path on this site
// is ever followed (src/shared/site-path.ts): anything else returns to the dashboard.

/** The sign-in page's address for a visitor who asked for `path` (with its `search`). */
export const signInPath = (path: string, search = ""): string =>
  path === "/" && !search ? "/auth" : `/auth?next=${encodeURIComponent(path + search)}`;

/** The consent screen's address for an account asked to consent on its way to `path` (with its `search`). */
export const consentPath = (path: string, search = ""): string =>
  path === "/" && !search ? "/consent" : `/consent?next=${encodeURIComponent(path + search)}`;

/** `next` as a path and query on this site, or "/" when it is missing, could lead anywhere else, or is /auth itself. */
export function returnPath(next: string | undefined): string {
  const path = sitePath(next);
  return new URL(path, "http://here.invalid").pathname === "/auth" ? "/" : path;
}
