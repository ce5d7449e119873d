import * as z from "zod/mini";
import { requiredText } from "./validation";

// One schema per payload, used by the API (zValidator) and by the islands' forms.

/** The most pills a medication can hold (the form's and the refill's ceiling). */
export const MAX_PILLS = 1_000_000;

const number = (message: string) => z.number({ error: message }).check(z.refine(Number.isFinite, message));

/** Form fields arrive as strings; the API gets numbers. Empty → NaN so "required" messages show. */
const coercedNumber = (message: string) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === "string" ? (value.trim() === "" ? Number.NaN : Number(value)) : value)),
    number(message),
  );

// Date.parse accepts '2025-02-30' (as March 2) in V8; a real date survives the round trip.
const isCalendarDate = (date: string) => {
  const time = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === date;
};

/** An optional local date: an empty string or null means "no date" and is stored as missing. */
const optionalDate = (label: string) =>
  z.pipe(
    z.pipe(z.optional(z.nullable(z.string({ error: `${label} must be a date` }))), z.transform((value) => (value ? value : null))),
    z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`), z.refine(isCalendarDate, `${label} must be a real date`))),
  );

const REFILLS_LEFT_MESSAGE = "Refills left must be a whole number of 0 or more";

/** Optional: empty (or missing) means the prescription's refills are not tracked. */
const refillsLeft = z.pipe(
  z.transform((value: unknown) => (value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? null : typeof value === "string" ? Number(value) : value)),
  z.nullable(z.number({ error: REFILLS_LEFT_MESSAGE }).check(z.int(REFILLS_LEFT_MESSAGE), z.gte(0, REFILLS_LEFT_MESSAGE), z.lte(1000, "Refills left must be at most 1000"))),
);

export const medicationSchema = z.object({
  name: requiredText("Medication name is required", 120),
  // Spec: coerced to a number and must be chosen (0 is the "Select a pharmacy" placeholder).
  pharmacyId: z.pipe(
    coercedNumber("Please select a pharmacy"),
    z.number().check(z.int("Please select a pharmacy"), z.positive("Please select a pharmacy"), z.maximum(Number.MAX_SAFE_INTEGER, "Please select a pharmacy")),
  ),
  pillsPerDay: z.pipe(
    coercedNumber("Must take at least 0.5 pills per day"),
    z.number().check(z.gte(0.5, "Must take at least 0.5 pills per day"), z.lte(1000, "Must take at most 1000 pills per day")),
  ),
  pillsRemaining: z.pipe(
    coercedNumber("Cannot have negative pills"),
    z.number().check(z.gte(0, "Cannot have negative pills"), z.lte(MAX_PILLS, "Must have at most 1,000,000 pills")),
  ),
  pillsPerRefill: z.pipe(
    coercedNumber("Must have at least 1 pill per refill"),
    z.number().check(z.int("Pills per refill must be a whole number"), z.gte(1, "Must have at least 1 pill per refill"), z.lte(100_000, "Must have at most 100,000 pills per refill")),
  ),
  // Optional; an empty string means "no date" and is stored as missing.
  lastRefillDate: optionalDate("Last refill date"),
  refillsLeft,
  prescriptionExpiresOn: optionalDate("Prescription expiry date"),
});

export const refillSchema = z.object({
  medicationId: z.number({ error: "medicationId must be a number" }).check(z.int("medicationId must be a whole number"), z.positive("medicationId must be a whole number")),
  pillsToAdd: z.pipe(
    coercedNumber("Pills to add must be at least 1"),
    z.number().check(z.gte(1, "Pills to add must be at least 1"), z.lte(100_000, "Pills to add must be at most 100,000")),
  ),
  // The day the refill was picked up; missing means today.
  refilledOn: z.pipe(optionalDate("Picked up on"), z.transform((value) => value ?? undefined)),
});

/** POST /api/medications/:id/undo-refill: optionally the refill the user means (its event id). */
export const undoRefillSchema = z.object({
  refillId: z.optional(z.number({ error: "refillId must be a number" }).check(z.int("refillId must be a whole number"), z.positive("refillId must be a whole number"))),
});

export const pharmacySchema = z.object({
  name: requiredText("Pharmacy name is required", 120),
  // Server-side phone rules are not in the spec: any text up to the form's 14 characters.
  phoneNumber: z
    .string({ error: (issue) => (issue.input === undefined ? "Phone number is required" : "Phone number must be text") })
    .check(z.trim(), z.maxLength(14, "Phone number must be at most 14 characters")),
});

/** A route's `:id`: digits only, positive, a safe integer (anything else is a 400, not a 404). */
export const idParamSchema = (message: string) =>
  z.object({
    id: z.pipe(
      z.string().check(z.regex(/^[1-9][0-9]{0,15}$/, message)),
      z.pipe(z.transform(Number), z.number().check(z.maximum(Number.MAX_SAFE_INTEGER, message))),
    ),
  });

/** A new medication's form values. */
export const MEDICATION_DEFAULTS = { name: "", pharmacyId: 0, pillsPerDay: 1, pillsRemaining: 0, pillsPerRefill: 30, lastRefillDate: "", refillsLeft: "", prescriptionExpiresOn: "" };

export type MedicationPayload = z.infer<typeof medicationSchema>;
export type RefillPayload = z.infer<typeof refillSchema>;
export type UndoRefillPayload = z.infer<typeof undoRefillSchema>;
export type PharmacyPayload = z.infer<typeof pharmacySchema>;
