// What the service worker (./index.ts) keeps for offline reading, as pure functions the workers
// tests check directly. An allow-list: only the pages a patient reads, never the API, the dev
// routes, the calendar feed, exports or another site's answers.

/** Signed-in pages kept for offline reading: the dashboard, a medication's page, the pharmacies. */
export const isOfflinePage = (path: string) => path === "/" || path === "/pharmacies" || /^\/medications\/\d+$/.test(path);

/** The app's own offline page (src/pages/offline-page.tsx), kept beside the pages in their language. */
export const OFFLINE_PAGE = "/offline";

/** Where the kept offline page is fetched and found: in `lang`, the kept pages' <html lang>. */
export const offlinePageKey = (origin: string, lang: string) => `${origin}${OFFLINE_PAGE}?lang=${encodeURIComponent(lang)}`;

/** A page's language as its <html lang> says ('ar-EG'), or "" when it names none. */
export const pageLanguage = (html: string) => /<html[^>]*\slang="([\w-]{1,35})"/.exec(html)?.[1] ?? "";

/**
 * Navigations that get the app's offline page when there is no connection and no kept copy: the
 * app's pages, not the API, the dev routes, the calendar feed or webhooks (their answers are no page).
 */
export const showsOfflinePage = (path: string) => !/^\/(api|dev|calendar|webhooks|build)(\/|$)/.test(path);

/** The pages' scripts and stylesheet: content-hashed, so a kept copy is never stale. */
export const isBuildAsset = (path: string) => path.startsWith("/build/") && !path.endsWith(".LEGAL.txt");

/**
 * Requests whose success ends the session in this browser: signing out and deleting the account.
 * Their answers carry Clear-Site-Data too; the worker drops its caches itself as well, for browsers
 * that ignore the header.
 */
export const endsSession = (method: string, path: string) =>
  (method === "POST" && path === "/api/logout") || (method === "DELETE" && path === "/api/user");

/**
 * Requests whose success starts a new session in this browser: whatever an earlier account left kept
 * (a session that expired or was ended from another device, so no sign-out ran here) goes first.
 */
export const startsSession = (method: string, path: string) => method === "POST" && (path === "/api/login" || path === "/api/register");

/** Only a page's own 200 is kept: no redirect (a signed-out visit must reach /auth), no error page. */
export const isKeepable = (res: Pick<Response, "status" | "type" | "redirected" | "headers">) =>
  res.status === 200 && res.type === "basic" && !res.redirected && (res.headers.get("Content-Type") ?? "").startsWith("text/html");

/** The scripts and stylesheet a kept page loads (its modulepreloads, the offline script), to keep beside it. */
export const pageAssets = (html: string) => [...new Set(html.match(/\/build\/[\w.-]+\.(?:js|css)/g))];

/**
 * The modules a kept script imports, statically or on demand (`import("./chunk-….js")`), as /build/
 * paths: an island's lazy code (e.g. the offline countdown) must be kept beside the page too.
 */
export const moduleImports = (code: string) => [...new Set([...code.matchAll(/["']\.\/([\w.-]+\.js)["']/g)].map((m) => `/build/${m[1]}`))];

/**
 * A kept page as served from the cache: `data-from-cache` on <html> shows its banner ('You are
 * offline. Showing your list as of …', rendered with the page) and the page script disables what
 * needs the server. The page's other markup, its CSP header and nonce, stay as they were.
 */
export const markFromCache = (html: string) => html.replace("<html", "<html data-from-cache");
