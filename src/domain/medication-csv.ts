import {
  CSV_COLUMNS,
  DOSE_CSV_COLUMNS,
  importedMedicationSchemaFor,
  importedPharmacySchema,
  MAX_IMPORT_ROWS,
  REQUIRED_CSV_COLUMNS,
  type CsvColumn,
  type ImportedMedication,
  type ImportError,
  type ImportPreview,
  type ImportRow,
} from "../shared/import-schemas";
import { unitWording, type PharmacyPayload } from "../shared/medication-schemas";
import { plainNumberText } from "../shared/number";
import * as m from "../generated/i18n";
import { COUNTED_ON_MAX_DAYS } from "../shared/medication-schemas";
import { parseCsv, readCell, writeCsv } from "./csv";
import { doseText } from "./dose-text";
import { toE164, type CountryCode } from "./phone";
import { DEFAULT_UNIT, type Schedule, type Unit } from "./regimen";
import { doseWarning, warningText } from "./dose-safety";
import { readScheduleText, scheduleText } from "./schedule-text";
import { addDays } from "./time";

// The medication list as a CSV file: what an export writes and what an import reads back. Pure.

/** What an exported row says about a medication (its count at the start of the export's day). */
export interface ListedMedication {
  name: string;
  pillsPerDay: number;
  pillsRemaining: number;
  pillsPerRefill: number;
  lastRefillDate: string | null;
  pharmacyName: string | null;
  pharmacyPhone: string | null;
  refillsLeft: number | null;
  prescriptionExpiresOn: string | null;
  unit: Unit;
  /** The schedule in force on the export's day. */
  schedule: Schedule;
  /** The package: items and the amount each holds (null: none given). */
  packageItems: number | null;
  packageAmount: number | null;
}

/**
 * UTF-8 with a byte-order mark: spreadsheet apps then read accents as accents. Every count is as of
 * `countedOn` (the export's day in the account's zone), written on each row: an import days later
 * counts from that day, not from its own.
 */
export function medicationsCsv(medications: readonly ListedMedication[], countedOn: string): string {
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  const rows = medications.map((m) => [
    m.name,
    text(m.pillsPerDay),
    text(m.pillsRemaining),
    text(m.pillsPerRefill),
    text(m.lastRefillDate),
    text(m.pharmacyName),
    text(m.pharmacyPhone),
    text(m.refillsLeft),
    text(m.prescriptionExpiresOn),
    m.unit,
    scheduleText(m.schedule),
    countedOn,
    text(m.packageItems),
    text(m.packageAmount),
  ]);
  return `\uFEFF${writeCsv([[...CSV_COLUMNS], ...rows])}`;
}

export const exportFileName = (today: string) => `medications-${today}.csv`;

/** A valid row, ready to insert: the medication and the pharmacy it names. */
export interface ImportItem {
  row: number;
  medication: ImportedMedication;
  pharmacy: PharmacyPayload;
}

export interface ImportReading extends Omit<ImportPreview, "duplicates"> {
  items: ImportItem[];
}

/** A field's first message only, so the preview lists each problem once. */
function firstPerField(error: { issues: Array<{ path: PropertyKey[]; message: string }> } | undefined): string[] {
  const messages = new Map<PropertyKey, string>();
  for (const issue of error?.issues ?? []) if (!messages.has(issue.path[0]!)) messages.set(issue.path[0]!, issue.message);
  return [...messages.values()];
}

/** A row's schedule: its own, else (an older file) a daily dose of pills_per_day. */
const scheduleOf = (medication: ImportedMedication): Schedule =>
  medication.schedule ?? { type: "daily", dose: medication.pillsPerDay ?? 0 };

const dialable = (pharmacy: PharmacyPayload, region: CountryCode): PharmacyPayload =>
  pharmacy.phoneNumber === "" ? pharmacy : { ...pharmacy, phoneNumber: toE164(pharmacy.phoneNumber, region) ?? pharmacy.phoneNumber };

const fileError = (message: string): ImportReading => ({ rows: [], errors: [{ row: 1, message }], items: [] });

// The parser's own problems, in the reader's language (the parser is language-neutral).
const TOO_MANY_ROWS = "too-many-rows";
const PARSE_ERRORS: Record<string, () => string> = {
  "The file has a quoted field that is never closed.": m.error_import_unclosed_quote,
  [TOO_MANY_ROWS]: () => m.error_import_too_many_rows({ max: MAX_IMPORT_ROWS }),
};
const parseError = (error: string) => PARSE_ERRORS[error]?.() ?? error;

/**
 * Reads an import file: header names in any case and order (extra columns ignored), then every row
 * checked with the medication and pharmacy forms' schemas. Each problem is reported with the row a
 * spreadsheet shows it on (the header is row 1). A phone that parses (without '+': in `region`, the
 * account's) is stored as E.164, as the form does; anything else is kept as typed, so an export of
 * older entries comes back as it was. A last refill date after `today` (the account's date) is
 * refused as the form refuses it, and so is a counted_on after `today` or more than a year before it
 * (POST /api/medications' rule for the count's day). A row the form would ask to confirm (a weekly-only drug on a more
 * frequent schedule, an unusually large dose: src/domain/dose-safety.ts) is a problem of its row
 * in the same words, unless the import was `confirmed` (?confirmed=1) as a whole. With a `locale`
 * (?locale=), the number cells are read in it, in any digits; without one, in the plain format.
 */
export function readMedicationsCsv(
  text: string,
  today: string,
  region: CountryCode = "US",
  confirmed = false,
  locale?: string,
): ImportReading {
  // A file whose locale is known has its numbers read as the forms read them ('1,5' in German, '٢').
  const number = (cell: string) => (locale ? plainNumberText(cell, locale) : cell);
  // The header and MAX_IMPORT_ROWS rows; the parse stops at the next one (blank lines skipped).
  const parsed = parseCsv(text, { records: MAX_IMPORT_ROWS + 1, error: TOO_MANY_ROWS });
  if ("error" in parsed) return fileError(parseError(parsed.error));
  const [header, ...records] = parsed.records;
  if (!header) return fileError(m.error_import_empty());

  const names = header.cells.map((cell) => readCell(cell).trim().toLowerCase());
  const position = new Map<CsvColumn, number>();
  for (const column of CSV_COLUMNS) {
    const index = names.indexOf(column);
    if (index >= 0) position.set(column, index);
  }
  const missing = REQUIRED_CSV_COLUMNS.filter((column) => !position.has(column));
  // How much is taken: today's schedule column, or an older file's pills_per_day.
  if (!DOSE_CSV_COLUMNS.some((column) => position.has(column))) missing.push(DOSE_CSV_COLUMNS[0]!);
  if (missing.length > 0) return fileError(m.error_import_missing_columns({ count: missing.length, columns: missing.join(", ") }));

  const rows: ImportRow[] = records.map(({ row: number, cells }) => {
    const row = { row: number } as ImportRow;
    for (const column of CSV_COLUMNS) {
      const index = position.get(column);
      row[column] = index === undefined ? "" : readCell(cells[index] ?? "");
    }
    return row;
  });
  if (rows.length === 0) return { rows, errors: [{ row: 1, message: m.error_import_no_medications() }], items: [] };

  const errors: ImportError[] = [];
  const items: ImportItem[] = [];
  for (const row of rows) {
    // Its messages name the row's unit ('Cannot have negative puffs').
    const unit = row.unit.trim() === "" ? undefined : row.unit.trim().toLowerCase();
    const medication = importedMedicationSchemaFor(unitWording(unit)).safeParse({
      name: row.name,
      // Empty beside a schedule (a file without the old column): the schedule says it all.
      pillsPerDay: row.pills_per_day.trim() === "" && row.schedule.trim() !== "" ? undefined : number(row.pills_per_day),
      pillsRemaining: number(row.pills_remaining),
      pillsPerRefill: number(row.pills_per_refill),
      lastRefillDate: row.last_refill_date.trim(),
      refillsLeft: number(row.refills_left),
      prescriptionExpiresOn: row.prescription_expires_on.trim(),
      // Left out (an older file): a daily tablet of pills_per_day.
      unit,
      schedule: row.schedule.trim() === "" ? undefined : readScheduleText(row.schedule),
      countedOn: row.counted_on.trim(),
      // Both empty (or an older file without the columns): no package.
      packageItems: number(row.package_items),
      packageAmount: number(row.package_amount),
    });
    // The old shape's daily dose is at least 0.25 (the API's rule for a new dose).
    if (medication.success && !medication.data.schedule && (medication.data.pillsPerDay ?? 0) < 0.25) {
      errors.push({ row: row.row, message: m.field_pills_per_day_min({ unit: unitWording(medication.data.unit), min: 0.25 }) });
      continue;
    }
    const pharmacy = importedPharmacySchema.safeParse({ name: row.pharmacy, phoneNumber: row.pharmacy_phone });
    // The schema knows no 'today': the date the form's API refuses is refused here, in the same words
    // (with the row's other problems; a date the schema already refused is not named twice).
    const lastRefill = row.last_refill_date.trim();
    const dateRefused = medication.error?.issues.some((issue) => issue.path[0] === "lastRefillDate") ?? false;
    const dateProblems = !dateRefused && lastRefill !== "" && lastRefill > today ? [m.field_last_refill_future()] : [];
    const data = medication.data;
    // The count's day, as POST /api/medications bounds it: not after today, at most a year back.
    if (data?.countedOn && data.countedOn > today) dateProblems.push(m.field_counted_on_future());
    else if (data?.countedOn && data.countedOn < addDays(today, -COUNTED_ON_MAX_DAYS)) dateProblems.push(m.field_counted_on_too_old());
    const warning = data && !confirmed ? doseWarning(data.name, scheduleOf(data), data.unit ?? DEFAULT_UNIT) : null;
    const unconfirmed = warning ? [warningText(warning)] : [];
    // The preview shows the schedule in the reader's words ('6 tablets every Sunday'), not 0.857 a day.
    if (data) row.doseText = doseText(scheduleOf(data), data.unit ?? DEFAULT_UNIT, today);
    for (const message of [...firstPerField(medication.error), ...dateProblems, ...firstPerField(pharmacy.error)])
      errors.push({ row: row.row, message });
    for (const message of unconfirmed) errors.push({ row: row.row, message, confirm: true });
    if (medication.success && pharmacy.success && dateProblems.length === 0 && unconfirmed.length === 0)
      items.push({ row: row.row, medication: medication.data, pharmacy: dialable(pharmacy.data, region) });
  }
  return { rows, errors, items };
}
