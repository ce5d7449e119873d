import type { MiddlewareHandler } from "hono";
import { languageDetector } from "hono/language";
import type { AppEnv } from "../env";
import { inLocale, localeScope, type LocaleScope } from "../i18n/current";
import { canonicalLocale, LANGUAGES, languageOf, PSEUDO_LOCALE } from "../i18n/languages";
import type { User } from "../shared/user";

export const LANGUAGE_COOKIE = "lang";

const isLocal = (env: AppEnv["Bindings"]) => env.APP_ENV === "development" || env.APP_ENV === "test";

// Hono's detector reads the `lang` cookie, then Accept-Language (q-values, region fallback by
// prefix); each tag goes through languageOf first, so 'zh-TW' is no match rather than 'zh'.
const detect = (allowPseudo: boolean) =>
  languageDetector({
    order: ["cookie", "header"],
    lookupCookie: LANGUAGE_COOKIE,
    caches: false,
    supportedLanguages: allowPseudo ? [...LANGUAGES, PSEUDO_LOCALE] : [...LANGUAGES],
    fallbackLanguage: "en",
    convertDetectedLanguage: (tag) => languageOf(tag, allowPseudo) ?? "und",
  });
const detectors = { local: detect(true), deployed: detect(false) };

/**
 * Every request runs in a language: the signed-in user's saved one (set later, by `useAccountLocale`
 * once the session is read), else the `lang` cookie, else Accept-Language, else English.
 */
export const requestLanguage: MiddlewareHandler<AppEnv> = (c, next) => {
  const detector = isLocal(c.env) ? detectors.local : detectors.deployed;
  return detector(c, () => {
    const language = c.get("language") as string;
    // The pseudo-locale formats dates and numbers as English does.
    const scope: LocaleScope = { language, locale: language === PSEUDO_LOCALE ? "en" : language };
    c.set("localeScope", scope);
    return inLocale(scope, next);
  });
};

/** The signed-in user's saved locale wins over the cookie and the browser: used by the session guard. */
export function useAccountLocale(user: Pick<User, "locale">, allowPseudo: boolean) {
  const language = languageOf(user.locale, allowPseudo);
  if (!language) return;
  const scope = localeScope();
  scope.language = language;
  scope.locale = language === PSEUDO_LOCALE ? "en" : (canonicalLocale(user.locale) ?? language);
}

export { isLocal as allowsPseudoLocale };

/**
 * The locale a new account saves: the browser's tag (navigator.language) when it is the language
 * the page is shown in ('pt-BR' on a Portuguese page), else the page's language (the visitor chose
 * it with the switcher); null when the form sent none (an API client), so the account follows each
 * request's language.
 */
export function localeForNewAccount(browserLocale: string | undefined): string | null {
  if (!browserLocale) return null;
  const { language } = localeScope();
  if (language === PSEUDO_LOCALE || language === "$code") return null;
  const canonical = canonicalLocale(browserLocale);
  return canonical && languageOf(canonical) === language ? canonical : language;
}
