import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { confirmationLink, confirmationMailThrottle, newConfirmation } from "../auth/email-confirmation";
import { users } from "../db/schema";
import type { AppEnv } from "../env";
import { ApiError, tooManyAttempts } from "../http/errors";
import { signedIn } from "../http/middleware";
import { inAccountLocale } from "../mail/locale";
import { appUrl, createMailer } from "../mail/mailer";
import { confirmationEmail } from "../mail/templates/AddressEmails";
import type { ResendAnswer } from "../shared/settings-schemas";

// POST /confirm-email/resend: a new link for the address awaiting confirmation (a pending new one,
// else the account's own while unconfirmed). The old link stops working.
export const emailApi = new Hono<AppEnv>().post("/confirm-email/resend", signedIn(), async (c) => {
  const { user } = c.var.signedIn;
  const address = user.pendingEmail ?? (user.emailConfirmed ? null : user.email);
  if (!address) throw new ApiError(409, "error_already_confirmed");
  const db = c.var.db;
  const now = Date.now();
  const confirmation = await newConfirmation(address, now);
  // One round trip: count this e-mail, and store the new link only while under the limit.
  const throttle = confirmationMailThrottle(db, user.id, now);
  const [counted, updated] = await db.batch([
    throttle.count,
    db
      .update(users)
      .set(confirmation.columns)
      .where(and(eq(users.id, user.id), throttle.underLimit))
      .returning({ id: users.id }),
  ]);
  if (updated.length === 0) throw tooManyAttempts(throttle.waitFor(counted));
  const link = confirmationLink(appUrl(c.env, new URL(c.req.url).origin), confirmation.token);
  const [result] = await createMailer(c.env, db).send([inAccountLocale(user.locale, () => confirmationEmail({ to: address, link, change: address !== user.email }))]);
  if (!result?.ok) {
    console.error(`[mail] confirmation for user ${user.id} not sent: ${result?.error ?? "no answer from the mailer"}`);
    throw new ApiError(502, "error_resend_failed");
  }
  const answer: ResendAnswer = { sentTo: address };
  return c.json(answer);
});
