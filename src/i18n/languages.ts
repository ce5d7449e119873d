import { LANGUAGES, PSEUDO_LOCALE } from "../generated/i18n";
import { supportedLocale } from "../shared/locale";

export type Language = (typeof LANGUAGES)[number];
export { LANGUAGES, PSEUDO_LOCALE };

/** Each language in its own words, for the switcher (never translated). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  pt: "Português",
  hi: "हिन्दी",
  ar: "العربية",
  zh: "中文",
} as Record<Language, string>;

const RIGHT_TO_LEFT = new Set(["ar", "he", "fa", "ur"]);
export const directionOf = (language: string): "rtl" | "ltr" => (RIGHT_TO_LEFT.has(language.split("-")[0]!.toLowerCase()) ? "rtl" : "ltr");

// Chinese in Traditional script (Taiwan, Hong Kong, Macau, or tagged Hant) is not Simplified Chinese:
// until a Traditional catalog exists those readers get English rather than the wrong script.
const TRADITIONAL_CHINESE = /^zh-(hant|tw|hk|mo)\b/i;

/**
 * The catalog for a BCP 47 tag: the tag's language when we have it ('pt-BR' → pt, 'zh-Hans-CN' →
 * zh), or undefined. The pseudo-locale only where `allowPseudo` (development and tests).
 */
export function languageOf(tag: string | null | undefined, allowPseudo = false): Language | typeof PSEUDO_LOCALE | undefined {
  if (!tag) return undefined;
  const trimmed = tag.trim();
  if (allowPseudo && trimmed.toLowerCase() === PSEUDO_LOCALE.toLowerCase()) return PSEUDO_LOCALE;
  if (TRADITIONAL_CHINESE.test(trimmed)) return undefined;
  const base = trimmed.split(/[-_]/)[0]!.toLowerCase();
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : undefined;
}

/**
 * A tag fit to store and give Intl: one of our languages and an optional region, canonical ('pt-br'
 * → 'pt-BR'; extensions and private use dropped), or null (src/shared/locale.ts). Also applied to
 * every stored locale as it is read, so a tag saved before the rule never reaches Intl as it is.
 */
export const canonicalLocale = supportedLocale;
