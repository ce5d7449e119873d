import * as m from "../../generated/i18n";
import type { OutgoingEmail } from "../mailer";
import { EmailFrame, Hello, MUTED, renderEmail } from "./EmailFrame";
import { hello } from "./greeting";

// In the current language: the sender wraps it in inAccountLocale (src/mail/locale.ts).

interface GoodbyeInput {
  to: string;
  /** The name to greet (greetingName). */
  name: string | null;
}

function GoodbyeEmail({ name }: GoodbyeInput) {
  return (
    <EmailFrame title={m.mail_goodbye_title()}>
      <Hello name={name} />
      <p>{m.mail_goodbye_body()}</p>
      <p style={{ fontSize: "13px", color: MUTED }}>{m.mail_goodbye_not_you()}</p>
    </EmailFrame>
  );
}

const goodbyeText = ({ name }: GoodbyeInput) => `${hello(name)}

${m.mail_goodbye_body()}

${m.mail_goodbye_not_you()}`;

export function goodbyeEmail(input: GoodbyeInput): OutgoingEmail {
  return {
    to: input.to,
    subject: m.mail_goodbye_subject(),
    text: goodbyeText(input),
    html: renderEmail(<GoodbyeEmail {...input} />),
    tag: "account-deleted",
  };
}
