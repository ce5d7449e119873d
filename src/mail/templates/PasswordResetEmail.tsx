import * as m from "../../generated/i18n";
import { isolate } from "../../i18n/Rich";
import type { OutgoingEmail } from "../mailer";
import { buttonStyle, EmailFrame, Hello, MUTED, renderEmail, sentences } from "./EmailFrame";

// In the current language: senders wrap it in inAccountLocale (src/mail/locale.ts).

interface PasswordResetInput {
  to: string;
  username: string;
  link: string;
}

function PasswordResetEmail({ username, link }: PasswordResetInput) {
  return (
    <EmailFrame title={m.mail_reset_title()}>
      <Hello name={username} />
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

const passwordResetText = ({ username, link }: PasswordResetInput) => `${m.mail_hello({ name: isolate(username) })}

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
