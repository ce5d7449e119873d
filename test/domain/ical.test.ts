import { describe, expect, it } from "vitest";
import { escapeText, foldLine, titleName } from "../../src/domain/ical";

describe("iCalendar text", () => {
  it("escapes backslash, semicolon, comma and every kind of line break", () => {
    expect(escapeText("a\\b;c,d\r\ne\nf\rg")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
  });

  it("drops control characters RFC 5545 forbids in TEXT, keeping tabs and escaped line breaks", () => {
    expect(escapeText("a\u0000b\u0008c\u000bd\u000ce\u000ef\u001fg\u007fh\ti\r\nj")).toBe("abcdefgh\ti\\nj");
  });

  it("folds at 75 octets, continuation lines counting their leading space, never inside a character", () => {
    const line = `SUMMARY:${"💊é".repeat(40)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join("")).toBe(line);
    expect(folded).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(foldLine("SHORT:line")).toBe("SHORT:line");
  });
});

describe("titleName: direction marks only where a name runs the other way", () => {
  it("isolates an Arabic or Hebrew name in a left-to-right feed, and a Latin, Devanagari or Han one in a right-to-left feed", () => {
    expect(titleName("ميتفورمين", "ltr")).toBe("\u2068ميتفورمين\u2069");
    expect(titleName("אקמול", "ltr")).toBe("\u2068אקמול\u2069");
    expect(titleName("Metformin 500", "rtl")).toBe("\u2068Metformin 500\u2069");
    expect(titleName("मेटफॉर्मिन", "rtl")).toBe("\u2068मेटफॉर्मिन\u2069");
  });

  it("leaves a name that runs the language's way, or has no letters, as it is", () => {
    expect(titleName("Ácido fólico", "ltr")).toBe("Ácido fólico");
    expect(titleName("甲氨蝶呤", "ltr")).toBe("甲氨蝶呤");
    expect(titleName("ميتفورمين", "rtl")).toBe("ميتفورمين");
    expect(titleName("500", "rtl")).toBe("500");
  });
});
