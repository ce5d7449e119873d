import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The language and formatting locale of the work in progress, on the server: a request's (set by
 * the language middleware, then by the signed-in user's saved locale) or a job's (each reminder
 * e-mail in its owner's). Scoped per async context, never module state: concurrent requests in
 * different languages each see their own. The browser bundle replaces this module with
 * current.client.ts, whose language is fixed at build time.
 */
export type LocaleScope = {
  /** The catalog: one of LANGUAGES, the pseudo-locale, or "$code" while validating. */
  language: string;
  /** For Intl: the user's BCP 47 tag (e.g. "ar-EG", "pt-BR") or the language itself. */
  locale: string;
};

const storage = new AsyncLocalStorage<LocaleScope>();
const ENGLISH: LocaleScope = { language: "en", locale: "en" };

export const localeScope = (): LocaleScope => storage.getStore() ?? ENGLISH;
export const currentLanguage = () => localeScope().language;
export const currentLocale = () => localeScope().locale;

/** Runs `fn` (and everything it awaits) in `scope`. */
export const inLocale = <T>(scope: LocaleScope, fn: () => T): T => storage.run(scope, fn);
