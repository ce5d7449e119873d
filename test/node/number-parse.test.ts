import { describe, expect, it } from "vitest";
import { fieldNumberText, latinDigits, parseNumber, plainNumberText } from "../../src/shared/number";

// Number fields typed in the patient's own digits and decimal mark: ٢ and ٦٠ used to be dropped by
// the browser's number input, and 1,5 read as nothing. One parser (src/shared/number.ts) reads them.

const LOCALES = ["en", "es", "fr", "de", "pt-BR", "hi", "ar", "zh", "ar-EG", "hi-IN-u-nu-deva", "es-MX", "fr-CA", "de-CH", "ar-SA"];
const VALUES = [0, 2, 60, 0.25, 1.5, 12.75, 1500, 1234567.5];

describe("parseNumber over every locale's own digits and separators", () => {
  for (const locale of LOCALES) {
    it(`${locale}: reads back what Intl writes, grouped or not`, () => {
      for (const value of VALUES) {
        const grouped = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
        const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(value);
        expect(parseNumber(grouped, locale), `${locale} ${grouped}`).toBe(value);
        expect(parseNumber(plain, locale), `${locale} ${plain}`).toBe(value);
        expect(parseNumber(fieldNumberText(value, locale), locale)).toBe(value);
      }
    });
  }

  it("reads Arabic-Indic, Extended Arabic-Indic, Devanagari, Bengali and fullwidth digits in any locale", () => {
    for (const locale of ["en", "ar", "ar-EG", "hi", "zh", "de"]) {
      expect(parseNumber("٢", locale)).toBe(2);
      expect(parseNumber("٦٠", locale)).toBe(60);
      expect(parseNumber("۶۰", locale)).toBe(60);
      expect(parseNumber("६०", locale)).toBe(60);
      expect(parseNumber("৬০", locale)).toBe(60);
      expect(parseNumber("６０", locale)).toBe(60);
      expect(parseNumber("١٫٥", locale)).toBe(1.5);
    }
    expect(latinDigits("٠١٢٣٤٥٦٧٨٩ ०१२३४५६७८९")).toBe("0123456789 0123456789");
  });

  it("takes 1,5 in es, fr, de and pt, and 1.5 there too", () => {
    for (const locale of ["es", "fr", "de", "pt", "pt-BR"]) {
      expect(parseNumber("1,5", locale)).toBe(1.5);
      expect(parseNumber("0,25", locale)).toBe(0.25);
      expect(parseNumber("1.5", locale)).toBe(1.5);
    }
  });

  it("reads a mark with three digits after it as the locale does", () => {
    expect(parseNumber("1.500", "de")).toBe(1500);
    expect(parseNumber("1.500", "es")).toBe(1500);
    expect(parseNumber("1,500", "de")).toBe(1.5);
    expect(parseNumber("1,500", "en")).toBe(1500);
    expect(parseNumber("1.500", "en")).toBe(1.5);
    expect(parseNumber("1,500", "fr")).toBe(1.5);
    expect(parseNumber("1 500", "fr")).toBe(1500);
    expect(parseNumber("12,34,567", "hi")).toBe(1234567);
    // No first group before it: only a decimal mark makes sense.
    expect(parseNumber("0.500", "de")).toBe(0.5);
    expect(parseNumber("1000,500", "en")).toBe(1000.5);
  });

  it("says NaN for anything that is no number, rather than guessing", () => {
    for (const text of ["", " ", "abc", "1..5", "1,2,3", "1.000.5", "1e3", "0x10", "1_000", "1 5", "1.000,000.5", "--1", "1-", "½", "."])
      expect(parseNumber(text, "en"), JSON.stringify(text)).toBeNaN();
  });

  it("keeps the sign, so a negative count meets its own message", () => {
    expect(parseNumber("-1", "en")).toBe(-1);
    expect(parseNumber("−٢", "ar-EG")).toBe(-2);
  });

  it("without a locale reads the app's plain format only ('.' decimal, no grouping), in any digits", () => {
    expect(parseNumber("1.5")).toBe(1.5);
    expect(parseNumber("٦٠")).toBe(60);
    expect(parseNumber("1,5")).toBeNaN();
    expect(parseNumber("1,000")).toBeNaN();
  });

  it("gives the schemas plain text: empty stays empty, no number is NaN", () => {
    expect(plainNumberText("", "ar-EG")).toBe("");
    expect(plainNumberText("٢", "ar-EG")).toBe("2");
    expect(plainNumberText("1,5", "de")).toBe("1.5");
    expect(plainNumberText("x", "de")).toBe("NaN");
  });

  it("shows a field's number in the locale's digits and mark, without grouping", () => {
    expect(fieldNumberText(60, "ar-EG")).toBe("٦٠");
    expect(fieldNumberText(1.5, "de")).toBe("1,5");
    expect(fieldNumberText(1500, "en")).toBe("1500");
  });
});
