import { Hono, type Context } from "hono";
import { confirmEmail } from "../auth/email-confirmation";
import { returnPath } from "../auth/return-to";
import { CenteredCard } from "../components/CenteredCard";
import { Island } from "../components/Island";
import type { AppEnv } from "../env";
import * as m from "../generated/i18n";
import { Rich } from "../i18n/Rich";
import { findSignedIn } from "../http/middleware";

/** The signed-out screens: /auth, /forgot-password, /reset-password, and /confirm-email. */
export const accountPages = new Hono<AppEnv>()
  .get("/auth", async (c) => {
    const next = returnPath(c.req.query("next"));
    if (await findSignedIn(c)) return c.redirect(next, 302);
    return c.render(
      <CenteredCard heading={m.page_auth_heading()} subtitle={m.page_auth_subtitle()}>
        <Island
          name="AuthForm"
          props={{ initialTab: c.req.query("tab") === "register" ? "register" : "signin", ...(next !== "/" && { next }) }}
        />
      </CenteredCard>,
      { title: m.page_auth_title() },
    );
  })
  .get("/forgot-password", (c) =>
    c.render(
      <CenteredCard heading={m.page_forgot_password_title()} subtitle={m.page_forgot_password_subtitle()}>
        <div className="card w-full max-w-md p-6">
          <Island name="ForgotPasswordForm" props={{}} />
        </div>
      </CenteredCard>,
      { title: m.page_forgot_password_title() },
    ),
  )
  .get("/reset-password", (c) => {
    const token = c.req.query("token");
    return c.render(
      <CenteredCard heading={m.page_reset_password_title()}>
        <div className="card w-full max-w-md p-6">
          {token ? (
            <Island name="ResetPasswordForm" props={{ token }} />
          ) : (
            <div className="space-y-4 text-center">
              <h2 className="text-lg font-semibold text-red-800">{m.page_reset_link_error()}</h2>
              <p className="text-sm text-slate-700">{m.page_reset_missing_token()}</p>
              <a href="/forgot-password" className="btn-primary w-full">
                {m.page_reset_request_new_link()}
              </a>
              <a href="/auth" className="block text-sm text-teal-800 underline">
                {m.page_back_to_login()}
              </a>
            </div>
          )}
        </div>
      </CenteredCard>,
      { title: m.page_reset_password_title() },
    );
  })
  // Plain HTML: the link opens in whatever browser the mail client picks, signed in or not.
  .get("/confirm-email", async (c) => {
    const token = c.req.query("token") ?? "";
    const outcome = token && token.length <= 200 ? await confirmEmail(c.var.db, token, Date.now()) : ({ state: "used" } as const);
    if (outcome.state === "confirmed") {
      return c.render(
        <CenteredCard heading={m.page_email_confirmed_title()}>
          <div className="card w-full max-w-md space-y-4 p-6 text-center">
            <p className="text-sm text-slate-700">
              <Rich
                message={m.page_email_confirmed_text}
                values={{
                  email: (
                    <strong>
                      <bdi>{outcome.user.email}</bdi>
                    </strong>
                  ),
                }}
              />
            </p>
            <a href="/" className="btn-primary w-full">
              {m.page_go_to_dashboard()}
            </a>
          </div>
        </CenteredCard>,
        { title: m.page_email_confirmed_title() },
      );
    }
    return renderLinkProblem(c, outcome.state === "expired" ? m.page_confirm_link_expired() : m.page_confirm_link_used());
  });

/** An expired or spent link: a new one is a click away when signed in, a sign-in away otherwise. */
async function renderLinkProblem(c: Context<AppEnv>, message: string) {
  const signedIn = await findSignedIn(c);
  const settled = signedIn?.user.emailConfirmed && !signedIn.user.pendingEmail;
  return c.render(
    <CenteredCard heading={m.page_confirm_link_invalid()}>
      <div className="card w-full max-w-md space-y-4 p-6 text-center">
        <p className="text-sm text-slate-700">{message}</p>
        {settled ? (
          <>
            <p className="text-sm text-slate-700">{m.page_email_already_confirmed()}</p>
            <a href="/" className="btn-primary w-full">
              {m.page_go_to_dashboard()}
            </a>
          </>
        ) : signedIn ? (
          <Island name="ResendConfirmation" props={{ className: "btn-primary w-full" }} />
        ) : (
          <a href="/auth" className="btn-primary w-full">
            {m.page_confirm_sign_in_for_link()}
          </a>
        )}
      </div>
    </CenteredCard>,
    { title: m.page_confirm_link_invalid() },
  );
}
