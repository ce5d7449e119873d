import * as z from "zod/mini";
import * as m from "../generated/i18n";
import { DOSE_MAX } from "../domain/limits";
import { UNITS, type Unit } from "../domain/regimen";
import { PHONE_CHARACTERS, PHONE_MAX_LENGTH } from "./phone";
import { dateInRange, dateRangeMessage, isCalendarDate } from "./date-range";
import { packageFields, withPackageRule } from "./package-schemas";
import { regimenFields } from "./regimen-schemas";
import { msg, nameText, textWithoutControls, type Message } from "./validation";

// One schema per payload, used by the API (zValidator) and by the islands' forms.

/** The most pills a medication can hold (the form's and the refill's ceiling). */
export const MAX_PILLS = 1_000_000;
/** The most one refill adds, and a refill's standard amount. */
const MAX_PER_REFILL = 100_000;
const REFILLS_LEFT_MAX = 1000;

const number = (message: Message) => z.number(msg(message)).check(z.refine(Number.isFinite, msg(message)));

/** Form fields arrive as strings; the API gets numbers. Empty → NaN so "required" messages show. */
const coercedNumber = (message: Message) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === "string" ? (value.trim() === "" ? Number.NaN : Number(value)) : value)),
    number(message),
  );

/** A date field's three messages: not text, not YYYY-MM-DD, no such day. */
interface DateMessages {
  notText: Message;
  format: Message;
  notReal: Message;
}

/** An optional local date: an empty string or null means "no date" and is stored as missing. */
const optionalDate = (messages: DateMessages) =>
  z.pipe(
    z.pipe(
      z.optional(z.nullable(z.string(msg(messages.notText)))),
      z.transform((value) => (value ? value : null)),
    ),
    z.nullable(
      z
        .string()
        .check(
          z.regex(/^\d{4}-\d{2}-\d{2}$/, msg(messages.format)),
          z.refine(isCalendarDate, msg(messages.notReal)),
          z.refine(dateInRange, msg(dateRangeMessage)),
        ),
    ),
  );

const refillsLeftMin = () => m.field_refills_left_invalid({ min: 0 });
const refillsLeftMax = () => m.field_refills_left_max({ max: REFILLS_LEFT_MAX });

/** Optional: empty (or missing) means the prescription's refills are not tracked. */
const refillsLeft = z.pipe(
  z.transform((value: unknown) =>
    value === undefined || value === null || (typeof value === "string" && value.trim() === "")
      ? null
      : typeof value === "string"
        ? Number(value)
        : value,
  ),
  z.nullable(
    z
      .number(msg(refillsLeftMin))
      .check(z.int(msg(refillsLeftMin)), z.gte(0, msg(refillsLeftMin)), z.lte(REFILLS_LEFT_MAX, msg(refillsLeftMax))),
  ),
);

/**
 * How a message names the amount: the payload's unit, or "other" when it names none (an older
 * client, an edit that keeps the stored unit, a refill), worded as for tablets: the spec's "pills".
 */
export type UnitWording = Unit | "other";
export const unitWording = (unit: unknown): UnitWording => ((UNITS as readonly unknown[]).includes(unit) ? (unit as Unit) : "other");
/** A payload's unit as the messages name it (a body that is not an object names none). */
export const unitWordingOf = (body: unknown) =>
  unitWording(typeof body === "object" && body !== null ? (body as { unit?: unknown }).unit : undefined);

/** The fields that count the medication, each message naming its unit ('Cannot have negative puffs'). */
const amountFields = (unit: UnitWording) => {
  const perDayMin = () => m.field_pills_per_day_min({ unit, min: 0.25 });
  return {
    // The old shape: a daily dose. Optional when `schedule` is given (which wins); the API answers it
    // as the average daily use, which an older client may send back unchanged (then the schedule stays).
    pillsPerDay: z.optional(
      z.pipe(
        coercedNumber(perDayMin),
        // Above 0 here: an average may be smaller than a dose (1 a week is 0.143). As a new daily
        // dose it must be at least 0.25, which the API checks (isDose) unless it is the one answered.
        z.number().check(
          z.gt(0, msg(perDayMin)),
          z.lte(
            DOSE_MAX,
            msg(() => m.field_pills_per_day_max({ unit, max: DOSE_MAX })),
          ),
        ),
      ),
    ),
    // Required: a new medication's count starts empty, so an untouched field is not taken as 0.
    pillsRemaining: z.pipe(
      coercedNumber(() => m.field_pills_remaining_required({ unit })),
      z.number().check(
        z.gte(
          0,
          msg(() => m.field_pills_remaining_negative({ unit })),
        ),
        z.lte(
          MAX_PILLS,
          msg(() => m.field_pills_remaining_max({ unit, max: MAX_PILLS })),
        ),
      ),
    ),
    pillsPerRefill: z.pipe(
      coercedNumber(() => m.field_pills_per_refill_min({ unit, min: 1 })),
      z.number().check(
        z.int(msg(() => m.field_pills_per_refill_whole({ unit }))),
        z.gte(
          1,
          msg(() => m.field_pills_per_refill_min({ unit, min: 1 })),
        ),
        z.lte(
          MAX_PER_REFILL,
          msg(() => m.field_pills_per_refill_max({ unit, max: MAX_PER_REFILL })),
        ),
      ),
    ),
  };
};

// The payload's fields without the package's pair rule (withPackageRule), which an object must get
// last: zod cannot omit a field from (the CSV import's) or extend a schema that has such a rule.
const medicationObject = (unit: UnitWording) =>
  z.object({
    name: nameText(m.field_medication_name_required, 120),
    // Spec: coerced to a number and must be chosen (0 is the "Select a pharmacy" placeholder).
    pharmacyId: z.pipe(
      coercedNumber(m.field_pharmacy_required),
      z
        .number()
        .check(
          z.int(msg(m.field_pharmacy_required)),
          z.positive(msg(m.field_pharmacy_required)),
          z.maximum(Number.MAX_SAFE_INTEGER, msg(m.field_pharmacy_required)),
        ),
    ),
    ...amountFields(unit),
    // Optional; an empty string means "no date" and is stored as missing.
    lastRefillDate: optionalDate({
      notText: m.field_last_refill_date_not_text,
      format: m.field_last_refill_date_format,
      notReal: m.field_last_refill_date_not_real,
    }),
    refillsLeft,
    prescriptionExpiresOn: optionalDate({
      notText: m.field_prescription_expiry_not_text,
      format: m.field_prescription_expiry_format,
      notReal: m.field_prescription_expiry_not_real,
    }),
    ...regimenFields,
    ...packageFields,
    // The patient saw the warning (a weekly-only drug on a more frequent schedule, an unusually large
    // dose: src/domain/dose-safety.ts) and saves anyway. Missing: not confirmed.
    confirmed: z.optional(z.boolean(msg(m.error_invalid_request))),
  });

/**
 * POST /api/medications: a medication and, optionally, the day its count was true (countedOn, no
 * later than the user's today and at most COUNTED_ON_MAX_DAYS back: the server checks both). The
 * count is charged from that day and refills may be back-dated to it. Missing or empty: today.
 */
export const newMedicationObject = (unit: UnitWording) =>
  z.extend(medicationObject(unit), {
    countedOn: optionalDate({
      notText: m.field_counted_on_not_text,
      format: m.field_counted_on_format,
      notReal: m.field_counted_on_not_real,
    }),
  });

const buildMedicationSchema = (unit: UnitWording) => withPackageRule(medicationObject(unit));
const buildNewMedicationSchema = (unit: UnitWording) => withPackageRule(newMedicationObject(unit));

const buildRefillSchema = (unit: UnitWording) =>
  z.object({
    medicationId: z
      .number(msg(m.field_medication_id_not_number))
      .check(z.int(msg(m.field_medication_id_whole)), z.positive(msg(m.field_medication_id_whole))),
    pillsToAdd: z.pipe(
      coercedNumber(() => m.field_pills_to_add_min({ unit, min: 1 })),
      z.number().check(
        z.gte(
          1,
          msg(() => m.field_pills_to_add_min({ unit, min: 1 })),
        ),
        z.lte(
          MAX_PER_REFILL,
          msg(() => m.field_pills_to_add_max({ unit, max: MAX_PER_REFILL })),
        ),
      ),
    ),
    // The day the refill was picked up; missing means today.
    refilledOn: z.pipe(
      optionalDate({ notText: m.field_picked_up_on_not_text, format: m.field_picked_up_on_format, notReal: m.field_picked_up_on_not_real }),
      z.transform((value) => value ?? undefined),
    ),
  });

/**
 * One schema per wording, made on first use: a table of at most ten (the units and "other"), not a
 * cache of anything a request chooses. Every entry is the same payload's rules; only the words differ.
 */
const perWording = <T>(build: (unit: UnitWording) => T) => {
  const made: Partial<Record<UnitWording, T>> = {};
  return (unit: UnitWording): T => (made[unit] ??= build(unit));
};

/** PATCH /api/medications/:id and the edit form, worded for `unit`. */
export const medicationSchemaFor = perWording(buildMedicationSchema);
/** POST /api/medications and the add form, worded for `unit`. */
export const newMedicationSchemaFor = perWording(buildNewMedicationSchema);
/** POST /api/medications/refill and the refill dialog, worded for the medication's unit (the API knows none). */
export const refillSchemaFor = perWording(buildRefillSchema);

/** The schemas worded without a unit (as tablets): the payloads' types, and callers that know no unit. */
export const medicationSchema = medicationSchemaFor("other");
export const newMedicationSchema = newMedicationSchemaFor("other");
export const refillSchema = refillSchemaFor("other");

/** How far back a new medication's count may be dated. */
export const COUNTED_ON_MAX_DAYS = 365;

/** POST /api/medications/:id/undo-refill: optionally the refill the user means (its event id). */
export const undoRefillSchema = z.object({
  refillId: z.optional(
    z.number(msg(m.field_refill_id_not_number)).check(z.int(msg(m.field_refill_id_whole)), z.positive(msg(m.field_refill_id_whole))),
  ),
});

/** A phone as text, trimmed, up to PHONE_MAX_LENGTH, no control characters: what an older version may have stored. */
export const phoneText = textWithoutControls(
  z.string({ error: (issue) => (issue.input === undefined ? m.field_phone_required() : m.field_phone_not_text()) }).check(
    z.trim(),
    z.maxLength(
      PHONE_MAX_LENGTH,
      msg(() => m.field_phone_too_long({ max: PHONE_MAX_LENGTH })),
    ),
  ),
);

export const pharmacySchema = z.object({
  name: nameText(m.field_pharmacy_name_required, 120),
  // Empty, or the characters a phone number is written with, up to PHONE_MAX_LENGTH. Whether it is a
  // number that can be dialled is the server's to say (src/domain/phone.ts: its library stays off the client).
  phoneNumber: phoneText.check(z.regex(PHONE_CHARACTERS, msg(m.field_phone_invalid))),
});

/**
 * A route's `:id`: positive, a safe integer. The route's pattern (`:id{[0-9]+}`) lets only digits
 * reach it (anything else matches no route: 404); this refuses 0 and ids too long (400).
 */
export const idParamSchema = (message: Message = m.field_id_invalid) =>
  z.object({
    id: z.pipe(
      z.string().check(z.regex(/^[1-9][0-9]{0,15}$/, msg(message))),
      z.pipe(z.transform(Number), z.number().check(z.maximum(Number.MAX_SAFE_INTEGER, msg(message)))),
    ),
  });

/** A new medication's form values. Pills Remaining starts empty: the patient counts, nothing is assumed. */
export const MEDICATION_DEFAULTS = {
  name: "",
  pharmacyId: 0,
  pillsPerDay: 1,
  pillsRemaining: "",
  pillsPerRefill: 30,
  lastRefillDate: "",
  refillsLeft: "",
  prescriptionExpiresOn: "",
  packageItems: "",
  packageAmount: "",
};

export type MedicationPayload = z.infer<typeof medicationSchema>;
export type NewMedicationPayload = z.infer<typeof newMedicationSchema>;
export type RefillPayload = z.infer<typeof refillSchema>;
export type UndoRefillPayload = z.infer<typeof undoRefillSchema>;
export type PharmacyPayload = z.infer<typeof pharmacySchema>;
