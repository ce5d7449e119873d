import { Hono } from "hono";
import { confirmationLink, newConfirmation, storeResentConfirmation } from "../auth/email-confirmation";
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
  const wait = await storeResentConfirmation(db, user.id, confirmation.columns, now);
  if (wait !== null) throw tooManyAttempts(wait);
  const link = confirmationLink(appUrl(c.env, new URL(c.req.url).origin), confirmation.token);
  const [result] = await createMailer(c.env, db).send([
    inAccountLocale(user.locale, () => confirmationEmail({ to: address, link, change: address !== user.email })),
  ]);
  if (!result?.ok) {
    console.error(`[mail] confirmation for user ${user.id} not sent: ${result?.error ?? "no answer from the mailer"}`);
    throw new ApiError(502, "error_resend_failed");
  }
  const answer: ResendAnswer = { sentTo: address };
  return c.json(answer);
});
