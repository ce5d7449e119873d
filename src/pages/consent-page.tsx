import { Hono, type Context } from "hono";
import { recordHealthDataConsent } from "../auth/health-consent";
import { consentPath, returnPath, signInPath } from "../auth/return-to";
import { AppShell } from "../components/AppShell";
import { TextLink } from "../components/Article";
import type { AppEnv } from "../env";
import * as m from "../generated/i18n";
import { Rich } from "../i18n/Rich";
import { findSignedIn } from "../http/middleware";
import { healthDataConsent } from "../shared/auth-schemas";
import type { User } from "../shared/user";
import { PRIVACY_VERSION } from "./privacy-version";
import { YOUR_DATA_LINK } from "./trust-pages";

// The consent screen: an account without consent to store health data under the current privacy
// page (one from before sign-up asked, or the page changed since) is sent here by its next signed-in
// page (src/http/middleware.ts), then back where it was going. A plain form: no island needed.

const CHECKBOX_ID = "health-data-consent";

function ConsentScreen({ user, next, error }: { user: User; next: string; error?: string }) {
  const section = m.page_your_data_heading();
  return (
    <AppShell user={user}>
      <div className="card mx-auto max-w-xl space-y-4 p-6">
        <h1 className="text-2xl font-bold">{m.page_consent_heading()}</h1>
        <p>{m.page_consent_text()}</p>
        <p>
          <Rich
            message={m.common_health_data_consent_read}
            values={{ privacy: <TextLink href="/privacy">{m.footer_privacy()}</TextLink> }}
          />
        </p>
        <form method="post" action="/consent" className="space-y-4">
          <input type="hidden" name="next" value={next} />
          <div>
            <div className="flex items-start gap-2">
              <input
                type="checkbox"
                id={CHECKBOX_ID}
                name="healthDataConsent"
                required
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${CHECKBOX_ID}-error` : undefined}
                className="mt-1 h-4 w-4 shrink-0 accent-teal-700"
              />
              <label htmlFor={CHECKBOX_ID}>{m.common_health_data_consent()}</label>
            </div>
            {error && (
              <p id={`${CHECKBOX_ID}-error`} className="field-error" role="alert">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="btn-primary w-full sm:w-auto">
            {m.page_consent_continue()}
          </button>
        </form>
        <p className="text-sm text-slate-700">
          <Rich
            message={m.page_consent_decline}
            values={{ section: <TextLink href={YOUR_DATA_LINK}>{section}</TextLink>, page: m.page_profile_title() }}
          />
        </p>
      </div>
    </AppShell>
  );
}

const render = (c: Context<AppEnv>, user: User, next: string, error?: string) =>
  c.render(<ConsentScreen user={user} next={next} error={error} />, { title: m.page_consent_title() });

export const consentPages = new Hono<AppEnv>()
  .get("/consent", async (c) => {
    const next = returnPath(c.req.query("next"));
    const found = await findSignedIn(c);
    if (!found) return c.redirect(signInPath("/consent", new URL(c.req.url).search), 302);
    if (found.consentVersion === PRIVACY_VERSION) return c.redirect(next, 302);
    return render(c, found.user, next);
  })
  .post("/consent", async (c) => {
    const found = await findSignedIn(c);
    const form = await c.req.parseBody();
    const next = returnPath(typeof form.next === "string" ? form.next : undefined);
    if (!found) return c.redirect(signInPath(consentPath(next)), 303);
    // A ticked box posts "on"; anything else is refused at the box, in the page's language.
    const checked = healthDataConsent.safeParse(form.healthDataConsent === "on");
    if (!checked.success) {
      c.status(400);
      return render(c, found.user, next, m.field_health_data_consent_required());
    }
    await recordHealthDataConsent(c.var.db, found.user.id, PRIVACY_VERSION, Date.now());
    return c.redirect(next, 303);
  });
