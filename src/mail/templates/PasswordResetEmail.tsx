import * as m from "../../generated/i18n";
import type { OutgoingEmail } from "../mailer";
import { buttonStyle, EmailFrame, Hello, MUTED, renderEmail, sentences } from "./EmailFrame";
import { hello } from "./greeting";

// In the current language: senders wrap it in inAccountLocale (src/mail/locale.ts).

interface PasswordResetInput {
  to: string;
  /** The name to greet (greetingName): none while the address is unconfirmed. */
  name: string | null;
  link: string;
}

function PasswordResetEmail({ name, link }: PasswordResetInput) {
  return (
    <EmailFrame title={m.mail_reset_title()}>
      <Hello name={name} />
      <p>{sentences(m.mail_reset_asked(), m.mail_reset_link_once())}</p>
      <p>
        <a href={link} style={buttonStyle}>
          {m.mail_reset_button()}
        </a>
      </p>
      <p style={{ fontSize: "13px", color: MUTED }}>{m.mail_reset_ignore()}</p>
    </EmailFrame>
  );
}

const passwordResetText = ({ name, link }: PasswordResetInput) => `${hello(name)}

${sentences(m.mail_reset_asked(), m.mail_reset_open_link())}

${link}

${m.mail_reset_ignore()}`;

export function passwordResetEmail(input: PasswordResetInput): OutgoingEmail {
  return {
    to: input.to,
    subject: m.mail_reset_subject(),
    text: passwordResetText(input),
    html: renderEmail(<PasswordResetEmail {...input} />),
    tag: "password-reset",
  };
}
