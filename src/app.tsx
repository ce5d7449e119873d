import { reactRenderer } from "@hono/react-renderer";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { accountApi } from "./api/account";
import { activityApi } from "./api/activity";
import { calendarFeedApi } from "./api/calendar-feed";
import { medicationTransferApi } from "./api/medication-transfer";
import { emailApi } from "./api/email";
import { adherenceApi } from "./api/adherence";
import { dosesApi } from "./api/doses";
import { doseSnoozeApi } from "./api/dose-snooze";
import { medicationsApi } from "./api/medications";
import { membersApi } from "./api/members";
import { pharmaciesApi } from "./api/pharmacies";
import { profilesApi } from "./api/profiles";
import { invitesApi, personInvitesApi } from "./api/invites";
import { pushApi } from "./api/push";
import { remindersApi } from "./api/reminders";
import { settingsApi } from "./api/settings";
import { timezoneApi } from "./api/timezone";
import { userApi } from "./api/user";
import { Document } from "./components/Document";
import type { AppEnv } from "./env";
import { ApiError, describeError, isExpected, jsonError, logFailure } from "./http/errors";
import { requestLanguage } from "./http/language";
import { requireConfiguration } from "./http/configuration";
import { isCsvBodyRoute, loopbackOnly, openDb, noStore, rejectCrossSite, requireJsonBody } from "./http/middleware";
import { devRoutes } from "./mail/dev-routes";
import { devPushRoutes } from "./push/dev-routes";
import { postmarkWebhook } from "./webhooks/postmark";
import { accountPages } from "./pages/account-pages";
import { calendarFeedPages } from "./pages/calendar-feed";
import { consentPages } from "./pages/consent-page";
import { dashboardPages } from "./pages/dashboard";
import { medicationDetailPages } from "./pages/medication-detail";
import { medicationPages } from "./pages/medication-pages";
import { pharmacyPages } from "./pages/pharmacy-pages";
import { printPages } from "./pages/print-page";
import { settingsPages } from "./pages/settings-pages";
import { renderNotFound, renderUnavailable } from "./pages/error-pages";
import { languagePages } from "./pages/language";
import { manifestPages } from "./pages/manifest";
import { trustPages } from "./pages/trust-pages";
import { offlinePages } from "./pages/offline-page";
import { doseConfirmPages } from "./pages/dose-confirm-page";
import { invitePages } from "./pages/invite-page";
import { peoplePages } from "./pages/people-pages";

declare module "@hono/react-renderer" {
  interface Props {
    title?: string;
  }
}

const isApi = (path: string) => path.startsWith("/api/") || path === "/api" || path.startsWith("/dev/");

export const app = new Hono<AppEnv>();

const baseHeaders = {
  xFrameOptions: "DENY",
  referrerPolicy: "strict-origin-when-cross-origin",
  // A handler that sets a stricter policy keeps it (the dev e-mail preview's `sandbox` CSP).
  overwrite: false,
} as const;
const pageHeaders = secureHeaders({
  ...baseHeaders,
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", NONCE],
    // sonner injects its stylesheet at runtime; scripts stay nonce/self only.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
});
// JSON answers load nothing: the strictest policy, and no per-request nonce to generate.
const apiHeaders = secureHeaders({ ...baseHeaders, contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } });
// First: every answer after this, errors included, is in the request's language.
app.use(requestLanguage);
app.use((c, next) => (c.req.path.startsWith("/api/") ? apiHeaders(c, next) : pageHeaders(c, next)));
app.use(noStore);
app.use(requireConfiguration);
// Before anything that can fail (guards look the session up in the database), so the error page renders.
app.use(reactRenderer(({ children, title }) => <Document title={title}>{children}</Document>));
const smallBody = bodyLimit({ maxSize: 64 * 1024, onError: (c) => jsonError(c, new ApiError(413, "error_body_too_large")) });
app.use((c, next) => (isCsvBodyRoute(c.req.path) ? next() : smallBody(c, next)));
app.use(rejectCrossSite);
app.use("/api/*", requireJsonBody);
app.use("/dev/*", loopbackOnly);
app.use(openDb);

app.route("/api", accountApi);
app.route("/api", emailApi);
app.route("/api", medicationsApi);
app.route("/api", doseSnoozeApi);
app.route("/api", dosesApi);
app.route("/api", adherenceApi);
// After the medications API on purpose: its ids are digits by pattern, so no order is needed.
app.route("/api", medicationTransferApi);
app.route("/api", pharmaciesApi);
app.route("/api", pushApi);
app.route("/api", settingsApi);
app.route("/api", calendarFeedApi);
app.route("/api", remindersApi);
app.route("/api", timezoneApi);
app.route("/api", userApi);
app.route("/api", profilesApi);
app.route("/api", membersApi);
app.route("/api", invitesApi);
app.route("/api/profiles/:profileId", personInvitesApi);
app.route("/api", activityApi);
app.route("/api/profiles/:profileId", activityApi);
// A member's own calendar feed of the person (GET/POST/DELETE …/calendar-feed).
app.route("/api/profiles/:profileId", calendarFeedApi);
// A person's data under /api/profiles/:profileId/…, the same routers as one's own: the signedIn
// guard reads the membership with the session and decides (src/auth/access.ts).
for (const personApi of [medicationsApi, doseSnoozeApi, dosesApi, adherenceApi, medicationTransferApi, pharmaciesApi])
  app.route("/api/profiles/:profileId", personApi);
// Before the mail outbox, whose routes answer 404 once Postmark is configured.
app.route("/dev", devPushRoutes);
app.route("/dev", devRoutes);
app.route("/webhooks", postmarkWebhook);
app.route("/", languagePages);
app.route("/", manifestPages);
app.route("/", accountPages);
app.route("/", consentPages);
app.route("/", dashboardPages);
app.route("/", medicationPages);
app.route("/", medicationDetailPages);
// After the medication page on purpose: its ids are digits by pattern, so no order is needed.
app.route("/", printPages);
app.route("/", pharmacyPages);
app.route("/", settingsPages);
app.route("/", calendarFeedPages);
app.route("/", trustPages);
app.route("/", offlinePages);
app.route("/", doseConfirmPages);
app.route("/", invitePages);
// Another person's pages at /p/:profileId/…, the same routers as one's own (the dashboard mounts
// /p/:profileId/ itself): the signedIn guard reads the path's person and decides, as for the API.
for (const personPages of [medicationPages, medicationDetailPages, printPages, pharmacyPages, doseConfirmPages])
  app.route("/p/:profileId", personPages);
app.route("/", peoplePages);

app.notFound((c) => (isApi(c.req.path) ? jsonError(c, new ApiError(404, "error_not_found")) : renderNotFound(c)));

app.onError((err, c) => {
  if (isApi(c.req.path) || c.req.method !== "GET") return jsonError(c, err);
  const { status } = describeError(err);
  if (err instanceof ApiError && status === 404) return renderNotFound(c);
  if (!isExpected(err)) logFailure(c, err);
  return renderUnavailable(c, status === 503 ? 503 : 500);
});
