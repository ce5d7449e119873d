import * as z from "zod/mini";
import * as m from "../generated/i18n";

// zod/mini keeps the islands' bundle small (~6 KB instead of ~95 KB for full zod) and ships no
// default messages, so every rule below names its own, in the spec's words where it has them.
// Messages are functions (`() => m.key()`): each validation says them in the current language
// (on the server, while validating, they answer their key: the API's `code`).

/** A message, looked up each time it is shown. */
export type Message = () => string;

/** zod's params for a message function (it is called with the issue, which it ignores). */
export const msg = (message: Message) => ({ error: () => message() });

export const requiredText = (message: Message, max = 200) =>
  z.string(msg(message)).check(
    z.trim(),
    z.minLength(1, msg(message)),
    z.maxLength(
      max,
      msg(() => m.field_max_characters({ max })),
    ),
  );

/**
 * What a name or phone a person typed may not hold: C0 controls (a tab aside), DEL, C1 controls and
 * the Unicode line and paragraph separators. They reached the plain-text e-mail unchanged (a CR/LF
 * adds lines to a reminder, an ESC drives a terminal). Refused rather than stripped: the person sees
 * which field and fixes it, and what is stored is what they typed (stripping would glue words
 * together unseen). Line breaks at either end are trimmed like spaces first.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/;

export const withoutControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);

/** `value` on one line: each run of control characters a space (for names stored before the rule). */
export const controlsAsSpaces = (value: string) => value.replace(new RegExp(`${CONTROL_CHARACTERS.source}+`, "g"), " ");

const noControlCharacters = z.refine<string>(withoutControlCharacters, msg(m.field_no_control_characters));

/** A name a person types (medication, pharmacy, full name, username at sign-up): requiredText without control characters. */
export const nameText = (message: Message, max = 200) => requiredText(message, max).check(noControlCharacters);

/** The same rule for any other text field (the phone kept as typed). */
export const textWithoutControls = <T extends z.ZodMiniString>(schema: T) => schema.check(noControlCharacters) as T;

export const emailAddress = (message: Message) =>
  z.string(msg(message)).check(z.trim(), z.maxLength(254, msg(message)), z.email(msg(message)));

export const password = z.string(msg(m.field_password_required)).check(
  z.minLength(
    8,
    msg(() => m.field_password_too_short({ min: 8 })),
  ),
  z.maxLength(
    256,
    msg(() => m.field_password_too_long({ max: 256 })),
  ),
);

/** The first problem, phrased for a person: used by the API's 400 answers and the forms. */
export function firstIssueMessage(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return m.error_invalid_request();
  if (issue.path.length === 0 && issue.code === "invalid_type") return m.error_body_not_object();
  return issue.message;
}

/** Field → first message, for showing errors beside form fields. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    errors[field] ??= issue.message;
  }
  return errors;
}
