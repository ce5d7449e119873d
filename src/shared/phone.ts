// The phone field's rules that the browser also needs (no parsing library: that stays on the server).

/** What a phone field may contain: '+', digits, spaces, '-', '.', '(' and ')'. */
export const PHONE_CHARACTERS = /^[+\d\s\-.()]*$/;

/** The phone field's (and the API's) longest number, in characters. */
export const PHONE_MAX_LENGTH = 30;
