import { boundedCache } from "../shared/bounded-cache";
import { currentLocale } from "./current";

// What compiled messages call (scripts/i18n.mjs). Intl objects cost ~60 µs each to create and the
// dashboard formats hundreds of values, so each is made once per locale and kept (bounded).
export const numberFormat = boundedCache(
  "numberFormats",
  64,
  (locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }),
);
const pluralRules = boundedCache("pluralRules", 64, (locale: string) => new Intl.PluralRules(locale));

export const $num = (n: number) => numberFormat(currentLocale()).format(n);

export const $arg = (value: string | number) => (typeof value === "number" ? $num(value) : value);

export function $plural(n: number, pick: (category: Intl.LDMLPluralRule) => string): string {
  return pick(pluralRules(currentLocale()).select(n));
}

/** The "$code" catalog's answer: the key, and the values when there are any ("key\0{json}"). */
export const $code = (key: string, values?: object) => (values === undefined ? key : `${key}\0${JSON.stringify(values)}`);
