import { inLocale, type LocaleScope } from "../i18n/current";
import { canonicalLocale, languageOf } from "../i18n/languages";

// E-mails are written in the ACCOUNT's saved language (users.locale), whoever or whatever sends
// them: the hourly job has no request, and a password reset or an address change may be asked for
// from a browser in another language. No saved locale (or one we have no catalog for): English.

/** The scope an account's e-mails are written in: its language's catalog and its locale for Intl. */
export function accountLocaleScope(locale: string | null | undefined): LocaleScope {
  const language = languageOf(locale);
  if (!language) return { language: "en", locale: "en" };
  return { language, locale: canonicalLocale(locale) ?? language };
}

/** Runs `fn` (subject, HTML and text of an e-mail) in the account's language: `inAccountLocale(user.locale, () => passwordResetEmail(…))`. */
export const inAccountLocale = <T>(locale: string | null | undefined, fn: () => T): T => inLocale(accountLocaleScope(locale), fn);
