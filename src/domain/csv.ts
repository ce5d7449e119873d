// RFC 4180 text: fields separated by commas, records by CRLF; a field holding a comma, a `;`, a tab,
// a quote or a line break is quoted, its quotes doubled. Pure: used by the export, the import and the tests.

const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED = /^'[=+\-@\t\r']/;
// Excel splits a CSV on the system's list separator, `;` in much of Europe, or on tabs: a formula
// start right after one inside a cell would begin a cell of its own there.
const FORMULA_AFTER_SEPARATOR = /([;\t])(?=[=+\-@\t\r'])/g;
const NEUTRALISED_AFTER_SEPARATOR = /([;\t])'(?=[=+\-@\t\r'])/g;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a `'`
 * in front, so opening an exported file runs nothing; so does such a start after a `;` or a tab
 * inside the cell. A `'` already in one of those places gets one too, so `readCell` can take exactly
 * one off again and a round trip keeps every name as it was.
 */
export function neutraliseCell(value: string): string {
  const inner = value.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return FORMULA_START.test(inner) || inner.startsWith("'") ? `'${inner}` : inner;
}

/** The value neutraliseCell protected: one `'` off wherever it put one. */
export function readCell(value: string): string {
  const outer = NEUTRALISED.test(value) ? value.slice(1) : value;
  return outer.replace(NEUTRALISED_AFTER_SEPARATOR, "$1");
}

/** `;` and tabs are quoted too: a spreadsheet splitting on them then keeps the cell whole. */
function quoteField(value: string): string {
  return /[",;\t\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Records as RFC 4180 text, each line ending in CRLF, every cell neutralised. */
export function writeCsv(records: readonly (readonly string[])[]): string {
  return records.map((record) => record.map((cell) => quoteField(neutraliseCell(cell))).join(",") + "\r\n").join("");
}

/** A record and the row a spreadsheet shows it on (1-based; blank records count). */
export interface CsvRecord {
  row: number;
  cells: string[];
}

export type CsvParse = { records: CsvRecord[] } | { error: string };

/** At most `records` non-blank records; the next one ends the parse with `error`. */
export interface CsvLimit {
  records: number;
  error: string;
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === "");

const QUOTE = 34;
const COMMA = 44;
const CR = 13;
const LF = 10;
const UNCLOSED_QUOTE = "The file has a quoted field that is never closed.";

/**
 * The non-blank records of RFC 4180 text. Accepts LF as well as CRLF line ends (spreadsheets on
 * every system write one or the other) and a UTF-8 byte-order mark. A record whose cells are all
 * blank is dropped as soon as it ends, so a file of empty lines costs no memory; rows keep the
 * numbers a spreadsheet shows. Past `limit` the parse stops at once. An unclosed quote is an
 * error, not a guess.
 */
export function parseCsv(text: string, limit?: CsvLimit): CsvParse {
  const input = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let field = "";
  let row = 0;
  let i = 0;
  /** False once the limit is passed. */
  const endRecord = (): boolean => {
    row++;
    if (cells.length === 0 && field === "") return true;
    cells.push(field);
    field = "";
    if (isBlank(cells)) {
      cells.length = 0;
      return true;
    }
    if (limit && records.length >= limit.records) return false;
    records.push({ row, cells });
    cells = [];
    return true;
  };
  while (i < input.length) {
    const ch = input.charCodeAt(i);
    if (ch === QUOTE && field === "") {
      // A quoted field, its doubled quotes as one; what follows the closing quote joins the field.
      for (;;) {
        const close = input.indexOf('"', i + 1);
        if (close < 0) return { error: UNCLOSED_QUOTE };
        field += input.slice(i + 1, close);
        if (input.charCodeAt(close + 1) !== QUOTE) {
          i = close + 1;
          break;
        }
        field += '"';
        i = close + 1;
      }
    } else if (ch === COMMA) {
      cells.push(field);
      field = "";
      i++;
    } else if (ch === CR || ch === LF) {
      if (!endRecord()) return { error: limit!.error };
      i += ch === CR && input.charCodeAt(i + 1) === LF ? 2 : 1;
    } else {
      // A run of plain characters (a quote inside an unquoted field is one of them).
      let end = i + 1;
      for (
        let c = input.charCodeAt(end);
        end < input.length && c !== COMMA && c !== CR && c !== LF && c !== QUOTE;
        c = input.charCodeAt(++end)
      );
      field += input.slice(i, end);
      i = end;
    }
  }
  if ((field !== "" || cells.length > 0) && !endRecord()) return { error: limit!.error };
  return { records };
}
