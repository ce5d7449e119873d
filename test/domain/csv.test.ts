import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { neutraliseCell, parseCsv, readCell, writeCsv } from "../../src/domain/csv";

describe("CSV (RFC 4180)", () => {
  it("quotes fields with commas, quotes and line breaks and ends every record in CRLF", () => {
    expect(writeCsv([["a,b", 'say "hi"', "two\nlines", "plain"]])).toBe('"a,b","say ""hi""","two\nlines",plain\r\n');
  });

  it("neutralises every formula start, and a leading quote so it can be read back", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(neutraliseCell(`${start}x`)).toBe(`'${start}x`);
    expect(neutraliseCell("'x")).toBe("''x");
    expect(neutraliseCell("a=b")).toBe("a=b");
    expect(readCell("'=x")).toBe("=x");
    expect(readCell("''x")).toBe("'x");
    expect(readCell("'Tis")).toBe("'Tis");
  });

  it("parses LF or CRLF, a BOM, quoted line breaks, and keeps blank lines so rows stay numbered", () => {
    expect(parseCsv('\uFEFFa,b\n"x\r\ny",""""\r\n\r\nlast,')).toEqual({ records: [["a", "b"], ["x\r\ny", '"'], [""], ["last", ""]] });
    expect(parseCsv('a,"open')).toEqual({ error: "The file has a quoted field that is never closed." });
  });

  it("reads back whatever it writes", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: "grapheme" }), { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (records) => {
        const parsed = parseCsv(writeCsv(records));
        expect("records" in parsed && parsed.records.map((r) => r.map(readCell))).toEqual(records);
      }),
    );
  });
});
