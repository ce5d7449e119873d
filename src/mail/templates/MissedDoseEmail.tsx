import * as m from "../../generated/i18n";
import { currentLocale } from "../../i18n/current";
import { isolate, Rich } from "../../i18n/Rich";
import type { OutgoingEmail } from "../mailer";
import { buttonStyle, EmailFrame, Hello, renderEmail } from "./EmailFrame";
import { plainName } from "./greeting";

// The missed-dose alert by e-mail, for a member with no push device: HTML and plain text, written in
// the member's language (senders wrap it in inAccountLocale). It names the person (a name a manager
// typed: only a plain one, greeting.ts; any other is "Someone you care for"), the time on the
// person's clock, and the medications only when the member allows names on the lock screen.

export interface MissedDoseEmailInput {
  to: string;
  /** The person's name as stored. */
  person: string;
  /** The dose's time, formatted on the person's clock in the member's locale. */
  time: string;
  /** The unlogged medications' names, or null when the member keeps names hidden. */
  names: string[] | null;
  dashboardUrl: string;
}

const listOf = (names: string[]) => new Intl.ListFormat(currentLocale(), { type: "conjunction" }).format(names.map(isolate));

/** The alert's sentence, the person's name wrapped by `wrap` (<bdi> in HTML, isolated in text). */
function sentence<T>(input: MissedDoseEmailInput, wrap: (name: string) => T) {
  const plain = plainName(input.person);
  const person = plain ? wrap(plain) : m.mail_missed_dose_someone();
  return input.names
    ? { message: m.missed_dose_text_names as (p: object) => string, values: { person, time: input.time, names: listOf(input.names) } }
    : { message: m.missed_dose_text as (p: object) => string, values: { person, time: input.time } };
}

function MissedDoseEmail(input: MissedDoseEmailInput) {
  const { message, values } = sentence(input, (name) => <bdi>{name}</bdi>);
  return (
    <EmailFrame title={m.missed_dose_title()} footer={m.mail_missed_dose_why()}>
      <Hello name={null} />
      <p>
        <Rich message={message} values={values} />
      </p>
      <p>
        <a href={input.dashboardUrl} style={buttonStyle}>
          {m.mail_reminder_dashboard_button()}
        </a>
      </p>
    </EmailFrame>
  );
}

function missedDoseText(input: MissedDoseEmailInput) {
  const { message, values } = sentence(input, isolate);
  return `${m.mail_hello_anonymous()}

${message(values)}

${m.mail_reminder_dashboard_link({ url: input.dashboardUrl })}

${m.mail_missed_dose_why()}`;
}

export function missedDoseEmail(input: MissedDoseEmailInput): OutgoingEmail {
  // The subject names the person and the time, never a medication (inbox lists show it).
  const { message, values } = sentence({ ...input, names: null }, isolate);
  return {
    to: input.to,
    subject: message(values),
    text: missedDoseText(input),
    html: renderEmail(<MissedDoseEmail {...input} />),
    tag: "missed-dose",
  };
}
