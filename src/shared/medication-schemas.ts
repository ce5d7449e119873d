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
export const isCalendarDate = (date: string) => {
  const time = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === date;
};

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
  lastRefillDate: z.pipe(
    z.pipe(z.optional(z.nullable(z.string({ error: "Last refill date must be a date" }))), z.transform((value) => (value ? value : null))),
    z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "Last refill date must be a date (YYYY-MM-DD)"), z.refine(isCalendarDate, "Last refill date must be a real date"))),
  ),
});

export const refillSchema = z.object({
  medicationId: z.number({ error: "medicationId must be a number" }).check(z.int("medicationId must be a whole number"), z.positive("medicationId must be a whole number")),
  pillsToAdd: z.pipe(
    coercedNumber("Pills to add must be at least 1"),
    z.number().check(z.gte(1, "Pills to add must be at least 1"), z.lte(100_000, "Pills to add must be at most 100,000")),
  ),
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
export const MEDICATION_DEFAULTS = { name: "", pharmacyId: 0, pillsPerDay: 1, pillsRemaining: 0, pillsPerRefill: 30, lastRefillDate: "" };

export type MedicationPayload = z.infer<typeof medicationSchema>;
export type RefillPayload = z.infer<typeof refillSchema>;
export type PharmacyPayload = z.infer<typeof pharmacySchema>;
