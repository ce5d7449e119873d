import { describe, expect, it } from "vitest";
import { medicationSchema } from "../../src/shared/medication-schemas";
import { firstIssueMessage } from "../../src/shared/validation";

const valid = { name: "Metformin", pharmacyId: 3, pillsPerDay: 1, pillsRemaining: 30, pillsPerRefill: 30, lastRefillDate: "" };

describe("medicationSchema", () => {
  it("coerces form strings and stores an empty date as missing", () => {
    const parsed = medicationSchema.parse({ ...valid, pharmacyId: "3", pillsPerDay: "1.5", lastRefillDate: "" });
    expect(parsed).toEqual({ ...valid, pillsPerDay: 1.5, lastRefillDate: null });
  });

  it.each([
    [{ name: "" }, "Medication name is required"],
    [{ pharmacyId: 0 }, "Please select a pharmacy"],
    [{ pharmacyId: "" }, "Please select a pharmacy"],
    [{ pillsPerDay: 0.4 }, "Must take at least 0.5 pills per day"],
    [{ pillsRemaining: -1 }, "Cannot have negative pills"],
    [{ pillsPerRefill: 0 }, "Must have at least 1 pill per refill"],
    [{ lastRefillDate: "yesterday" }, "Last refill date must be a date (YYYY-MM-DD)"],
  ])("%j → %s", (change, message) => {
    const result = medicationSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(firstIssueMessage(result.error!)).toBe(message);
  });
});
