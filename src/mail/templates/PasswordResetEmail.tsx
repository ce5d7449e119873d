import type { OutgoingEmail } from "../mailer";
import { buttonStyle, EmailFrame, MUTED, renderEmail } from "./EmailFrame";
import { hello } from "./greeting";

interface PasswordResetInput {
  to: string;
  /** The name to greet (greetingName): none while the address is unconfirmed. */
  name: string | null;
  link: string;
}

const IGNORE = "If it was not you, ignore this e-mail; your password stays the same.";

function PasswordResetEmail({ name, link }: PasswordResetInput) {
  return (
    <EmailFrame title="Reset your password">
      <p>{hello(name)}</p>
      <p>Someone asked to reset the password of your Refill Tracker account. The link works once, within one hour.</p>
      <p>
        <a href={link} style={buttonStyle}>
          Choose a new password
        </a>
      </p>
      <p style={{ fontSize: "13px", color: MUTED }}>{IGNORE}</p>
    </EmailFrame>
  );
}

const passwordResetText = ({ name, link }: PasswordResetInput) => `${hello(name)}

Someone asked to reset the password of your Refill Tracker account. Open this link within one hour to choose a new password:

${link}

${IGNORE}`;

export function passwordResetEmail(input: PasswordResetInput): OutgoingEmail {
  return {
    to: input.to,
    subject: "Reset your Refill Tracker password",
    text: passwordResetText(input),
    html: renderEmail(<PasswordResetEmail {...input} />),
    tag: "password-reset",
  };
}
