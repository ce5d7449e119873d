import * as m from "../../generated/i18n";
import { isolate, Rich } from "../../i18n/Rich";
import { CONFIRMATION_TTL } from "../../auth/email-confirmation";
import type { OutgoingEmail } from "../mailer";
import { buttonStyle, EmailFrame, Hello, MUTED, renderEmail, sentences } from "./EmailFrame";
import { hello } from "./greeting";

// The two e-mails about an address: the link that proves the reader owns it, and the notice to the
// old (confirmed) address when the account asks to move to a new one. The link goes to an address
// nobody has confirmed yet, so it greets nobody by name (greeting.ts). In the current language:
// senders wrap them in inAccountLocale (src/mail/locale.ts).

interface ConfirmationInput {
  to: string;
  link: string;
  /** A new address for an existing account, rather than the address an account signed up with. */
  change: boolean;
}

// How long the link works, a placeholder so it is written in the reader's digits (Arabic ٢٤).
const LINK_HOURS = CONFIRMATION_TTL / 3_600_000;

const confirmReason = (change: boolean) => (change ? m.mail_confirm_reason_change() : m.mail_confirm_reason_signup());

function ConfirmationEmail({ link, change }: ConfirmationInput) {
  return (
    <EmailFrame title={m.mail_confirm_title()}>
      <Hello name={null} />
      <p>{sentences(confirmReason(change), m.mail_confirm_link_once({ hours: LINK_HOURS }))}</p>
      <p>
        <a href={link} style={buttonStyle}>
          {m.mail_confirm_button()}
        </a>
      </p>
      <p style={{ fontSize: "13px", color: MUTED }}>{m.mail_confirm_ignore()}</p>
    </EmailFrame>
  );
}

export function confirmationEmail(input: ConfirmationInput): OutgoingEmail {
  const text = `${hello(null)}

${sentences(confirmReason(input.change), m.mail_confirm_open_link({ hours: LINK_HOURS }))}

${input.link}

${m.mail_confirm_ignore()}`;
  return {
    to: input.to,
    subject: m.mail_confirm_subject(),
    text,
    html: renderEmail(<ConfirmationEmail {...input} />),
    tag: "confirm-email",
  };
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

function ChangeNoticeEmail({ name, newAddress, resetLink }: ChangeNoticeInput) {
  return (
    <EmailFrame title={m.mail_change_title()}>
      <Hello name={name} />
      <p>
        <Rich message={m.mail_change_notice} values={{ address: <bdi>{maskAddress(newAddress)}</bdi> }} />
      </p>
      <p>{m.mail_change_stays()}</p>
      <p>
        <a href={resetLink} style={buttonStyle}>
          {m.mail_change_button()}
        </a>
      </p>
    </EmailFrame>
  );
}

export function changeNoticeEmail(input: ChangeNoticeInput): OutgoingEmail {
  const text = `${hello(input.name)}

${m.mail_change_notice({ address: isolate(maskAddress(input.newAddress)) })}

${m.mail_change_stays()}

${m.mail_change_reset_link({ link: input.resetLink })}`;
  return {
    to: input.to,
    subject: m.mail_change_subject(),
    text,
    html: renderEmail(<ChangeNoticeEmail {...input} />),
    tag: "email-change-notice",
  };
}
