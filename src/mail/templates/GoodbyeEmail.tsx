import type { OutgoingEmail } from "../mailer";
import { EmailFrame, MUTED, renderEmail } from "./EmailFrame";
import { hello } from "./greeting";

interface GoodbyeInput {
  to: string;
  /** The name to greet (greetingName). */
  name: string | null;
}

const NOT_YOU = "If you did not delete it, someone knew your password: create a new account and use a different password there.";

function GoodbyeEmail({ name }: GoodbyeInput) {
  return (
    <EmailFrame title="Your account has been deleted">
      <p>{hello(name)}</p>
      <p>Your Refill Tracker account and everything stored with it (medications, pharmacies, reminders) have been deleted. You will get no more reminders from us.</p>
      <p style={{ fontSize: "13px", color: MUTED }}>{NOT_YOU}</p>
    </EmailFrame>
  );
}

const goodbyeText = ({ name }: GoodbyeInput) => `${hello(name)}

Your Refill Tracker account and everything stored with it (medications, pharmacies, reminders) have been deleted. You will get no more reminders from us.

${NOT_YOU}`;

export function goodbyeEmail(input: GoodbyeInput): OutgoingEmail {
  return { to: input.to, subject: "Your Refill Tracker account has been deleted", text: goodbyeText(input), html: renderEmail(<GoodbyeEmail {...input} />), tag: "account-deleted" };
}
