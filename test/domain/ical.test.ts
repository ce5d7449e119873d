import { describe, expect, it } from "vitest";
import { escapeText, foldLine } from "../../src/domain/ical";

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
