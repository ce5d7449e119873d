import { useRequestContext } from "@hono/react-renderer";
import type { ReactNode } from "react";
import type { AppEnv } from "../env";
import assets from "../generated/assets.json";
import * as m from "../generated/i18n";
import { formatDateTime } from "../i18n/format";
import { Rich } from "../i18n/Rich";
import type { User } from "../shared/user";
import type { Profile } from "../shared/profile-schemas";
import { Island } from "./Island";
import { PersonSwitcher } from "./PersonSwitcher";

/**
 * Shared header and footer of signed-in pages. A page of a person's data passes the account's
 * `people`: the header then has the person switcher, and another person's page carries its person
 * for the islands (a JSON data block islands/client.ts reads before hydrating).
 */
export function AppShell({ user, people, children }: { user: User; people?: Profile[]; children: ReactNode }) {
  const scope = useRequestContext<AppEnv>().get("personScope");
  return (
    <div className="flex flex-1 flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3">
          <div className="flex min-w-0 items-center gap-3">
            <a href="/" className="text-lg font-bold text-teal-800">
              {m.app_name()}
            </a>
            {people && <PersonSwitcher people={people} current={scope ?? null} />}
          </div>
          <nav aria-label={m.nav_account_label()} className="flex items-center gap-2">
            {/* The bell goes straight to the notification settings: no menu of one item in between. */}
            <a href="/notifications" className="btn-secondary px-3" aria-label={m.nav_notifications_label()} data-online-only>
              <BellIcon />
            </a>
            <Island name="AccountMenu" props={{ user }} />
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none">
        <OfflineBanner user={user} />
        <DeliveryBanner user={user} />
        {!user.emailConfirmed && <ConfirmEmailBanner />}
        {children}
      </main>
      {scope && !scope.self && (
        <script
          type="application/json"
          id="person-scope"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every "<" escaped, so no "</script>" ends it.
          dangerouslySetInnerHTML={{ __html: JSON.stringify(scope).replace(/</g, "\\u003c") }}
        />
      )}
    </div>
  );
}

/**
 * Hidden until the page has no connection (the offline script sets `data-offline` on <html>) or is a
 * copy the service worker kept (`data-from-cache`): then it says so, and how old the copy is (this
 * render's time, on the user's clock, in their language). Beside it, the one-line snippet that
 * imports the offline script after load (islands/sw/page.ts, outside every island bundle).
 */
function OfflineBanner({ user }: { user: User }) {
  const nonce = useRequestContext<AppEnv>().get("secureHeadersNonce");
  return (
    <>
      <p
        id="offline"
        role="status"
        className="offline-banner mb-6 rounded-md border border-slate-300 bg-slate-100 p-4 text-sm font-medium text-slate-900"
      >
        <span className="offline-live">{m.offline_notice()}</span>
        <span className="offline-kept">{m.offline_banner({ time: formatDateTime(Date.now(), user.timezone) })}</span>
        {/* Shown by the offline script once an action that needs the server was tapped: nothing is queued. */}
        <span className="offline-tapped">{m.offline_needs_connection()}</span>
      </p>
      <script
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script; the one value in it is a build asset path, JSON-encoded.
        dangerouslySetInnerHTML={{ __html: `addEventListener("load",()=>import(${JSON.stringify(assets.offline)}))` }}
      />
    </>
  );
}

/** Postmark reported a bounce or a complaint: reminders are off until the user changes the address or turns them on. */
function DeliveryBanner({ user }: { user: User }) {
  if (user.deliveryProblem !== "bounced" && user.deliveryProblem !== "complained") return null;
  return (
    <section
      aria-label={m.banner_delivery_label()}
      className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p className="font-medium">
        {user.deliveryProblem === "bounced" ? (
          <Rich message={m.banner_delivery_bounced} values={{ address: <bdi>{user.deliveryProblemAddress ?? user.email}</bdi> }} />
        ) : (
          m.banner_delivery_complained()
        )}
      </p>
      <p className="mt-2 flex flex-wrap gap-4">
        <a href="/profile" className="text-teal-800 underline">
          {m.banner_change_email()}
        </a>
        <a href="/notifications" className="text-teal-800 underline">
          {m.banner_reminders_on_again()}
        </a>
      </p>
    </section>
  );
}

/** Until the address is confirmed nothing but resets goes to it: say so on every signed-in page (the first-run checklist links here). */
function ConfirmEmailBanner() {
  return (
    <section
      id="confirm-email"
      aria-label={m.banner_confirm_label()}
      className="mb-6 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm font-medium">{m.banner_confirm_text()}</p>
      <Island name="ResendConfirmation" props={{}} />
    </section>
  );
}

function BellIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}
