import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";

// Phone numbers from anywhere: parsed on the server only (its metadata never enters
// a browser bundle). A valid number is stored as E.164 ('+442071838750'); the default country for
// a number typed without '+' is the account's locale region ('en-GB' → GB), else the US.

/** What a phone field may contain: '+', digits, spaces, '-', '.', '(' and ')'. */
export const PHONE_CHARACTERS = /^[+\d\s\-.()]*$/;

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
