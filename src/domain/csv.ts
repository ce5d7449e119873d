// RFC 4180 text: fields separated by commas, records by CRLF; a field holding a comma, a quote or a
// line break is quoted, its quotes doubled. Pure: used by the export, the import and the tests.

const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED = /^'[=+\-@\t\r']/;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a `'`
 * in front, so opening an exported file runs nothing. A cell that already starts with `'` gets one
 * too, so `readCell` can take exactly one off again and a round trip keeps every name as it was.
 */
export const neutraliseCell = (value: string) => (FORMULA_START.test(value) || value.startsWith("'") ? `'${value}` : value);

/** The value neutraliseCell protected: one leading `'` off where it stood before a formula start or a `'`. */
export const readCell = (value: string) => (NEUTRALISED.test(value) ? value.slice(1) : value);

function quoteField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Records as RFC 4180 text, each line ending in CRLF, every cell neutralised. */
export function writeCsv(records: readonly (readonly string[])[]): string {
  return records.map((record) => record.map((cell) => quoteField(neutraliseCell(cell))).join(",") + "\r\n").join("");
}

export type CsvParse = { records: string[][] } | { error: string };

/**
 * The records of RFC 4180 text. Accepts LF as well as CRLF line ends (spreadsheets on every system
 * write one or the other) and a UTF-8 byte-order mark. A blank line is a record of one empty field,
 * kept so records stay numbered as a spreadsheet shows them. An unclosed quote is an error, not a guess.
 */
export function parseCsv(text: string): CsvParse {
  const input = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    record.push(field);
    records.push(record);
    record = [];
    field = "";
  };
  while (i < input.length) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === "") {
      quoted = true;
      i++;
    } else if (ch === ",") {
      record.push(field);
      field = "";
      i++;
    } else if (ch === "\r" || ch === "\n") {
      endRecord();
      i += ch === "\r" && input[i + 1] === "\n" ? 2 : 1;
    } else {
      field += ch;
      i++;
    }
  }
  if (quoted) return { error: "The file has a quoted field that is never closed." };
  if (field !== "" || record.length > 0) endRecord();
  return { records };
}
