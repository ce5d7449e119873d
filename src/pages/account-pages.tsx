import { Hono } from "hono";
import { CenteredCard } from "../components/CenteredCard";
import { Island } from "../components/Island";
import type { AppEnv } from "../env";
import { findSignedIn } from "../http/middleware";

/** The signed-out screens: /auth, /forgot-password, /reset-password. */
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
  });
