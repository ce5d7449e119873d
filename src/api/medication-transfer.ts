import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { importMedications } from "../data/import";
import { countedMedications, medicationListOf } from "../data/medication-list";
import { todayIn } from "../domain/countdown";
import { TOO_MANY_MEDICATIONS_MESSAGE, TOO_MANY_PHARMACIES_MESSAGE } from "../domain/limits";
import { exportFileName, medicationsCsv, readMedicationsCsv } from "../domain/medication-csv";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { signedIn } from "../http/middleware";
import { IMPORT_TOO_LARGE_MESSAGE, MAX_IMPORT_BYTES, type ImportPreview } from "../shared/import-schemas";

const CSV_MEDIA_TYPE = /^(text\/csv|text\/plain|application\/vnd\.ms-excel)$/i;

/** The first problem of a file, phrased for a toast; the preview lists them all. */
const importFailedMessage = ({ errors }: ImportPreview) =>
  `Nothing was imported. ${errors.length === 1 ? "" : `${errors.length} problems, the first: `}Row ${errors[0]!.row}: ${errors[0]!.message}`;

// GET /medications/export.csv, POST /medications/import (?dryRun=1 for the preview). Mounted before
// the medications API, whose /medications/:id would otherwise take "export.csv" for an id.
export const medicationTransferApi = new Hono<AppEnv>()
  .get(
    "/medications/export.csv",
    signedIn(({ db, owner }) => ({ medications: medicationListOf(db, owner) })),
    (c) => {
      const { user, data } = c.var.signedIn;
      const today = todayIn(user.timezone);
      return c.body(medicationsCsv(countedMedications(data.medications, today)), 200, {
        "Content-Type": "text/csv; charset=utf-8; header=present",
        "Content-Disposition": `attachment; filename="${exportFileName(today)}"`,
      });
    },
  )

  .post(
    "/medications/import",
    // The app's 64 KB limit does not apply here (see CSV_BODY_ROUTES): a file may be up to 1 MB.
    bodyLimit({ maxSize: MAX_IMPORT_BYTES, onError: (c) => c.json({ message: IMPORT_TOO_LARGE_MESSAGE }, 413) }),
    signedIn(),
    async (c) => {
      const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]!.trim();
      if (!CSV_MEDIA_TYPE.test(mediaType)) throw new ApiError(415, "Please send the file as CSV (Content-Type: text/csv).");
      let text: string;
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(await c.req.arrayBuffer());
      } catch {
        throw new ApiError(400, "The file is not UTF-8 text. Please save it as “CSV UTF-8” and try again.");
      }
      const { rows, errors, items } = readMedicationsCsv(text);
      const preview: ImportPreview = { rows, errors };
      if (c.req.query("dryRun") === "1") return c.json(preview);
      if (errors.length > 0) return c.json({ message: importFailedMessage(preview), ...preview }, 400);
      const { user } = c.var.signedIn;
      const result = await importMedications(c.var.db, user.id, items, todayIn(user.timezone));
      if (result === "limit-medications") throw new ApiError(409, TOO_MANY_MEDICATIONS_MESSAGE);
      if (result === "limit-pharmacies") throw new ApiError(409, TOO_MANY_PHARMACIES_MESSAGE);
      return c.json(result, 201);
    },
  );
