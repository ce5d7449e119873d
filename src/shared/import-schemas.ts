import * as z from "zod/mini";
import * as m from "../generated/i18n";
import { newMedicationObject, pharmacySchema, phoneText, type UnitWording } from "./medication-schemas";
import { withPackageRule } from "./package-schemas";
import { supportedLocale } from "./locale";
import { msg } from "./validation";

// The CSV list of medications, as exported and imported. A row is checked by the medication form's
// own schema (its pharmacy by name and phone: the pharmacy form's name rule, its phone as text), so an
// imported row fails with the same words the form would show.

/** The header of an export, in order; an import matches these names in any case and any order. */
export const CSV_COLUMNS = [
  "name",
  "pills_per_day",
  "pills_remaining",
  "pills_per_refill",
  "last_refill_date",
  "pharmacy",
  "pharmacy_phone",
  "refills_left",
  "prescription_expires_on",
  // A file without them (older exports) imports daily tablets of pills_per_day.
  "unit",
  "schedule",
  // The local day pills_remaining was counted (an export writes its own day). Left out or empty:
  // the import's day, as an older file had it.
  "counted_on",
  // The package a refill comes in: items and the amount each holds (both empty: none).
  "package_items",
  "package_amount",
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/**
 * Columns an import cannot do without (the others may be left out: empty). How much is taken comes
 * from `schedule` or, in a file without it (older exports), from `pills_per_day`: one of the two.
 */
export const REQUIRED_CSV_COLUMNS: readonly CsvColumn[] = ["name", "pills_remaining", "pills_per_refill", "pharmacy"];
export const DOSE_CSV_COLUMNS: readonly CsvColumn[] = ["schedule", "pills_per_day"];

export const MAX_IMPORT_BYTES = 1024 * 1024;
export const MAX_IMPORT_ROWS = 500;

/**
 * One data row as the file has it (cells as text), numbered as a spreadsheet shows it: the header is
 * row 1. `doseText`: the row's schedule in the request's language ('6 tablets every Sunday'), when
 * the row's schedule and unit are valid, for the preview to show instead of the file's words.
 */
export type ImportRow = { row: number; doseText?: string } & Record<CsvColumn, string>;
/** A problem of the file (row 1: the header or the file as a whole) or of one row; the message is in the request's language. */
export interface ImportError {
  row: number;
  message: string;
  /** A question, not a fault (src/domain/dose-safety.ts): ?confirmed=1 imports the row as it is. */
  confirm?: true;
}
/**
 * POST /api/medications/import?dryRun=1 answers the preview; a file with errors answers 400 with the
 * same errors. `duplicates`: the rows naming a medication the account already has at that pharmacy.
 */
export interface ImportPreview {
  rows: ImportRow[];
  errors: ImportError[];
  duplicates: number[];
}
export interface ImportResult {
  imported: number;
  pharmaciesCreated: number;
  /** Rows already on the list that were skipped. */
  skipped: number;
}

/**
 * The import's query: `duplicates` says what becomes of rows already on the list — "skip" (the
 * default) or "import" as new medications; `importAsNew` lists rows (as numbered in the preview)
 * imported as new even when skipping, e.g. "3,7".
 */
export const importQuerySchema = z.object({
  dryRun: z.optional(z.string(msg(m.error_invalid_request))),
  duplicates: z.optional(z.enum(["skip", "import"], msg(m.error_import_duplicates_choice))),
  // "1": the rows that ask a confirmation (src/domain/dose-safety.ts) were seen and are imported.
  confirmed: z.optional(z.enum(["1"], msg(m.error_invalid_request))),
  // The language the file's numbers are written in ('de': 1,5 and 1.500; 'ar-EG': ٢ and ١٫٥), read with
  // the forms' own number reader. Left out: the app's plain format (what an export writes, '1.5').
  locale: z.optional(
    z.pipe(
      z.string(msg(m.error_import_locale)).check(z.refine((tag) => supportedLocale(tag) !== null, msg(m.error_import_locale))),
      z.transform((tag) => supportedLocale(tag)!),
    ),
  ),
  importAsNew: z.optional(
    z.pipe(
      z
        .string(msg(m.error_import_rows_list))
        .check(z.regex(/^(|[1-9][0-9]{0,5}(,[1-9][0-9]{0,5}){0,499})$/, msg(m.error_import_rows_list))),
      z.transform((list) => new Set(list === "" ? [] : list.split(",").map(Number))),
    ),
  ),
});

/**
 * A row's medication: the add form's schema without the pharmacy choice (the file names the
 * pharmacy), with the day of its count (countedOn: the same bounds as the form's; the importer checks
 * it against the account's today), worded for its unit.
 */
const buildImported = (unit: UnitWording) => withPackageRule(z.omit(newMedicationObject(unit), { pharmacyId: true }));
const importedSchemas: Partial<Record<UnitWording, ReturnType<typeof buildImported>>> = {};
export const importedMedicationSchemaFor = (unit: UnitWording) => (importedSchemas[unit] ??= buildImported(unit));
/** A row's pharmacy: its phone may be anything an export of older entries holds (kept as typed unless it parses). */
export const importedPharmacySchema = z.object({ name: pharmacySchema.shape.name, phoneNumber: phoneText });

export type ImportedMedication = z.infer<ReturnType<typeof buildImported>>;
