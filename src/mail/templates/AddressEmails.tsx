import type { OutgoingEmail } from "../mailer";
import { buttonStyle, EmailFrame, MUTED, renderEmail } from "./EmailFrame";
import { hello } from "./greeting";

// The two e-mails about an address: the link that proves the reader owns it, and the notice to the
// old (confirmed) address when the account asks to move to a new one. The link goes to an address
// nobody has confirmed yet, so it greets nobody by name (greeting.ts).

interface ConfirmationInput {
  to: string;
  link: string;
  /** A new address for an existing account, rather than the address an account signed up with. */
  change: boolean;
}

const confirmIgnore = "If you did not ask for this, ignore this e-mail: nothing is sent to this address until it is confirmed.";
const confirmReason = (change: boolean) =>
  change
    ? "Someone asked to send the refill reminders of a Refill Tracker account to this address."
    : "Welcome to Refill Tracker. Confirm this address to get your refill reminders.";

function ConfirmationEmail({ link, change }: ConfirmationInput) {
  return (
    <EmailFrame title="Confirm your email address">
      <p>{hello(null)}</p>
      <p>{confirmReason(change)} The link works once, within 24 hours.</p>
      <p>
        <a href={link} style={buttonStyle}>
          Confirm this address
        </a>
      </p>
      <p style={{ fontSize: "13px", color: MUTED }}>{confirmIgnore}</p>
    </EmailFrame>
  );
}

export function confirmationEmail(input: ConfirmationInput): OutgoingEmail {
  const text = `${hello(null)}

${confirmReason(input.change)} Open this link within 24 hours to confirm it:

${input.link}

${confirmIgnore}`;
  return { to: input.to, subject: "Confirm your Refill Tracker email address", text, html: renderEmail(<ConfirmationEmail {...input} />), tag: "confirm-email" };
}

/** 'nina@example.com' → 'n•••@example.com': enough for the owner to recognise, little for anyone else. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  return `${address.slice(0, Math.min(1, at))}•••${address.slice(at)}`;
}

interface ChangeNoticeInput {
  to: string;
  /** The name to greet (greetingName): the old address is a confirmed one. */
  name: string | null;
  newAddress: string;
  resetLink: string;
}

const noticeSentence = (newAddress: string) =>
  `Your Refill Tracker e-mail is being changed to ${maskAddress(newAddress)}. If this wasn't you, reset your password.`;
const noticeStays = "Your reminders keep coming to this address until the new one is confirmed.";

function ChangeNoticeEmail({ name, newAddress, resetLink }: ChangeNoticeInput) {
  return (
    <EmailFrame title="Your e-mail address is being changed">
      <p>{hello(name)}</p>
      <p>{noticeSentence(newAddress)}</p>
      <p>{noticeStays}</p>
      <p>
        <a href={resetLink} style={buttonStyle}>
          Reset my password
        </a>
      </p>
    </EmailFrame>
  );
}

export function changeNoticeEmail(input: ChangeNoticeInput): OutgoingEmail {
  const text = `${hello(input.name)}

${noticeSentence(input.newAddress)}

${noticeStays}

Reset your password: ${input.resetLink}`;
  return { to: input.to, subject: "Your Refill Tracker e-mail is being changed", text, html: renderEmail(<ChangeNoticeEmail {...input} />), tag: "email-change-notice" };
}
