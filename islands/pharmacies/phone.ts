import { PHONE_CHARACTERS, PHONE_MAX_LENGTH } from "../../src/shared/phone";

export { PHONE_MAX_LENGTH };

// The phone input accepts what a number is written with: '+', digits, spaces, '-', '.', '(' and ')'.
// Whether it is a real number is checked by the server (its library stays off the client).

/** One typed character the field takes. */
export const isPhoneCharacter = (ch: string) => PHONE_CHARACTERS.test(ch);

/** `text` without the characters the field does not take (pasted or autofilled text). */
export const phoneCharacters = (text: string) => [...text].filter(isPhoneCharacter).join("");
