// The browser's side of current.ts: a bundle is built per language (scripts/build.mjs defines
// __LANGUAGE__), and the formatting locale is the page's <html lang>, which the server rendered from
// the same request, so hydration formats exactly as the server did.
declare const __LANGUAGE__: string;

let locale: string | undefined;
export const currentLanguage = () => __LANGUAGE__;
// The pseudo-locale (en-XA) formats as English, as the server does.
export const currentLocale = () => (locale ??= __LANGUAGE__ === "en-XA" ? "en" : document.documentElement.lang || __LANGUAGE__);
