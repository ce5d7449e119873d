// The one rule for a locale an account may save: one of our languages plus an
// optional region, canonical ('pt-br' → 'pt-BR', 'zh-Hans-CN' → 'zh-CN'). Scripts, variants,
// extensions (-u-ca-…) and private-use subtags (-x-…) are dropped: each distinct tag would cost
// every isolate its own Intl objects, and none of them changes what we show. Chinese in Traditional
// script is not a language we have (its readers get English rather than the wrong script).
// Browser-safe: the sign-up form sends its browser's tag only when this accepts it.

/**
 * The catalogs' languages (src/generated/i18n LANGUAGES), written out because an island's bundle
 * holds one language's messages only; test/shared-locale.test.ts checks the two agree.
 */
export const SUPPORTED_LANGUAGES: readonly string[] = ["en", "ar", "de", "es", "fr", "hi", "pt", "zh"];

const TRADITIONAL_CHINESE_REGIONS = new Set(["TW", "HK", "MO"]);

/** The tag as an account stores it, or null when its language is not one we support. */
export function supportedLocale(tag: string | null | undefined): string | null {
  if (!tag || tag.length > 64) return null;
  let parsed: Intl.Locale;
  try {
    parsed = new Intl.Locale(tag.trim().replace(/_/g, "-"));
  } catch {
    return null;
  }
  const { language, region, script } = parsed;
  if (!SUPPORTED_LANGUAGES.includes(language)) return null;
  if (language === "zh" && (script === "Hant" || (region !== undefined && TRADITIONAL_CHINESE_REGIONS.has(region)))) return null;
  try {
    return Intl.getCanonicalLocales(region ? `${language}-${region}` : language)[0] ?? null;
  } catch {
    return null;
  }
}
