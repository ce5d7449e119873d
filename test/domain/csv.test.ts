import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { neutraliseCell, parseCsv, readCell, writeCsv } from "../../src/domain/csv";

describe("CSV (RFC 4180)", () => {
  it("quotes fields with commas, semicolons, tabs, quotes and line breaks and ends every record in CRLF", () => {
    expect(writeCsv([["a,b", 'say "hi"', "two\nlines", "plain", "a;b", "a\tb"]])).toBe(
      '"a,b","say ""hi""","two\nlines",plain,"a;b","a\tb"\r\n',
    );
  });

  it("neutralises every formula start, and a leading quote so it can be read back", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(neutraliseCell(`${start}x`)).toBe(`'${start}x`);
    expect(neutraliseCell("'x")).toBe("''x");
    expect(neutraliseCell("a=b")).toBe("a=b");
    expect(readCell("'=x")).toBe("=x");
    expect(readCell("''x")).toBe("'x");
    expect(readCell("'Tis")).toBe("'Tis");
  });

  it("parses LF or CRLF, a BOM, quoted line breaks, and skips blank records, numbering rows as a spreadsheet does", () => {
    expect(parseCsv('\uFEFFa,b\n"x\r\ny",""""\r\n\r\n , \nlast,')).toEqual({
      records: [
        { row: 1, cells: ["a", "b"] },
        { row: 2, cells: ["x\r\ny", '"'] },
        { row: 5, cells: ["last", ""] },
      ],
    });
    expect(parseCsv('a,"open')).toEqual({ error: "The file has a quoted field that is never closed." });
  });

  it("a 1 MB file of blank lines keeps no records: blank ones are dropped as they are read", () => {
    expect(parseCsv("\n".repeat(1024 * 1024))).toEqual({ records: [] });
    expect(parseCsv("\r\n".repeat(512 * 1024))).toEqual({ records: [] });
    expect(parseCsv(`,,\n${" ,".repeat(1000)}\r\n`)).toEqual({ records: [] });
  });

  it("a file of too many rows stops at the first record past the limit, blank lines not counted", () => {
    const limit = { records: 3, error: "Too many." };
    expect(parseCsv("a\n\nb\n\n\nc\n\n", limit)).toEqual({
      records: [
        { row: 1, cells: ["a"] },
        { row: 3, cells: ["b"] },
        { row: 6, cells: ["c"] },
      ],
    });
    // The fourth record is refused even though an unclosed quote follows: nothing after it is read.
    expect(parseCsv('a\nb\nc\nd\n"open', limit)).toEqual({ error: "Too many." });
  });

  it("a formula after a `;` or a tab inside a cell cannot run in a spreadsheet whose list separator is `;` or a tab", () => {
    expect(writeCsv([['Aspirin;=HYPERLINK("http://evil")', "a\t+1", "x;@SUM(1)", "y;-2", "plain;text", "a\t\tb"]])).toBe(
      '"Aspirin;\'=HYPERLINK(""http://evil"")","a\t\'+1","x;\'@SUM(1)","y;\'-2","plain;text","a\t\'\tb"\r\n',
    );
    expect(neutraliseCell("a;'=b")).toBe("a;''=b");
    expect(readCell("a;''=b")).toBe("a;'=b");
    expect(readCell("a;'=b")).toBe("a;=b");
    expect(readCell("a;'Tis")).toBe("a;'Tis");
    // Split the way such a spreadsheet would (on `;` and tabs, quotes ignored): no piece starts a formula.
    const line = writeCsv([["=1;=2\t-3;\t@4", "@x;+y"]]);
    for (const piece of line.trimEnd().split(/[;\t]/)) expect(piece.replace(/^"/, ""), line).not.toMatch(/^[=+\-@\r]/);
  });

  it("reads back whatever it writes, separators and formula starts anywhere in a cell", () => {
    const unit = fc.constantFrom(";", "\t", ",", "=", "+", "-", "@", "'", "\r", "\n", '"', "a", " ");
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit, maxLength: 12 }), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }),
        (records) => {
          // Blank records are skipped when read; keep one non-blank cell in each.
          const kept = records.map((record) => [...record, "x"]);
          const parsed = parseCsv(writeCsv(kept));
          expect("records" in parsed && parsed.records.map((r) => r.cells.map(readCell))).toEqual(kept);
        },
      ),
    );
  });

  it("reads back whatever it writes", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: "grapheme" }), { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 5 }),
        (records) => {
          // Blank records are skipped when read; keep one non-blank cell in each.
          const kept = records.map((record) => [...record, "x"]);
          const parsed = parseCsv(writeCsv(kept));
          expect("records" in parsed && parsed.records.map((r) => r.cells.map(readCell))).toEqual(kept);
        },
      ),
    );
  });
});
