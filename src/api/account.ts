import { and, desc, eq, gt, or, sql } from "drizzle-orm";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { isCommonPassword } from "../auth/common-passwords";
import { confirmationLink, newConfirmation } from "../auth/email-confirmation";
import { hashPassword, timingDummyHash, verifyPassword } from "../auth/password";
import { deleteSession, generateToken, hashToken, newSession, SESSION_MAX_AGE, toPublicUser } from "../auth/session";
import { consumeAttempt, countLoginAttempt, LIMITS, loginBlockedFor, loginCountersOf, refundAttempt, throttleKey } from "../auth/throttle";
import { foldUsername, sameAddress } from "../auth/username";
import { calendarFeedRemoval } from "../data/calendar";
import { pushRecoveryStatements } from "../data/push";
import { sessions, throttles, users } from "../db/schema";
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
    // One batch (one transaction): the account and its first session exist together or not at all.
    // The session row selects the user by username AND this request's freshly salted hash, so a
    // taken username never yields a session on somebody else's account.
    const [inserted] = await db.batch([
      db
        .insert(users)
        .values({
          username: input.username,
          usernameKey: foldUsername(input.username),
          passwordHash,
          email: input.email,
          fullName: input.fullName,
          emailConsent: input.emailConsent,
          locale: localeForNewAccount(input.locale),
          timezone: timezone ?? USER_DEFAULTS.timezone,
          timezoneChosen: timezone !== null,
          nextNotificationAt: nextReminderAt(timezone ?? USER_DEFAULTS.timezone, USER_DEFAULTS.notificationHour, now),
          createdAt: now,
          ...confirmation.columns,
        })
        // Taken in any letter case (users_username_key_unique) or exactly (users_username_unique).
        .onConflictDoNothing()
        .returning(),
      db.insert(sessions).select(
        db
          .select({
            id: sql<string>`${await hashToken(token)}`.as("id"),
            userId: users.id,
            createdAt: sql<number>`${now}`.as("created_at"),
            lastSeenAt: sql<number>`${now}`.as("last_seen_at"),
            expiresAt: sql<number>`${now + SESSION_MAX_AGE}`.as("expires_at"),
            browser: sql<string>`${browserLabel(c.req.header("User-Agent"))}`.as("browser"),
          })
          .from(users)
          .where(and(eq(users.username, input.username), eq(users.passwordHash, passwordHash))),
      ),
    ]);
    const row = inserted[0];
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
    const { username, password } = c.req.valid("json");
    const db = c.var.db;
    const now = Date.now();
    // One round trip: the try is counted (before the password is checked, so parallel guesses
    // cannot all slip under the limit) and the account read, in one batch. The name matches in any
    // letter case; an account from before usernames were folded also matches exactly as registered.
    const attempt = countLoginAttempt(db, username, clientIp(c), now);
    const [pairCount, clientCount, accountCount, rows] = await db.batch([
      ...attempt.statements,
      db
        .select()
        .from(users)
        .where(or(eq(users.usernameKey, foldUsername(username)), eq(users.username, username)))
        .orderBy(desc(sql`${users.username} = ${username}`))
        .limit(1),
    ]);
    const blocked = loginBlockedFor([pairCount, clientCount, accountCount], now);
    if (blocked) throw tooManyAttempts(blocked);
    const row = rows[0];
    const valid = await verifyPassword(password, row?.passwordHash ?? (await timingDummyHash()));
    if (!row || !valid) throw new ApiError(401, "error_invalid_login");
    // The second: this try is given back on every key, the session begins. The failures before it
    // stay counted until their window passes: signing in to another account (or this one) must not
    // wipe the count of someone guessing at this name.
    const { keys } = attempt;
    const session = await newSession(row.id, now, browserLabel(c.req.header("User-Agent")));
    // The session this browser held before ends with it: its cookie is replaced, and the device is listed once.
    const previous = getCookie(c, sessionCookieName(c));
    const previousRemoval = previous ? [db.delete(sessions).where(eq(sessions.id, await hashToken(previous)))] : [];
    await db.batch([refundAttempt(db, keys.pair), refundAttempt(db, keys.client), refundAttempt(db, keys.account), ...previousRemoval, db.insert(sessions).values(session.row)]);
    setSessionCookie(c, session.token);
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
      c.executionCtx.waitUntil(sendResetLinks(c.env, db, email, new URL(c.req.url).origin).catch((err) => console.error(`[mail] reset links failed: ${errorSummary(err)}`)));
    }
    return c.json({ message: m.api_forgot_answer() });
  })

  .post("/reset-password", validate("json", resetPasswordSchema), async (c) => {
    const { token, password } = c.req.valid("json");
    if (isCommonPassword(password)) throw new ApiError(400, "error_common_password");
    const db = c.var.db;
    const now = Date.now();
    const passwordHash = await hashPassword(password);
    const tokenMatches = and(eq(users.resetTokenHash, await hashToken(token)), gt(users.resetTokenExpiry, now));
    // One batch (one transaction): end every session of the user, the calendar feed and every push
    // device, with names off the lock screen (a stolen session's would outlive them), clear the account's sign-in counters (its owner is back in
    // charge), and set the new password; the token is cleared in the same statement, so it works once.
    const owner = sql<number>`(select ${users.id} from ${users} where ${tokenMatches})`;
    const [, , , , , updated] = await db.batch([
      db.delete(sessions).where(eq(sessions.userId, owner)),
      calendarFeedRemoval(db, owner),
      ...pushRecoveryStatements(db, owner, null),
      db.delete(throttles).where(loginCountersOf(sql<string>`(select lower(${users.username}) from ${users} where ${tokenMatches})`)),
      db.update(users).set({ passwordHash, resetTokenHash: null, resetTokenExpiry: null }).where(tokenMatches).returning({ id: users.id }),
    ]);
    if (updated.length === 0) throw new ApiError(400, "error_reset_link_invalid");
    clearSessionCookie(c);
    return c.json({ message: m.api_password_reset_done() });
  });

async function sendResetLinks(env: AppEnv["Bindings"], db: AppEnv["Variables"]["db"], email: string, origin: string) {
  // Addresses need not be unique: every account on it (in any letter case) gets its own link, sent
  // to the account's current address, never to one still awaiting confirmation.
  const owners = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName, emailConfirmedAt: users.emailConfirmedAt, locale: users.locale })
    .from(users)
    .where(sameAddress(users.email, email))
    .limit(5);
  if (owners.length === 0) return;
  const expiry = Date.now() + RESET_TOKEN_TTL;
  const base = appUrl(env, origin);
  const messages = [];
  for (const owner of owners) {
    const token = generateToken();
    await db.update(users).set({ resetTokenHash: await hashToken(token), resetTokenExpiry: expiry }).where(eq(users.id, owner.id));
    const name = greetingName(owner.fullName, owner.emailConfirmedAt !== null);
    messages.push(inAccountLocale(owner.locale, () => passwordResetEmail({ to: owner.email, name, link: `${base}/reset-password?token=${token}` })));
  }
  const results = await createMailer(env, db).send(messages);
  results.forEach((r, i) => !r.ok && console.error(`[mail] reset link for user ${owners[i]!.id} not sent: ${r.error}`));
}
