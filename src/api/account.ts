import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { isCommonPassword } from "../auth/common-passwords";
import { confirmationLink, newConfirmation } from "../auth/email-confirmation";
import { hashPassword, timingDummyHash, verifyPassword } from "../auth/password";
import { countSignInAndReadAccount, createAccount, resetLinkOwners, resetPassword, startSession, storeResetLink } from "../auth/accounts";
import { deleteSession, generateToken, hashToken, toPublicUser } from "../auth/session";
import { consumeAttempt, LIMITS, throttleKey } from "../auth/throttle";
import { browserLabel } from "../domain/browser";
import { nextReminderAt } from "../domain/time";
import { resolveTimeZone } from "../domain/timezones";
import type { AppEnv } from "../env";
import { ApiError, tooManyAttempts } from "../http/errors";
import { errorSummary } from "../log/error-summary";
import * as m from "../generated/i18n";
import { localeForNewAccount } from "../http/language";
import { clearSessionCookie, clearSiteData, sessionCookieName, setSessionCookie, signedIn } from "../http/middleware";
import { validate } from "../http/validate";
import { inAccountLocale } from "../mail/locale";
import { appUrl, createMailer } from "../mail/mailer";
import { confirmationEmail } from "../mail/templates/AddressEmails";
import { greetingName } from "../mail/templates/greeting";
import { passwordResetEmail } from "../mail/templates/PasswordResetEmail";
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from "../shared/auth-schemas";
import { PRIVACY_VERSION } from "../pages/privacy-version";
import { USER_DEFAULTS } from "../shared/user";

export const RESET_TOKEN_TTL = 60 * 60_000; // 1 hour

const clientIp = (c: { req: { header(name: string): string | undefined } }) => c.req.header("CF-Connecting-IP") ?? "unknown";

export const accountApi = new Hono<AppEnv>()
  .get("/user", signedIn(), (c) => c.json(c.var.signedIn.user))

  .post("/register", validate("json", registerSchema), async (c) => {
    const input = c.req.valid("json");
    if (isCommonPassword(input.password)) throw new ApiError(400, "error_common_password");
    const db = c.var.db;
    const now = Date.now();
    const passwordHash = await hashPassword(input.password);
    const token = generateToken();
    const confirmation = await newConfirmation(input.email, now);
    const timezone = input.timezone ? resolveTimeZone(input.timezone) : null;
    const row = await createAccount(
      db,
      {
        username: input.username,
        passwordHash,
        email: input.email,
        fullName: input.fullName,
        emailConsent: input.emailConsent,
        // The schema refuses a sign-up without it: what was agreed to, and when.
        healthDataConsentAt: now,
        healthDataConsentVersion: PRIVACY_VERSION,
        locale: localeForNewAccount(input.locale),
        timezone: timezone ?? USER_DEFAULTS.timezone,
        timezoneChosen: timezone !== null,
        nextNotificationAt: nextReminderAt(timezone ?? USER_DEFAULTS.timezone, USER_DEFAULTS.notificationHour, now),
        createdAt: now,
        ...confirmation.columns,
      },
      token,
      browserLabel(c.req.header("User-Agent")),
      now,
    );
    if (!row) throw new ApiError(409, "error_username_taken");
    setSessionCookie(c, token);
    // After the answer: a mail failure must not fail the sign-up ('Resend email' is on every page).
    const link = confirmationLink(appUrl(c.env, new URL(c.req.url).origin), confirmation.token);
    const message = inAccountLocale(row.locale, () => confirmationEmail({ to: row.email, link, change: false }));
    c.executionCtx.waitUntil(
      createMailer(c.env, db)
        .send([message])
        .then(([result]) => result && !result.ok && console.error(`[mail] confirmation for user ${row.id} not sent: ${result.error}`))
        .catch((err) => console.error(`[mail] confirmation for user ${row.id} failed: ${errorSummary(err)}`)),
    );
    return c.json(toPublicUser(row), 201);
  })

  .post("/login", validate("json", loginSchema), async (c) => {
    const { username, password, keepSignedIn } = c.req.valid("json");
    const db = c.var.db;
    const now = Date.now();
    const { keys, blockedFor, account: row } = await countSignInAndReadAccount(db, username, clientIp(c), now);
    if (blockedFor) throw tooManyAttempts(blockedFor);
    const valid = await verifyPassword(password, row?.passwordHash ?? (await timingDummyHash()));
    if (!row || !valid) throw new ApiError(401, "error_invalid_login");
    const browser = browserLabel(c.req.header("User-Agent"));
    const sessionToken = await startSession(
      db,
      row.id,
      [keys.pair, keys.client, keys.account],
      getCookie(c, sessionCookieName(c)),
      browser,
      now,
      keepSignedIn,
    );
    setSessionCookie(c, sessionToken, keepSignedIn);
    return c.json(toPublicUser(row));
  })

  .post("/logout", async (c) => {
    const token = getCookie(c, sessionCookieName(c));
    if (token) await deleteSession(c.var.db, await hashToken(token));
    clearSessionCookie(c);
    clearSiteData(c);
    return c.json({ message: m.api_logged_out() });
  })

  .post("/forgot-password", validate("json", forgotPasswordSchema), async (c) => {
    const { email } = c.req.valid("json");
    const db = c.var.db;
    const clientKey = throttleKey.forgotClient(clientIp(c));
    const emailKey = throttleKey.forgotEmail(email);
    const blocked = await consumeAttempt(db, [[clientKey, LIMITS.forgotPerClient]]);
    if (blocked) throw tooManyAttempts(blocked);
    // The per-address limit is silent: answering differently would tell whether the address exists.
    const emailBlocked = await consumeAttempt(db, [[emailKey, LIMITS.forgotPerEmail]]);
    if (!emailBlocked) {
      // Sent after the answer, so a known and an unknown address take the same time to answer.
      c.executionCtx.waitUntil(
        sendResetLinks(c.env, db, email, new URL(c.req.url).origin).catch((err) =>
          console.error(`[mail] reset links failed: ${errorSummary(err)}`),
        ),
      );
    }
    return c.json({ message: m.api_forgot_answer() });
  })

  .post("/reset-password", validate("json", resetPasswordSchema), async (c) => {
    const { token, password } = c.req.valid("json");
    if (isCommonPassword(password)) throw new ApiError(400, "error_common_password");
    const db = c.var.db;
    const now = Date.now();
    const passwordHash = await hashPassword(password);
    if (!(await resetPassword(db, token, passwordHash, now))) throw new ApiError(400, "error_reset_link_invalid");
    clearSessionCookie(c);
    return c.json({ message: m.api_password_reset_done() });
  });

async function sendResetLinks(env: AppEnv["Bindings"], db: AppEnv["Variables"]["db"], email: string, origin: string) {
  // Addresses need not be unique: every account on it gets its own link (resetLinkOwners).
  const owners = await resetLinkOwners(db, email);
  if (owners.length === 0) return;
  const expiry = Date.now() + RESET_TOKEN_TTL;
  const base = appUrl(env, origin);
  const messages = [];
  for (const owner of owners) {
    const token = generateToken();
    await storeResetLink(db, owner.id, token, expiry);
    const name = greetingName(owner.fullName, owner.emailConfirmedAt !== null);
    messages.push(
      inAccountLocale(owner.locale, () => passwordResetEmail({ to: owner.email, name, link: `${base}/reset-password?token=${token}` })),
    );
  }
  const results = await createMailer(env, db).send(messages);
  results.forEach((r, i) => {
    if (!r.ok) console.error(`[mail] reset link for user ${owners[i]!.id} not sent: ${r.error}`);
  });
}
