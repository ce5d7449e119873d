import { isCommonPassword } from "../auth/common-passwords";
import { Hono } from "hono";
import { changePassword, devicesOf, endOtherSessions, endSession, eraseAccount } from "../auth/account-changes";
import { DEVICE_ID, deviceId, deviceKey } from "../auth/device-id";
import { hashPassword, samePassword } from "../auth/password";
import { exportDocument, exportFileName, exportSections } from "../data/export";
import { localDateAt, zoneOrUtc } from "../domain/time";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { errorSummary } from "../log/error-summary";
import * as m from "../generated/i18n";
import { requireCurrentPassword, signedInCheckingPassword } from "../http/current-password";
import { clearSessionCookie, clearSiteData, signedIn } from "../http/middleware";
import { validate } from "../http/validate";
import { inAccountLocale } from "../mail/locale";
import { createMailer } from "../mail/mailer";
import { goodbyeEmail } from "../mail/templates/GoodbyeEmail";
import { greetingName } from "../mail/templates/greeting";
import { changePasswordSchema, deleteAccountSchema, type DeviceSessionsAnswer } from "../shared/account-schemas";
import type { User } from "../shared/user";

/** The signed-in user's password, sessions, data export and deletion (under /api/user). */
export const userApi = new Hono<AppEnv>()
  .put("/user/password", signedInCheckingPassword(), validate("json", changePasswordSchema), async (c) => {
    const { currentPassword, newPassword } = c.req.valid("json");
    const { user, session, data } = c.var.signedIn;
    await requireCurrentPassword(data, currentPassword);
    // The current password was just verified against the stored hash: the same password (as the
    // hash reads it) would hash to it again, so this refuses a 'change' that changes nothing.
    if (samePassword(newPassword, currentPassword)) throw new ApiError(400, "field_new_password_reused");
    if (isCommonPassword(newPassword)) throw new ApiError(400, "error_common_password");
    await changePassword(c.var.db, user.id, session.id, await hashPassword(newPassword));
    return c.json({ message: m.api_password_changed() });
  })

  .get(
    "/user/sessions",
    signedIn(({ db, owner, now }) => ({ devices: devicesOf(db, owner, now) })),
    (c) => {
      const { session, data } = c.var.signedIn;
      const key = deviceKey(c.env);
      const answer: DeviceSessionsAnswer = {
        sessions: data.devices.map((row) => ({
          id: deviceId(key, row.id),
          browser: row.browser ?? "Unknown browser",
          createdAt: row.createdAt,
          lastSeenAt: row.lastSeenAt,
          current: row.id === session.id,
        })),
      };
      return c.json(answer);
    },
  )

  // One device signed out, named by its device id (never the session's id): only among the
  // owner's own devices, so another user's answers 404 like one that is gone.
  .delete(
    "/user/sessions/:device",
    signedIn(({ db, owner, now }) => ({ devices: devicesOf(db, owner, now) })),
    async (c) => {
      const { user, session, data } = c.var.signedIn;
      const wanted = c.req.param("device");
      const key = deviceKey(c.env);
      const device = DEVICE_ID.test(wanted) ? data.devices.find((row) => deviceId(key, row.id) === wanted) : undefined;
      if (!device || !(await endSession(c.var.db, user.id, device.id))) throw new ApiError(404, "error_device_not_found");
      if (device.id === session.id) clearSessionCookie(c);
      return c.json({ ended: 1 });
    },
  )

  .delete("/user/sessions", signedIn(), async (c) => {
    const { user, session } = c.var.signedIn;
    const ended = await endOtherSessions(c.var.db, user.id, session.id);
    return c.json({ ended });
  })

  .get(
    "/user/export",
    signedIn(({ db, owner, now }) => exportSections(db, owner, now)),
    (c) => {
      const { user, data } = c.var.signedIn;
      const now = Date.now();
      c.header("Content-Disposition", `attachment; filename="${exportFileName(localDateAt(now, zoneOrUtc(user.timezone)))}"`);
      return c.json(exportDocument(data, now));
    },
  )

  .delete("/user", signedInCheckingPassword(), validate("json", deleteAccountSchema), async (c) => {
    const { user, data } = c.var.signedIn;
    await requireCurrentPassword(data, c.req.valid("json").currentPassword);
    if (!(await eraseAccount(c.var.db, user))) throw new ApiError(404, "error_not_found");
    clearSessionCookie(c);
    clearSiteData(c);
    const to = goodbyeAddress(user);
    if (to) c.executionCtx.waitUntil(sendGoodbye(c.env, c.var.db, to, greetingName(user.fullName, user.emailConfirmed), user.locale));
    return c.json({ message: m.api_account_deleted() });
  });

/** Where the goodbye goes: the account's address, only when its owner confirmed it. */
const goodbyeAddress = (user: User): string | null => (user.emailConfirmed ? user.email : null);

async function sendGoodbye(env: AppEnv["Bindings"], db: AppEnv["Variables"]["db"], to: string, name: string | null, locale: string | null) {
  try {
    const [result] = await createMailer(env, db).send([inAccountLocale(locale, () => goodbyeEmail({ to, name }))]);
    if (result && !result.ok) console.error(`[mail] goodbye e-mail not sent: ${result.error}`);
  } catch (err) {
    console.error(`[mail] goodbye e-mail failed: ${errorSummary(err)}`);
  }
}
