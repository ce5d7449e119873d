import * as m from "../../generated/i18n";
import { isolate } from "../../i18n/Rich";

// The one place a name a user typed reaches an e-mail. Anyone may register with any username and
// full name beside someone else's address, and mail clients turn text that looks like a web or
// e-mail address (or a phone number) into a link. So: no e-mail carries the username; the full name
// greets only an address its owner confirmed; and only a name made of letters, spaces, hyphens,
// apostrophes and initials' full stops, which no client can read as a link. Any other: "Hello,".

/** Letters and marks in any script, spaces, ' ’ -, and a full stop only before a space or the end. */
const PLAIN_NAME = /^(?:[\p{L}\p{M}'’ -]|\.(?= |$))+$/u;

/** Whom an e-mail may greet: the full name, for an address its owner confirmed; else nobody. */
export const greetingName = (fullName: string | null | undefined, addressConfirmed: boolean): string | null =>
  addressConfirmed ? (fullName ?? null) : null;

/** The name an e-mail may show, or null: only a plain one. */
export function plainName(name: string | null | undefined): string | null {
  const plain = name?.trim() ?? "";
  return PLAIN_NAME.test(plain) ? plain : null;
}

/** The opening line of a text part: "Hello Pat Doe," (the name isolated) for a plain name, "Hello," for none or any other. */
export function hello(name: string | null | undefined): string {
  const plain = plainName(name);
  return plain ? m.mail_hello({ name: isolate(plain) }) : m.mail_hello_anonymous();
}
