import { describe, expect, it } from "vitest";
import { idParamSchema, MEDICATION_DEFAULTS, medicationSchema, pharmacySchema, refillSchema } from "../../src/shared/medication-schemas";
import { firstIssueMessage } from "../../src/shared/validation";

const valid = { name: "Metformin", pharmacyId: 3, pillsPerDay: 1, pillsRemaining: 30, pillsPerRefill: 30, lastRefillDate: "" };

const messageOf = (result: { success: boolean; error?: Parameters<typeof firstIssueMessage>[0] }) => {
  expect(result.success).toBe(false);
  return firstIssueMessage(result.error!);
};

describe("medicationSchema", () => {
  it("coerces form strings and stores an empty date as missing", () => {
    const parsed = medicationSchema.parse({ ...valid, pharmacyId: "3", pillsPerDay: "1.5", lastRefillDate: "" });
    expect(parsed).toEqual({
      ...valid,
      pillsPerDay: 1.5,
      lastRefillDate: null,
      refillsLeft: null,
      prescriptionExpiresOn: null,
      effectiveFrom: null,
    });
  });

  it("refilledOn is optional: missing or empty means today (left out), a date is kept", () => {
    expect(refillSchema.parse({ medicationId: 1, pillsToAdd: 30 }).refilledOn).toBeUndefined();
    expect(refillSchema.parse({ medicationId: 1, pillsToAdd: 30, refilledOn: "" }).refilledOn).toBeUndefined();
    expect(refillSchema.parse({ medicationId: 1, pillsToAdd: 30, refilledOn: "2026-01-05" }).refilledOn).toBe("2026-01-05");
  });

  it("keeps a real date and trims the name", () => {
    expect(medicationSchema.parse({ ...valid, name: "  Metformin  ", lastRefillDate: "2024-02-29" })).toMatchObject({
      name: "Metformin",
      lastRefillDate: "2024-02-29",
    });
  });

  it("the form's defaults are valid except the pharmacy and the pills remaining, which must be given", () => {
    expect(MEDICATION_DEFAULTS.pillsRemaining).toBe("");
    expect(messageOf(medicationSchema.safeParse({ ...MEDICATION_DEFAULTS, name: "Aspirin" }))).toBe("Please select a pharmacy");
    expect(messageOf(medicationSchema.safeParse({ ...MEDICATION_DEFAULTS, name: "Aspirin", pharmacyId: 1 }))).toBe(
      "Pills remaining is required",
    );
    expect(medicationSchema.safeParse({ ...MEDICATION_DEFAULTS, name: "Aspirin", pharmacyId: 1, pillsRemaining: "0" }).success).toBe(true);
  });

  it.each([
    [{ name: "" }, "Medication name is required"],
    [{ pharmacyId: 0 }, "Please select a pharmacy"],
    [{ pharmacyId: "" }, "Please select a pharmacy"],
    [{ pharmacyId: " " }, "Please select a pharmacy"],
    [{ pharmacyId: 2 ** 60 }, "Please select a pharmacy"],
    [{ pillsPerDay: -1 }, "Must take at least 0.25 pills per day"],
    [{ pillsPerDay: Number.POSITIVE_INFINITY }, "Must take at least 0.25 pills per day"],
    [{ pillsRemaining: -1 }, "Cannot have negative pills"],
    [{ pillsRemaining: "" }, "Pills remaining is required"],
    [{ pillsPerRefill: 0 }, "Must have at least 1 pill per refill"],
    [{ lastRefillDate: "yesterday" }, "Last refill date must be a date (YYYY-MM-DD)"],
    [{ lastRefillDate: "2025-02-30" }, "Last refill date must be a real date"],
    [{ lastRefillDate: "2025-13-01" }, "Last refill date must be a real date"],
    [{ lastRefillDate: "2025-02-29" }, "Last refill date must be a real date"],
  ])("%j → %s", (change, message) => {
    expect(messageOf(medicationSchema.safeParse({ ...valid, ...change }))).toBe(message);
  });
});

describe("refillSchema", () => {
  it("accepts a medication id and a number of pills, coercing the form's string", () => {
    expect(refillSchema.parse({ medicationId: 4, pillsToAdd: "30" })).toEqual({ medicationId: 4, pillsToAdd: 30 });
  });

  it.each([
    [{ medicationId: "4" }, "medicationId must be a number"],
    [{ medicationId: 2 ** 60 }, "medicationId must be a whole number"],
    [{ pillsToAdd: 0 }, "Pills to add must be at least 1"],
    [{ pillsToAdd: "abc" }, "Pills to add must be at least 1"],
  ])("%j → %s", (change, message) => {
    expect(messageOf(refillSchema.safeParse({ medicationId: 4, pillsToAdd: 30, ...change }))).toBe(message);
  });
});

describe("pharmacySchema", () => {
  it("trims and accepts '+', digits, spaces, '-', '.', '(' and ')' up to 30 characters, or nothing", () => {
    expect(pharmacySchema.parse({ name: " CVS ", phoneNumber: " (212) 555-1234 " })).toEqual({
      name: "CVS",
      phoneNumber: "(212) 555-1234",
    });
    expect(pharmacySchema.parse({ name: "Boots", phoneNumber: "+44 20.7183-8750" }).phoneNumber).toBe("+44 20.7183-8750");
    expect(pharmacySchema.parse({ name: "CVS", phoneNumber: "" }).phoneNumber).toBe("");
    expect(pharmacySchema.parse({ name: "CVS", phoneNumber: "1".repeat(30) }).phoneNumber).toHaveLength(30);
  });

  it.each([
    [{ name: "" }, "Pharmacy name is required"],
    [{ phoneNumber: undefined }, "Phone number is required"],
    [{ phoneNumber: "1".repeat(31) }, "Phone number must be at most 30 characters"],
    [{ phoneNumber: "212-555-1234 ext 5" }, "Enter a valid phone number"],
    [{ phoneNumber: "+1 212 555 1234#" }, "Enter a valid phone number"],
  ])("%j → %s", (change, message) => {
    expect(messageOf(pharmacySchema.safeParse({ name: "CVS", phoneNumber: "2125551234", ...change }))).toBe(message);
  });
});

describe("idParamSchema", () => {
  const schema = idParamSchema();
  it("turns a positive decimal id into a number", () => {
    expect(schema.parse({ id: "42" })).toEqual({ id: 42 });
  });

  it.each(["0", "-1", "01", "1.5", "1e3", "abc", "", "9007199254740993"])("rejects %j", (id) => {
    expect(messageOf(schema.safeParse({ id }))).toBe("Invalid id");
  });
});
