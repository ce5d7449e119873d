import type { OutgoingEmail } from "../mailer";
import { emailFrame, escapeHtml } from "./html";

export function passwordResetEmail({ to, username, link }: { to: string; username: string; link: string }): OutgoingEmail {
  const subject = "Reset your Refill Tracker password";
  const text = `Hello ${username},

Someone asked to reset the password of your Refill Tracker account. Open this link within one hour to choose a new password:

${link}

If it was not you, ignore this e-mail; your password stays the same.`;
  const html = emailFrame(
    "Reset your password",
    `<p>Hello ${escapeHtml(username)},</p>
<p>Someone asked to reset the password of your Refill Tracker account. The link works once, within one hour.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f766e;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Choose a new password</a></p>
<p style="font-size:13px;color:#475569">If it was not you, ignore this e-mail; your password stays the same.</p>`,
  );
  return { to, subject, text, html, tag: "password-reset" };
}
