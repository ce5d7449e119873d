import { currentLocale } from "./current";

// What compiled messages call (scripts/i18n.mjs). Intl objects cost ~60 µs each to create and the
// dashboard formats hundreds of values, so each is made once per locale and kept.
const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

export function numberFormat(locale: string): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })));
  return format;
}

export const $num = (n: number) => numberFormat(currentLocale()).format(n);

export const $arg = (value: string | number) => (typeof value === "number" ? $num(value) : value);

export function $plural(n: number, pick: (category: Intl.LDMLPluralRule) => string): string {
  const locale = currentLocale();
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return pick(rules.select(n));
}

/** The "$code" catalog's answer: the key, and the values when there are any ("key\0{json}"). */
export const $code = (key: string, values?: object) => (values === undefined ? key : `${key}\0${JSON.stringify(values)}`);
