import * as z from "zod/mini";
import * as m from "../generated/i18n";
import { ADHERENCE_DAYS_MAX, ADHERENCE_DAYS_MIN, CLIENT_ID, DOSE_RANGE_MAX_DAYS, DOSES_PER_REQUEST_MAX } from "../domain/limits";
import { isDose, timeOfDay } from "./regimen-schemas";
import { isCalendarDate } from "./date-range";
import { msg } from "./validation";

// The dose logs' payloads (POST /api/doses, GET /api/doses, the adherence block), shared by the
// API and the Today island. The server checks the rest against the schedule and the user's today.

const day = (message: () => string) =>
  z.string(msg(message)).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, msg(message)), z.refine(isCalendarDate, msg(message)));

// The pattern lives with the limits, so the service worker checks a push's ids without zod or the catalogs.
export { CLIENT_ID };
const clientId = z.string(msg(m.field_client_id_invalid)).check(z.regex(CLIENT_ID, msg(m.field_client_id_invalid)));
const medicationId = z
  .number(msg(m.field_medication_id_not_number))
  .check(
    z.int(msg(m.field_medication_id_whole)),
    z.positive(msg(m.field_medication_id_whole)),
    z.lte(Number.MAX_SAFE_INTEGER, msg(m.field_medication_id_whole)),
  );
const amount = z.number(msg(m.field_dose_amount_invalid)).check(z.refine(isDose, msg(m.field_dose_amount_invalid)));
/** When it was taken (epoch ms); missing: when it was sent. The server refuses a time in the future. */
const takenAt = z.optional(
  z
    .number(msg(m.field_taken_at_invalid))
    .check(z.int(msg(m.field_taken_at_invalid)), z.gte(0, msg(m.field_taken_at_invalid)), z.lte(8.64e15, msg(m.field_taken_at_invalid))),
);

const occurrenceLog = z.object({
  kind: z.literal("occurrence"),
  clientId,
  medicationId,
  date: day(m.field_dose_date_invalid),
  // The dose's time of day, or null for the day's untimed dose.
  at: z.nullable(timeOfDay),
  status: z.enum(["taken", "skipped"], msg(m.field_dose_status_invalid)),
  amount: z.optional(amount),
  takenAt,
});
const extraLog = z.object({ kind: z.literal("extra"), clientId, medicationId, amount, takenAt });

const dosesMessage = () => m.field_doses_count({ max: DOSES_PER_REQUEST_MAX });
export const dosesSchema = z.object({
  doses: z
    .array(
      // A log without `kind` is an occurrence's.
      z.pipe(
        z.transform((item: unknown) =>
          item !== null && typeof item === "object" && !("kind" in item) ? { ...item, kind: "occurrence" } : item,
        ),
        z.discriminatedUnion("kind", [occurrenceLog, extraLog], msg(m.field_dose_status_invalid)),
      ),
      msg(dosesMessage),
    )
    .check(z.minLength(1, msg(dosesMessage)), z.maxLength(DOSES_PER_REQUEST_MAX, msg(dosesMessage))),
});
export type DosesPayload = z.infer<typeof dosesSchema>;
export type DoseLogPayload = DosesPayload["doses"][number];

const rangeMessage = () => m.field_dose_range_invalid({ days: DOSE_RANGE_MAX_DAYS });
/** GET /api/doses: both ends default to the user's today. */
export const doseRangeSchema = z.object({
  from: z.optional(day(rangeMessage)),
  to: z.optional(day(rangeMessage)),
});

const adherenceMessage = () => m.field_adherence_days_invalid({ min: ADHERENCE_DAYS_MIN, max: ADHERENCE_DAYS_MAX });
export const adherenceSchema = z.object({
  days: z.optional(
    z.pipe(
      z.transform((value: unknown) => (typeof value === "string" && /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN)),
      z
        .number(msg(adherenceMessage))
        .check(
          z.int(msg(adherenceMessage)),
          z.gte(ADHERENCE_DAYS_MIN, msg(adherenceMessage)),
          z.lte(ADHERENCE_DAYS_MAX, msg(adherenceMessage)),
        ),
    ),
  ),
});
