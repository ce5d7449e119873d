import { Hono, type Context } from "hono";
import { CONFIRMED_TITLE, confirmEmail, EXPIRED_LINK, USED_LINK } from "../auth/email-confirmation";
import { CenteredCard } from "../components/CenteredCard";
import { Island } from "../components/Island";
import type { AppEnv } from "../env";
import { findSignedIn } from "../http/middleware";

/** The signed-out screens: /auth, /forgot-password, /reset-password, and /confirm-email. */
export const accountPages = new Hono<AppEnv>()
  .get("/auth", async (c) => {
    if (await findSignedIn(c)) return c.redirect("/", 302);
    return c.render(
      <CenteredCard heading="Welcome" subtitle="Sign in or create an account to track your medication refills.">
        <Island name="AuthForm" props={{ initialTab: c.req.query("tab") === "register" ? "register" : "signin" }} />
      </CenteredCard>,
      { title: "Sign in" },
    );
  })
  .get("/forgot-password", (c) =>
    c.render(
      <CenteredCard heading="Forgot password" subtitle="Enter the e-mail of your account and we'll send you a reset link.">
        <div className="card w-full max-w-md p-6">
          <Island name="ForgotPasswordForm" props={{}} />
        </div>
      </CenteredCard>,
      { title: "Forgot password" },
    ),
  )
  .get("/reset-password", (c) => {
    const token = c.req.query("token");
    return c.render(
      <CenteredCard heading="Reset password">
        <div className="card w-full max-w-md p-6">
          {token ? (
            <Island name="ResetPasswordForm" props={{ token }} />
          ) : (
            <div className="space-y-4 text-center">
              <h2 className="text-lg font-semibold text-red-800">Reset Link Error</h2>
              <p className="text-sm text-slate-700">Missing reset token. Please use the link from your email.</p>
              <a href="/forgot-password" className="btn-primary w-full">
                Request a new reset link
              </a>
              <a href="/auth" className="block text-sm text-teal-800 underline">
                Back to login
              </a>
            </div>
          )}
        </div>
      </CenteredCard>,
      { title: "Reset password" },
    );
  })
  // Plain HTML: the link opens in whatever browser the mail client picks, signed in or not.
  .get("/confirm-email", async (c) => {
    const token = c.req.query("token") ?? "";
    const outcome = token && token.length <= 200 ? await confirmEmail(c.var.db, token, Date.now()) : ({ state: "used" } as const);
    if (outcome.state === "confirmed") {
      return c.render(
        <CenteredCard heading={CONFIRMED_TITLE}>
          <div className="card w-full max-w-md space-y-4 p-6 text-center">
            <p className="text-sm text-slate-700">
              Your refill reminders and test e-mails now go to <strong>{outcome.user.email}</strong>.
            </p>
            <a href="/" className="btn-primary w-full">
              Go to dashboard
            </a>
          </div>
        </CenteredCard>,
        { title: CONFIRMED_TITLE },
      );
    }
    return renderLinkProblem(c, outcome.state === "expired" ? EXPIRED_LINK : USED_LINK);
  });

/** An expired or spent link: a new one is a click away when signed in, a sign-in away otherwise. */
async function renderLinkProblem(c: Context<AppEnv>, message: string) {
  const signedIn = await findSignedIn(c);
  const settled = signedIn && signedIn.user.emailConfirmed && !signedIn.user.pendingEmail;
  return c.render(
    <CenteredCard heading="Confirmation link not valid">
      <div className="card w-full max-w-md space-y-4 p-6 text-center">
        <p className="text-sm text-slate-700">{message}</p>
        {settled ? (
          <>
            <p className="text-sm text-slate-700">Your email address is already confirmed.</p>
            <a href="/" className="btn-primary w-full">
              Go to dashboard
            </a>
          </>
        ) : signedIn ? (
          <Island name="ResendConfirmation" props={{ className: "btn-primary w-full" }} />
        ) : (
          <a href="/auth" className="btn-primary w-full">
            Sign in to send a new link
          </a>
        )}
      </div>
    </CenteredCard>,
    { title: "Confirmation link not valid" },
  );
}
