import type { Context, MiddlewareHandler } from "hono";
import { consentPath, signInPath } from "../auth/return-to";
import { PRIVACY_VERSION } from "../pages/privacy-version";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { atLeast, pathBelowPerson, refusalOf, roleNeeded, type Person } from "../auth/access";
import { sessionLifetime } from "../auth/session";
import {
  loadSignedIn,
  signedInReads,
  type LoadReads,
  type ReadResults,
  type Reads,
  type SignedIn,
  type SignedInReads,
} from "../auth/signed-in";
import { createDb } from "../db/client";
import { newMeter, serverTiming } from "../db/meter";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";
import { allowsPseudoLocale, useAccountLocale } from "./language";
import { pathId } from "./validate";

const isSecure = (c: Context) => c.req.url.startsWith("https:");
// `__Host-` binds the cookie to this exact origin over HTTPS; plain `session` on http://localhost.
export const sessionCookieName = (c: Context) => (isSecure(c) ? "__Host-session" : "session");

/** The session's cookie, kept by the browser as long as the session can last (longer when `kept`). */
export function setSessionCookie(c: Context, token: string, kept = false) {
  setCookie(c, sessionCookieName(c), token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: isSecure(c),
    path: "/",
    maxAge: sessionLifetime(kept).max / 1000,
  });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, sessionCookieName(c), { path: "/", secure: isSecure(c) });
}

/**
 * Sign-out and account deletion: the browser drops this site's caches and storage, the service
 * worker's offline copies included (it drops them itself too), so the next person on a shared
 * phone finds nothing offline. Cookies are not listed: the session cookie is cleared by name, and
 * the language choice stays.
 */
export const clearSiteData = (c: Context) => c.header("Clear-Site-Data", '"cache", "storage"');

/**
 * Opens the database for this request. Signed-in routes resolve the session with `signedIn`. With
 * SERVER_TIMING=1 (npm run dev sets it) every answer tells its database round trips and their time
 * in a Server-Timing header, for the browser's network panel.
 */
export const openDb = createMiddleware<AppEnv>(async (c, next) => {
  if (c.env.SERVER_TIMING !== "1") {
    c.set("db", createDb(c.env));
    return next();
  }
  const meter = newMeter();
  c.set("db", createDb(c.env, meter));
  await next();
  c.res.headers.set("Server-Timing", serverTiming(meter));
});

/**
 * The path's person (/api/profiles/:profileId/…) as a number; undefined without the prefix, and -1
 * (no person has it: 404) when the segment is not a plain id.
 */
const profileOf = (c: Context<AppEnv>): number | undefined => {
  const raw = c.req.param("profileId");
  if (raw === undefined) return undefined;
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : -1;
};

/**
 * Access, decided here for every signed-in route: a path's person the account is no member of is
 * 404 (existence is not revealed), a role below what the route needs (roleNeeded) is 403.
 */
function checkAccess(c: Context<AppEnv>, person: Person | null, userId: number) {
  if (profileOf(c) !== undefined && !person) throw new ApiError(404, "error_profile_not_found");
  const path = pathBelowPerson(c.req.path);
  const needed = roleNeeded(c.req.method, path, userId);
  if (person && !atLeast(person.role, needed)) throw new ApiError(403, refusalOf(path, needed));
}

/** A `?name=` date as given, or '' when missing or longer than a date (the route's schema checks it). */
const queryDate = (c: Context<AppEnv>, name: string) => {
  const value = c.req.query(name) ?? "";
  return value.length === 10 ? value : "";
};

/**
 * The signed-in user of this request with a route's reads, in one database round trip (see
 * loadSignedIn), or null when there is none or it expired: the cookie is then cleared.
 */
export async function findSignedIn<R extends Reads>(
  c: Context<AppEnv>,
  reads?: SignedInReads<R>,
): Promise<SignedIn<ReadResults<R>> | null> {
  const token = getCookie(c, sessionCookieName(c));
  if (!token || token.length > 128) return null;
  const found = await loadSignedIn(
    c.var.db,
    token,
    Date.now(),
    reads,
    () => pathId(c),
    () => ({ from: queryDate(c, "from"), to: queryDate(c, "to") }),
    profileOf(c) ?? 0,
    () => (c.req.param("token") ?? "").slice(0, 128),
  );
  if (!found) clearSessionCookie(c);
  // biome-ignore lint/correctness/useHookAtTopLevel: not a React hook: it sets the request's language scope.
  else useAccountLocale(found.user, allowsPseudoLocale(c.env));
  return found;
}

/**
 * Pages an account that has not consented to the current privacy page may still open: Your data
 * (download, delete the account), so erasing never depends on consenting.
 */
const OPEN_WITHOUT_CONSENT = new Set(["/profile"]);

/** Whether a GET of this page must first ask the account's consent to store health data. */
const asksConsent = (c: Context, consentVersion: string | null) =>
  consentVersion !== PRIVACY_VERSION && c.req.method === "GET" && !c.req.path.startsWith("/api/") && !OPEN_WITHOUT_CONSENT.has(c.req.path);

/**
 * The guard of every signed-in route: sets `signedIn` ({ user, session, data }, data being what
 * `load` read in the same round trip as the session; `load` builds from its scope only — the
 * session's `owner` and the path's `id` — and runs once, see signedInReads). Without a session an
 * API route answers 401 and a page redirects to /auth before anything renders. A page of an account
 * without consent to the current privacy page redirects to the consent screen, which comes back
 * here; the API keeps answering (the islands, the installed app and the reminders never stop).
 */
export const signedIn = <R extends Reads = Record<string, never>>(load?: LoadReads<R>) => {
  const reads = load && signedInReads(load);
  return createMiddleware<AppEnv & { Variables: { signedIn: SignedIn<ReadResults<R>> } }>(async (c, next) => {
    const found = await findSignedIn(c as unknown as Context<AppEnv>, reads);
    if (!found) {
      if (c.req.path.startsWith("/api/")) throw new ApiError(401, "error_not_signed_in");
      // A page asked for by GET comes back after signing in.
      return c.redirect(c.req.method === "GET" ? signInPath(c.req.path, new URL(c.req.url).search) : "/auth", 302);
    }
    if (asksConsent(c as unknown as Context, found.consentVersion))
      return c.redirect(consentPath(c.req.path, new URL(c.req.url).search), 302);
    checkAccess(c as unknown as Context<AppEnv>, found.person, found.user.id);
    c.set("signedIn", found);
    await next();
  });
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// Token-authenticated endpoints that mail clients call from their own servers (RFC 8058), and
// Postmark's webhook (HTTP Basic credentials, server to server).
export const CROSS_SITE_ALLOWED = ["/unsubscribe", "/webhooks/postmark"];

/** Cross-site non-GET requests answer 403 (Origin and Fetch Metadata), whatever the content type. */
export const rejectCrossSite: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || CROSS_SITE_ALLOWED.includes(c.req.path)) return next();
  const site = c.req.header("Sec-Fetch-Site");
  const origin = c.req.header("Origin");
  const crossSite =
    (site !== undefined && site !== "same-origin" && site !== "none") || (origin !== undefined && origin !== new URL(c.req.url).origin);
  if (crossSite) throw new ApiError(403, "error_cross_site");
  await next();
};

/** Routes whose body is a file, not JSON: they check its type and size themselves. */
export const CSV_BODY_ROUTES = ["/api/medications/import"];
/** Whether `path` is a CSV body route, for one's own person or under /api/profiles/:profileId. */
export const isCsvBodyRoute = (path: string) => CSV_BODY_ROUTES.includes(`/api${pathBelowPerson(path)}`);

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * API bodies are JSON: any other body answers 415 rather than being read as an empty object (which
 * would answer a confusing "… is required"). Requests without a body (logout, DELETE) pass.
 */
export const requireJsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || CROSS_SITE_ALLOWED.includes(c.req.path) || isCsvBodyRoute(c.req.path)) return next();
  const length = c.req.header("Content-Length");
  const hasBody = c.req.raw.body !== null && length !== "0";
  const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]!.trim();
  if (hasBody && !JSON_MEDIA_TYPE.test(mediaType)) throw new ApiError(415, "error_body_not_json");
  await next();
};

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Development-only routes (the mail outbox holds password-reset links) answer only on a loopback
 * host, so a deployment that forgot its Postmark token does not publish everyone's reset links.
 */
export const loopbackOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!LOOPBACK_HOSTS.has(new URL(c.req.url).hostname)) throw new ApiError(404, "error_not_found");
  await next();
};

/**
 * Nothing the Worker renders may be stored by a browser or proxy: pages carry personal health data
 * and a per-request CSP nonce. (Static assets are served before the Worker and keep their caching.)
 */
export const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.req.path.startsWith("/api/") || !c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
};
