import { describe, expect, it } from "vitest";
import { TOO_MANY_PILLS_MESSAGE, UNKNOWN_PHARMACY_MESSAGE } from "../src/api/medications";
import { accountWithMedication, call, createPharmacy, medicationInput, signUp } from "./helpers";

// Spec point 5, Medication: every rule's message, on create and on the full update (PATCH).
const invalidMedications: [Record<string, unknown>, string][] = [
  [{ name: "" }, "Medication name is required"],
  [{ name: "  " }, "Medication name is required"],
  [{ name: undefined }, "Medication name is required"],
  [{ name: "x".repeat(121) }, "Must be at most 120 characters"],
  [{ pharmacyId: 0 }, "Please select a pharmacy"],
  [{ pharmacyId: "0" }, "Please select a pharmacy"],
  [{ pharmacyId: "" }, "Please select a pharmacy"],
  [{ pharmacyId: undefined }, "Please select a pharmacy"],
  [{ pharmacyId: null }, "Please select a pharmacy"],
  [{ pharmacyId: "abc" }, "Please select a pharmacy"],
  [{ pharmacyId: 1.5 }, "Please select a pharmacy"],
  [{ pharmacyId: -3 }, "Please select a pharmacy"],
  [{ pillsPerDay: 0.4 }, "Must take at least 0.5 pills per day"],
  [{ pillsPerDay: 0 }, "Must take at least 0.5 pills per day"],
  [{ pillsPerDay: "" }, "Must take at least 0.5 pills per day"],
  [{ pillsPerDay: "lots" }, "Must take at least 0.5 pills per day"],
  [{ pillsPerDay: undefined }, "Must take at least 0.5 pills per day"],
  [{ pillsPerDay: 1001 }, "Must take at most 1000 pills per day"],
  [{ pillsRemaining: -1 }, "Cannot have negative pills"],
  [{ pillsRemaining: -0.5 }, "Cannot have negative pills"],
  [{ pillsRemaining: "" }, "Cannot have negative pills"],
  [{ pillsRemaining: 1_000_001 }, "Must have at most 1,000,000 pills"],
  [{ pillsPerRefill: 0 }, "Must have at least 1 pill per refill"],
  [{ pillsPerRefill: "" }, "Must have at least 1 pill per refill"],
  [{ pillsPerRefill: 30.5 }, "Pills per refill must be a whole number"],
  [{ pillsPerRefill: 100_001 }, "Must have at most 100,000 pills per refill"],
  [{ lastRefillDate: "yesterday" }, "Last refill date must be a date (YYYY-MM-DD)"],
  [{ lastRefillDate: "2025-02-30" }, "Last refill date must be a real date"],
  [{ lastRefillDate: 20250105 }, "Last refill date must be a date"],
];

describe("medications: validation (spec point 5)", () => {
  it.each(invalidMedications)("POST and PATCH %j → 400 %s", async (change, message) => {
    const { account, pharmacy, medication } = await accountWithMedication();
    const body = { ...medicationInput(pharmacy.id), ...change };
    const created = await call("POST", "/api/medications", { cookie: account.cookie, body });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ message });

    const patched = await call("PATCH", `/api/medications/${medication.id}`, { cookie: account.cookie, body });
    expect(patched.status).toBe(400);
    expect(patched.body).toEqual({ message });
    expect((await call("GET", "/api/medications", { cookie: account.cookie })).body).toEqual([medication]);
  });

  it.each([
    [{ medicationId: undefined }, "medicationId must be a number"],
    [{ medicationId: "abc" }, "medicationId must be a number"],
    [{ medicationId: 0 }, "medicationId must be a whole number"],
    [{ medicationId: 1.5 }, "medicationId must be a whole number"],
    [{ pillsToAdd: 0 }, "Pills to add must be at least 1"],
    [{ pillsToAdd: 0.5 }, "Pills to add must be at least 1"],
    [{ pillsToAdd: -10 }, "Pills to add must be at least 1"],
    [{ pillsToAdd: "" }, "Pills to add must be at least 1"],
    [{ pillsToAdd: undefined }, "Pills to add must be at least 1"],
    [{ pillsToAdd: 100_001 }, "Pills to add must be at most 100,000"],
  ])("refill %j → 400 %s", async (change, message) => {
    const { account, medication } = await accountWithMedication();
    const res = await call("POST", "/api/medications/refill", { cookie: account.cookie, body: { medicationId: medication.id, pillsToAdd: 30, ...change } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect((await call("GET", `/api/medications/${medication.id}`, { cookie: account.cookie })).body).toEqual(medication);
  });
});

describe("medications: errors", () => {
  it("a pharmacyId that is not one of the user's pharmacies is 400 and stores nothing", async () => {
    const { account, medication } = await accountWithMedication();
    const body = medicationInput(999_999_999);
    const created = await call("POST", "/api/medications", { cookie: account.cookie, body });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ message: UNKNOWN_PHARMACY_MESSAGE });
    const patched = await call("PATCH", `/api/medications/${medication.id}`, { cookie: account.cookie, body });
    expect(patched.status).toBe(400);
    expect(patched.body).toEqual({ message: UNKNOWN_PHARMACY_MESSAGE });
    expect((await call("GET", "/api/medications", { cookie: account.cookie })).body).toEqual([medication]);
  });

  it.each(["abc", "0", "-1", "1.5", "refill", "99999999999999999999"])("id %s is 400 'Invalid medication id'", async (id) => {
    const { account, pharmacy } = await accountWithMedication();
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const res = await call(method, `/api/medications/${id}`, { cookie: account.cookie, body: method === "PATCH" ? medicationInput(pharmacy.id) : undefined });
      expect(res.status, method).toBe(400);
      expect(res.body).toEqual({ message: "Invalid medication id" });
    }
  });

  it("an unknown id is 404 'Medication not found' on every endpoint", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account);
    const missing = 999_999_999;
    const answers = await Promise.all([
      call("GET", `/api/medications/${missing}`, { cookie: account.cookie }),
      call("PATCH", `/api/medications/${missing}`, { cookie: account.cookie, body: medicationInput(pharmacy.id) }),
      call("DELETE", `/api/medications/${missing}`, { cookie: account.cookie }),
      call("POST", "/api/medications/refill", { cookie: account.cookie, body: { medicationId: missing, pillsToAdd: 30 } }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Medication not found" });
    }
  });

  it("PATCH of an unknown medication with an unknown pharmacy is 404 (the medication comes first)", async () => {
    const account = await signUp();
    const res = await call("PATCH", "/api/medications/999999999", { cookie: account.cookie, body: medicationInput(999_999_999) });
    expect(res.status).toBe(404);
  });

  it.each([
    ["malformed JSON", "{", "Malformed JSON in request body"],
    ["an array", "[]", "The request body must be a JSON object."],
    ["a string", '"hello"', "The request body must be a JSON object."],
  ])("%s is 400 with a readable message", async (_, rawBody, message) => {
    const { account, medication } = await accountWithMedication();
    for (const [method, path] of [
      ["POST", "/api/medications"],
      ["PATCH", `/api/medications/${medication.id}`],
      ["POST", "/api/medications/refill"],
    ]) {
      const res = await call(method, path, { cookie: account.cookie, rawBody });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body).toEqual({ message });
    }
  });
});

describe("refill ceiling", () => {
  it("refuses a refill that would pass 1,000,000 pills, and stores nothing", async () => {
    const { account, medication } = await accountWithMedication({ pillsRemaining: 999_990 });
    const refused = await call("POST", "/api/medications/refill", { cookie: account.cookie, body: { medicationId: medication.id, pillsToAdd: 11 } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: TOO_MANY_PILLS_MESSAGE });
    const after = await call("GET", `/api/medications/${medication.id}`, { cookie: account.cookie });
    expect(after.body.pillsRemaining).toBe(999_990);
    expect(after.body.lastRefillDate).toBe(medication.lastRefillDate);

    const upToTheCeiling = await call("POST", "/api/medications/refill", { cookie: account.cookie, body: { medicationId: medication.id, pillsToAdd: 10 } });
    expect(upToTheCeiling.status).toBe(200);
    expect(upToTheCeiling.body.pillsRemaining).toBe(1_000_000);
  });
});
