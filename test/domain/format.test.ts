import { describe, expect, it } from "vitest";
import { inLocale } from "../../src/i18n/current";
import { formatDate } from "../../src/shared/format";

describe("formatDate", () => {
  it("writes 'YYYY-MM-DD' as 'Jan 5, 2025' in English and leaves anything else as it is", () => {
    expect(formatDate("2025-01-05")).toBe("Jan 5, 2025");
    expect(formatDate("2024-12-31")).toBe("Dec 31, 2024");
    expect(formatDate("soon")).toBe("soon");
  });

  it("writes the date as the current locale does", () => {
    expect(inLocale({ language: "fr", locale: "fr" }, () => formatDate("2025-01-05"))).toBe("5 janv. 2025");
    expect(inLocale({ language: "zh", locale: "zh" }, () => formatDate("2025-01-05"))).toBe("2025年1月5日");
  });
});
