import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { importMedications, medicationNamesOf } from "../data/import";
import { countedMedications, medicationListOf } from "../data/medication-list";
import { pharmaciesOf, pharmacyRecords } from "../data/pharmacies";
import { planImport } from "../domain/import-plan";
import { MAX_MEDICATIONS, MAX_PHARMACIES } from "../domain/limits";
import { phoneRegion } from "../domain/phone";
import { exportFileName, medicationsCsv, readMedicationsCsv } from "../domain/medication-csv";
import type { AppEnv } from "../env";
import { ApiError, jsonError } from "../http/errors";
import { signedIn } from "../http/middleware";
import { validate } from "../http/validate";
import * as m from "../generated/i18n";
import { importQuerySchema, MAX_IMPORT_BYTES, type ImportPreview } from "../shared/import-schemas";
import { personIdOf, personToday } from "../http/person";

const CSV_MEDIA_TYPE = /^(text\/csv|text\/plain|application\/vnd\.ms-excel)$/i;

/** The first problem of a file, phrased for a toast (in the request's language); the preview lists them all. */
const importFailedMessage = ({ errors }: ImportPreview) => {
  const first = errors[0]!;
  return m.error_import_failed({ count: errors.length, problem: m.error_import_row({ row: first.row, message: first.message }) });
};

// GET /medications/export.csv, POST /medications/import (?dryRun=1 for the preview; ?duplicates=
// skip|import and ?importAsNew=<rows> for the rows already on the list). The medications API's
// ids are digits by their pattern, so "export.csv" is never one whatever the order of mounting.
export const medicationTransferApi = new Hono<AppEnv>()
  .get(
    "/medications/export.csv",
    signedIn(({ db, person }) => ({ medications: medicationListOf(db, person) })),
    (c) => {
      const { data } = c.var.signedIn;
      const today = personToday(c.var.signedIn);
      return c.body(medicationsCsv(countedMedications(data.medications, today), today), 200, {
        "Content-Type": "text/csv; charset=utf-8; header=present",
        "Content-Disposition": `attachment; filename="${exportFileName(today)}"`,
      });
    },
  )

  .post(
    "/medications/import",
    // The app's 64 KB limit does not apply here (see CSV_BODY_ROUTES): a file may be up to 1 MB.
    bodyLimit({ maxSize: MAX_IMPORT_BYTES, onError: (c) => jsonError(c, new ApiError(413, "error_import_too_large")) }),
    // The account's pharmacies and medication names, read with the session: a row's pharmacy and
    // whether it is already tracked are decided from them (src/domain/import-plan.ts).
    signedIn(({ db, person }) => ({ pharmacies: pharmaciesOf(db, person), medications: medicationNamesOf(db, person) })),
    validate("query", importQuerySchema),
    async (c) => {
      const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]!.trim();
      if (!CSV_MEDIA_TYPE.test(mediaType)) throw new ApiError(415, "error_import_not_csv");
      let text: string;
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(await c.req.arrayBuffer());
      } catch {
        throw new ApiError(400, "error_import_not_utf8");
      }
      const { user, data } = c.var.signedIn;
      const query = c.req.valid("query");
      const today = personToday(c.var.signedIn);
      const { rows, errors, items } = readMedicationsCsv(text, today, phoneRegion(user.locale), query.confirmed === "1", query.locale);
      const choice = { duplicates: query.duplicates ?? "skip", importAsNew: query.importAsNew ?? new Set<number>() };
      const plan = planImport(items, { pharmacies: pharmacyRecords(data.pharmacies), medications: data.medications }, choice);
      const preview: ImportPreview = { rows, errors, duplicates: plan.duplicates };
      if (query.dryRun === "1") return c.json(preview);
      if (errors.length > 0) return c.json({ message: importFailedMessage(preview), code: "error_import_failed", ...preview }, 400);
      const result = await importMedications(c.var.db, personIdOf(c.var.signedIn), user.id, plan, today);
      if (result === "changed") throw new ApiError(409, "error_import_changed");
      if (result === "limit-medications") throw new ApiError(409, "error_too_many_medications", { max: MAX_MEDICATIONS });
      if (result === "limit-pharmacies") throw new ApiError(409, "error_too_many_pharmacies", { max: MAX_PHARMACIES });
      return c.json(result, 201);
    },
  );
