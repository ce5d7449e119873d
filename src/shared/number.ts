import { boundedCache } from "./bounded-cache";

// The one reader of a number a person typed: every island number field and the CSV import whose
// locale is known. A browser's <input type="number"> drops digits it does not know (٢, ६) and reads
// "1,5" as nothing, so the fields are text and their values come through here. Pure, browser-safe.

// Each script's zero: ASCII, Arabic-Indic, Extended Arabic-Indic, Devanagari, Bengali, fullwidth.
const ZEROS = [0x30, 0x660, 0x6f0, 0x966, 0x9e6, 0xff10];
const OTHER_DIGITS = /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\uff10-\uff19]/g;

/** `text` with every supported script's digits as ASCII ones. */
export function latinDigits(text: string): string {
  return text.replace(OTHER_DIGITS, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = ZEROS.findLast((z) => code >= z && code <= z + 9)!;
    return String(code - zero);
  });
}

/** The locale's decimal and grouping marks, from Intl (kept per locale: a CSV reads hundreds of cells). */
const marks = boundedCache("numberMarks", 64, (locale: string) => {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.5);
  return {
    decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
    group: parts.find((part) => part.type === "group")?.value ?? ",",
  };
});

// Marks that only ever group (spaces of any width, apostrophes, the Arabic thousands mark) or only
// ever end the whole part (the Arabic decimal mark, the fullwidth full stop).
const ALWAYS_GROUP = /[\s\u00a0\u2009\u202f'\u2019\u066c]/g;
const ALWAYS_DECIMAL = /[\u066b\uff0e]/g;

/** A grouped whole part (marks as ','): three-digit groups, or India's two-digit ones before the last three (12,34,567). */
const GROUPED = /^[1-9]\d{0,2}(,\d{2,3})*,\d{3}$/;

/**
 * The number `text` says in `locale` (a BCP 47 tag), or NaN when it says none (empty, letters, a
 * misplaced separator). Digits of any supported script. A single '.' or ',' is the decimal mark
 * ('1.5' and '1,5' anywhere) unless it could be grouping, three digits after a first group: then it
 * is read as the locale reads it ('1.500' is 1500 in German and 1.5 in English; '1,500' the other
 * way round). Grouping is accepted only where it groups, in one mark; '1.000,5' and '1,000.5' both
 * work. Without a locale: '.' is the only decimal mark and nothing groups (the app's own CSV format).
 */
export function parseNumber(text: string, locale?: string): number {
  let body = latinDigits(text.trim()).replace(ALWAYS_DECIMAL, ".");
  let sign = 1;
  if (/^[-\u2212]/.test(body)) {
    sign = -1;
    body = body.slice(1);
  }
  if (!locale) return /^(\d+(\.\d*)?|\.\d+)$/.test(body) ? sign * Number(body) : Number.NaN;
  // Grouping-only marks as '_' (never typed: refused first), so they never read as a decimal mark.
  if (body.includes("_")) return Number.NaN;
  body = body.replace(ALWAYS_GROUP, "_");
  if (!/^[\d.,_]*\d[\d.,_]*$/.test(body)) return Number.NaN;
  let whole = body;
  let fraction = "";
  const last = Math.max(body.lastIndexOf("."), body.lastIndexOf(","));
  if (last >= 0) {
    const mark = body[last]!;
    const before = body.slice(0, last);
    const after = body.slice(last + 1);
    const { decimal, group } = marks(locale);
    // Ambiguous: one mark, three digits after a possible first group. It groups when it is the
    // locale's grouping mark, or a ',' where the decimal mark is not one.
    const ambiguous = after.length === 3 && /^[1-9]\d{0,2}$/.test(before);
    const groups = before.includes(mark) || (ambiguous && (mark === group || (mark === "," && decimal !== ",")));
    if (!groups) {
      if (!/^\d*$/.test(after)) return Number.NaN;
      whole = before;
      fraction = after;
    }
  }
  const wholeMarks = new Set(whole.replace(/\d/g, ""));
  if (wholeMarks.size > 1 || (wholeMarks.size === 1 && !GROUPED.test(whole.replace(/[.,_]/g, ",")))) return Number.NaN;
  return sign * Number(`${whole.replace(/[.,_]/g, "") || "0"}.${fraction || "0"}`);
}

/**
 * A field's text as the schemas read it: '' when empty, the number in plain digits ('1.5'), or
 * 'NaN' when it says none (so a schema's own message for a bad number shows).
 */
export const plainNumberText = (text: string, locale?: string) => (text.trim() === "" ? "" : String(parseNumber(text, locale)));

/** A number as a field shows it: the locale's digits and decimal mark, no grouping ('1,5', '٣٠'). */
const fieldFormats = boundedCache(
  "fieldNumberFormats",
  64,
  (locale: string) => new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 6 }),
);
export const fieldNumberText = (value: number, locale: string) => fieldFormats(locale).format(value);
