import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import type { PhoneView } from "./medications";
import { PHONE_CHARACTERS } from "../shared/phone";

// Phone numbers from anywhere: parsed on the server only (its metadata never enters
// a browser bundle). A valid number is stored as E.164 ('+442071838750'); the default country for
// a number typed without '+' is the account's locale region ('en-GB' → GB), else the US.

export { PHONE_CHARACTERS };
export type { CountryCode };

/** The region of a BCP 47 locale ('pt-BR' → 'BR', 'ar-EG' → 'EG'), or the US. */
export function phoneRegion(locale: string | null | undefined): CountryCode {
  if (locale) {
    try {
      const region = new Intl.Locale(locale).maximize().region;
      if (region && /^[A-Z]{2}$/.test(region)) return region as CountryCode;
    } catch {
      /* not a locale: fall through */
    }
  }
  return "US";
}

/** The E.164 form of `typed`, or null when it is not a valid number (for that default region). */
export function toE164(typed: string, region: CountryCode): string | null {
  if (!PHONE_CHARACTERS.test(typed)) return null;
  const parsed = parsePhoneNumberFromString(typed, region);
  return parsed?.isValid() ? parsed.number : null;
}

/** How a stored number reads on every page, e-mail and print: international format, or as typed. */
export function formatPhone(stored: string): string {
  if (!stored.startsWith("+")) return stored;
  const parsed = parsePhoneNumberFromString(stored);
  return parsed?.isValid() ? parsed.formatInternational() : stored;
}

/** A `tel:` URI: E.164 for a stored valid number; otherwise the dialable characters of what was typed. */
export function phoneHref(stored: string): string {
  const parsed = stored.startsWith("+") ? parsePhoneNumberFromString(stored) : undefined;
  return `tel:${parsed?.isValid() ? parsed.number : stored.replace(/[^\d+]/g, "")}`;
}

/** A stored number's `tel:` link, or null when it has no digit to dial (empty, or text like "call us"). */
export function phoneLink(stored: string): string | null {
  return /\d/.test(stored) ? phoneHref(stored) : null;
}

/** A pharmacy as the pages and the API show it: its number formatted and its link, worked out here (the islands never parse). */
export function withPhone<T extends { phoneNumber: string }>(pharmacy: T): T & PhoneView {
  return { ...pharmacy, phoneDisplay: formatPhone(pharmacy.phoneNumber), phoneHref: phoneLink(pharmacy.phoneNumber) };
}
