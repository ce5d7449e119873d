import { describe, expect, it } from "vitest";
import { accountWithMedication, call, createPharmacy, medicationInput, signUp } from "./helpers";

// Spec point 5, Medication: every rule's message, on create and on the full update (PATCH).
const invalidMedications: [Record<string, unknown>, string, string][] = [
  [{ name: "" }, "Medication name is required", "field_medication_name_required"],
  [{ name: "  " }, "Medication name is required", "field_medication_name_required"],
  [{ name: undefined }, "Medication name is required", "field_medication_name_required"],
  [{ name: "x".repeat(121) }, "Must be at most 120 characters", "field_max_characters"],
  [{ pharmacyId: 0 }, "Please select a pharmacy", "field_pharmacy_required"],
  [{ pharmacyId: "0" }, "Please select a pharmacy", "field_pharmacy_required"],
  [{ pharmacyId: "" }, "Please select a pharmacy", "field_pharmacy_required"],
  [{ pharmacyId: undefined }, "Please select a pharmacy", "field_pharmacy_required"],
  [{ pharmacyId: null }, "Please select a pharmacy", "field_pharmacy_required"],
  [{ pharmacyId: "abc" }, "Please select a pharmacy", "field_pharmacy_required"],
  [{ pharmacyId: 1.5 }, "Please select a pharmacy", "field_pharmacy_required"],
  [{ pharmacyId: -3 }, "Please select a pharmacy", "field_pharmacy_required"],
  // The old 0.5 minimum is gone; 0.25 is the smallest dose.
  [{ pillsPerDay: 0.2 }, "Must take at least 0.25 pills per day", "field_pills_per_day_min"],
  [{ pillsPerDay: 0 }, "Must take at least 0.25 pills per day", "field_pills_per_day_min"],
  [{ pillsPerDay: "" }, "Must take at least 0.25 pills per day", "field_pills_per_day_min"],
  [{ pillsPerDay: "lots" }, "Must take at least 0.25 pills per day", "field_pills_per_day_min"],
  [{ pillsPerDay: undefined }, "How often must be every day, on certain days, every few days or as needed", "field_schedule_invalid"],
  [{ pillsPerDay: 1001 }, "Must take at most 1,000 pills per day", "field_pills_per_day_max"],
  [{ pillsRemaining: -1 }, "Cannot have negative pills", "field_pills_remaining_negative"],
  [{ pillsRemaining: -0.5 }, "Cannot have negative pills", "field_pills_remaining_negative"],
  [{ pillsRemaining: "" }, "Pills remaining is required", "field_pills_remaining_required"],
  [{ pillsRemaining: undefined }, "Pills remaining is required", "field_pills_remaining_required"],
  [{ pillsRemaining: "many" }, "Pills remaining is required", "field_pills_remaining_required"],
  [{ pillsRemaining: 1_000_001 }, "Must have at most 1,000,000 pills", "field_pills_remaining_max"],
  [{ pillsPerRefill: 0 }, "Must have at least 1 pill per refill", "field_pills_per_refill_min"],
  [{ pillsPerRefill: "" }, "Must have at least 1 pill per refill", "field_pills_per_refill_min"],
  [{ pillsPerRefill: 30.5 }, "Pills per refill must be a whole number", "field_pills_per_refill_whole"],
  [{ pillsPerRefill: 100_001 }, "Must have at most 100,000 pills per refill", "field_pills_per_refill_max"],
  [{ lastRefillDate: "yesterday" }, "Last refill date must be a date (YYYY-MM-DD)", "field_last_refill_date_format"],
  [{ lastRefillDate: "2025-02-30" }, "Last refill date must be a real date", "field_last_refill_date_not_real"],
  [{ lastRefillDate: 20250105 }, "Last refill date must be a date", "field_last_refill_date_not_text"],
];

describe("medications: validation (spec point 5)", () => {
  it.each(invalidMedications)("POST and PATCH %j → 400 %s", async (change, message, code) => {
    const { account, pharmacy, medication } = await accountWithMedication();
    const body = { ...medicationInput(pharmacy.id), ...change };
    const created = await call("POST", "/api/medications", { cookie: account.cookie, body });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ message, code });

    const patched = await call("PATCH", `/api/medications/${medication.id}`, { cookie: account.cookie, body });
    expect(patched.status).toBe(400);
    expect(patched.body).toEqual({ message, code });
    expect((await call("GET", "/api/medications", { cookie: account.cookie })).body).toEqual([medication]);
  });

  it.each([
    [{ medicationId: undefined }, "medicationId must be a number", "field_medication_id_not_number"],
    [{ medicationId: "abc" }, "medicationId must be a number", "field_medication_id_not_number"],
    [{ medicationId: 0 }, "medicationId must be a whole number", "field_medication_id_whole"],
    [{ medicationId: 1.5 }, "medicationId must be a whole number", "field_medication_id_whole"],
    [{ pillsToAdd: 0 }, "Pills to add must be at least 1", "field_pills_to_add_min"],
    [{ pillsToAdd: 0.5 }, "Pills to add must be at least 1", "field_pills_to_add_min"],
    [{ pillsToAdd: -10 }, "Pills to add must be at least 1", "field_pills_to_add_min"],
    [{ pillsToAdd: "" }, "Pills to add must be at least 1", "field_pills_to_add_min"],
    [{ pillsToAdd: undefined }, "Pills to add must be at least 1", "field_pills_to_add_min"],
    [{ pillsToAdd: 100_001 }, "Pills to add must be at most 100,000", "field_pills_to_add_max"],
  ])("refill %j → 400 %s", async (change, message, code) => {
    const { account, medication } = await accountWithMedication();
    const res = await call("POST", "/api/medications/refill", {
      cookie: account.cookie,
      body: { medicationId: medication.id, pillsToAdd: 30, ...change },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code });
    expect((await call("GET", `/api/medications/${medication.id}`, { cookie: account.cookie })).body).toEqual(medication);
  });
});

describe("medications: errors", () => {
  it("a pharmacyId that is not one of the user's pharmacies is 400 and stores nothing", async () => {
    const { account, medication } = await accountWithMedication();
    const body = medicationInput(999_999_999);
    const created = await call("POST", "/api/medications", { cookie: account.cookie, body });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ message: "Please select one of your pharmacies", code: "error_unknown_pharmacy" });
    const patched = await call("PATCH", `/api/medications/${medication.id}`, { cookie: account.cookie, body });
    expect(patched.status).toBe(400);
    expect(patched.body).toEqual({ message: "Please select one of your pharmacies", code: "error_unknown_pharmacy" });
    expect((await call("GET", "/api/medications", { cookie: account.cookie })).body).toEqual([medication]);
  });

  it.each(["0", "99999999999999999999"])("id %s is 400 'Invalid medication id'", async (id) => {
    const { account, pharmacy } = await accountWithMedication();
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const res = await call(method, `/api/medications/${id}`, {
        cookie: account.cookie,
        body: method === "PATCH" ? medicationInput(pharmacy.id) : undefined,
      });
      expect(res.status, method).toBe(400);
      expect(res.body).toEqual({ message: "Invalid medication id", code: "field_medication_id_invalid" });
    }
  });

  // Not digits: no route has such an id (the routes' pattern), so it is not found, as an unknown id is.
  it.each(["abc", "-1", "1.5", "refill"])("id %s is 404 'Not found'", async (id) => {
    const { account, pharmacy } = await accountWithMedication();
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const res = await call(method, `/api/medications/${id}`, {
        cookie: account.cookie,
        body: method === "PATCH" ? medicationInput(pharmacy.id) : undefined,
      });
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual({ message: "Not found", code: "error_not_found" });
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
      expect(res.body).toEqual({ message: "Medication not found", code: "error_medication_not_found" });
    }
  });

  it("PATCH of an unknown medication with an unknown pharmacy is 404 (the medication comes first)", async () => {
    const account = await signUp();
    const res = await call("PATCH", "/api/medications/999999999", { cookie: account.cookie, body: medicationInput(999_999_999) });
    expect(res.status).toBe(404);
  });

  it.each([
    ["malformed JSON", "{", "Malformed JSON in request body", "error_malformed_json"],
    ["an array", "[]", "The request body must be a JSON object.", "error_body_not_object"],
    ["a string", '"hello"', "The request body must be a JSON object.", "error_body_not_object"],
  ])("%s is 400 with a readable message", async (_, rawBody, message, code) => {
    const { account, medication } = await accountWithMedication();
    for (const [method, path] of [
      ["POST", "/api/medications"],
      ["PATCH", `/api/medications/${medication.id}`],
      ["POST", "/api/medications/refill"],
    ]) {
      const res = await call(method, path, { cookie: account.cookie, rawBody });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body).toEqual({ message, code });
    }
  });
});

describe("refill ceiling", () => {
  it("refuses a refill that would pass 1,000,000 pills, and stores nothing", async () => {
    const { account, medication } = await accountWithMedication({ pillsRemaining: 999_990 });
    const refused = await call("POST", "/api/medications/refill", {
      cookie: account.cookie,
      body: { medicationId: medication.id, pillsToAdd: 11 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: "This refill would bring the supply above 1,000,000.", code: "error_too_many_pills" });
    const after = await call("GET", `/api/medications/${medication.id}`, { cookie: account.cookie });
    expect(after.body.pillsRemaining).toBe(999_990);
    expect(after.body.lastRefillDate).toBe(medication.lastRefillDate);

    const upToTheCeiling = await call("POST", "/api/medications/refill", {
      cookie: account.cookie,
      body: { medicationId: medication.id, pillsToAdd: 10 },
    });
    expect(upToTheCeiling.status).toBe(200);
    expect(upToTheCeiling.body.pillsRemaining).toBe(1_000_000);
  });
});
