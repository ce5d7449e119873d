import { describe, expect, it } from "vitest";
import { call, createMedication, createPharmacy, signUp } from "./helpers";

const valid = { name: "Corner Drugs", phoneNumber: "2125551234" };

describe("pharmacies: errors", () => {
  it.each([
    [{ name: "" }, "Pharmacy name is required", "field_pharmacy_name_required"],
    [{ name: "   " }, "Pharmacy name is required", "field_pharmacy_name_required"],
    [{ name: undefined }, "Pharmacy name is required", "field_pharmacy_name_required"],
    [{ name: 42 }, "Pharmacy name is required", "field_pharmacy_name_required"],
    [{ name: "x".repeat(121) }, "Must be at most 120 characters", "field_max_characters"],
    [{ phoneNumber: undefined }, "Phone number is required", "field_phone_required"],
    [{ phoneNumber: 2125551234 }, "Phone number must be text", "field_phone_not_text"],
    [{ phoneNumber: "2".repeat(31) }, "Phone number must be at most 30 characters", "field_phone_too_long"],
    [{ phoneNumber: "212-555-1234 ext 5" }, "Enter a valid phone number", "field_phone_invalid"],
    [{ phoneNumber: "call us" }, "Enter a valid phone number", "field_phone_invalid"],
    [{ phoneNumber: "(555) 123-4567" }, "Enter a valid phone number", "field_phone_invalid"],
    [{ phoneNumber: "12" }, "Enter a valid phone number", "field_phone_invalid"],
  ])("POST and PATCH %j → 400 %s", async (change, message, code) => {
    const account = await signUp();
    const created = await call("POST", "/api/pharmacies", { cookie: account.cookie, body: { ...valid, ...change } });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ message, code });

    const pharmacy = await createPharmacy(account);
    const patched = await call("PATCH", `/api/pharmacies/${pharmacy.id}`, { cookie: account.cookie, body: { ...valid, ...change } });
    expect(patched.status).toBe(400);
    expect(patched.body).toEqual({ message, code });
    expect((await call("GET", "/api/pharmacies", { cookie: account.cookie })).body).toEqual([pharmacy]);
  });

  it("a pharmacy used by a medication cannot be deleted: 409 with a readable message", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account);
    await createMedication(account, { pharmacyId: pharmacy.id });
    const res = await call("DELETE", `/api/pharmacies/${pharmacy.id}`, { cookie: account.cookie });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message:
        "This pharmacy cannot be deleted because medications use it. Assign those medications to another pharmacy or delete them first.",
      code: "error_pharmacy_in_use",
    });
    expect((await call("GET", "/api/pharmacies", { cookie: account.cookie })).body).toEqual([pharmacy]);
  });

  it.each(["0", "99999999999999999999"])("id %s is 400 'Invalid pharmacy id'", async (id) => {
    const account = await signUp();
    for (const method of ["PATCH", "DELETE"]) {
      const res = await call(method, `/api/pharmacies/${id}`, { cookie: account.cookie, body: method === "PATCH" ? valid : undefined });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: "Invalid pharmacy id", code: "field_pharmacy_id_invalid" });
    }
  });

  // Not digits: no route has such an id (the routes' pattern), so it is not found, as an unknown id is.
  it.each(["abc", "-1", "1.5", "1e3"])("id %s is 404 'Not found'", async (id) => {
    const account = await signUp();
    for (const method of ["PATCH", "DELETE"]) {
      const res = await call(method, `/api/pharmacies/${id}`, { cookie: account.cookie, body: method === "PATCH" ? valid : undefined });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Not found", code: "error_not_found" });
    }
  });

  it("an unknown id is 404 'Pharmacy not found'", async () => {
    const account = await signUp();
    for (const method of ["PATCH", "DELETE"]) {
      const res = await call(method, "/api/pharmacies/999999999", { cookie: account.cookie, body: method === "PATCH" ? valid : undefined });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Pharmacy not found", code: "error_pharmacy_not_found" });
    }
  });

  it.each([
    ["malformed JSON", "{", "Malformed JSON in request body", "error_malformed_json"],
    ["an array", "[]", "The request body must be a JSON object.", "error_body_not_object"],
    ["null", "null", "The request body must be a JSON object.", "error_body_not_object"],
  ])("%s is 400 with a readable message", async (_, rawBody, message, code) => {
    const account = await signUp();
    const res = await call("POST", "/api/pharmacies", { cookie: account.cookie, rawBody });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code });
  });
});
