import * as m from "../../generated/i18n";
import { isolate, Rich } from "../../i18n/Rich";
import type { InviteRole } from "../../shared/invite-schemas";
import type { OutgoingEmail } from "../mailer";
import { buttonStyle, EmailFrame, Hello, MUTED, renderEmail, sentences } from "./EmailFrame";
import { plainName } from "./greeting";

// The invitation to care for a person, written in the SENDER's language (senders wrap it in
// inAccountLocale): the address is someone else's, with no account or language of its own yet.
// It goes to an address the sender typed, so the names in it are the sender's words: only plain
// ones (greeting.ts: no mail client can turn them into a link), the sender's only once their own
// address is confirmed; any other is left out ("Someone", "someone's medications").

export interface InviteEmailInput {
  to: string;
  link: string;
  personName: string;
  senderName: string | null;
  senderConfirmed: boolean;
  role: InviteRole;
  days: number;
}

const namesOf = ({ personName, senderName, senderConfirmed }: InviteEmailInput) => ({
  person: plainName(personName),
  sender: senderConfirmed ? plainName(senderName) : null,
});

/** The invitation's first sentence, each name wrapped by `wrap` (<bdi> in HTML, isolated in text). */
function invitation<T>(input: InviteEmailInput, wrap: (name: string) => T) {
  const { person, sender } = namesOf(input);
  const from = sender ? wrap(sender) : m.mail_invite_someone();
  return person
    ? { message: m.mail_invite_text as (p: { sender: T | string; person: T }) => string, values: { sender: from, person: wrap(person) } }
    : { message: m.mail_invite_text_unnamed as (p: { sender: T | string }) => string, values: { sender: from } };
}

function InviteEmail(input: InviteEmailInput) {
  const { message, values } = invitation(input, (name) => <bdi>{name}</bdi>);
  return (
    <EmailFrame title={m.mail_invite_title()}>
      <Hello name={null} />
      <p>
        <Rich message={message as (p: object) => string} values={values} />
      </p>
      <p>{sentences(m.invite_role_text({ role: input.role }), m.mail_invite_link_once({ days: input.days }))}</p>
      <p>
        <a href={input.link} style={buttonStyle}>
          {m.mail_invite_button()}
        </a>
      </p>
      <p style={{ fontSize: "13px", color: MUTED }}>{m.mail_invite_ignore()}</p>
    </EmailFrame>
  );
}

function inviteText(input: InviteEmailInput) {
  const { message, values } = invitation(input, isolate);
  return `${m.mail_hello_anonymous()}

${(message as (p: object) => string)(values)}

${sentences(m.invite_role_text({ role: input.role }), m.mail_invite_open_link({ days: input.days }))}

${input.link}

${m.mail_invite_ignore()}`;
}

export function inviteEmail(input: InviteEmailInput): OutgoingEmail {
  return {
    to: input.to,
    subject: m.mail_invite_subject(),
    text: inviteText(input),
    html: renderEmail(<InviteEmail {...input} />),
    tag: "invite",
  };
}
