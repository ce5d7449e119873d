import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, createPharmacy, medicationInput, signUp } from "./helpers";

// At most 200 medications and 50 pharmacies per account; the limit is checked inside the insert,
// so parallel adds at the edge cannot overshoot it. Rows up to the edge go in directly (fast).

async function fillPharmacies(userId: number, n: number) {
  await env.DB.prepare(
    `INSERT INTO pharmacies (user_id, name, phone_number) SELECT ?1, 'Filler ' || key, '+12125550100' FROM json_each(?2)`,
  )
    .bind(userId, JSON.stringify(Array.from({ length: n }, () => 0)))
    .run();
}

async function fillMedications(userId: number, pharmacyId: number, n: number) {
  await env.DB.prepare(
    `INSERT INTO medications (user_id, name, pharmacy_id, pills_per_day, pills_remaining, counted_on, pills_per_refill)
     SELECT ?1, 'Filler ' || key, ?2, 1, 30, '2025-01-01', 30 FROM json_each(?3)`,
  )
    .bind(userId, pharmacyId, JSON.stringify(Array.from({ length: n }, () => 0)))
    .run();
}

const count = async (table: string, userId: number) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?1`).bind(userId).first<{ n: number }>())!.n;

describe("per-account limits", () => {
  it("the 200th medication is added; the 201st answers 409 'You can track up to 200 medications.' and nothing is written", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account);
    await fillMedications(account.id, pharmacy.id, 199);
    expect(
      (await call("POST", "/api/medications", { cookie: account.cookie, body: medicationInput(pharmacy.id, { name: "Two hundredth" }) }))
        .status,
    ).toBe(201);
    const refused = await call("POST", "/api/medications", {
      cookie: account.cookie,
      body: medicationInput(pharmacy.id, { name: "One too many" }),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: "You can track up to 200 medications.", code: "error_too_many_medications" });
    expect(await count("medications", account.id)).toBe(200);
    // Deleting one makes room again.
    const [first] = (await call("GET", "/api/medications", { cookie: account.cookie })).body;
    expect((await call("DELETE", `/api/medications/${first.id}`, { cookie: account.cookie })).status).toBe(204);
    expect((await call("POST", "/api/medications", { cookie: account.cookie, body: medicationInput(pharmacy.id) })).status).toBe(201);
  });

  it("an unknown pharmacy at the limit is still 409 for the limit, and below it still 400 for the pharmacy", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account);
    expect((await call("POST", "/api/medications", { cookie: account.cookie, body: medicationInput(999_999_999) })).status).toBe(400);
    await fillMedications(account.id, pharmacy.id, 200);
    expect((await call("POST", "/api/medications", { cookie: account.cookie, body: medicationInput(999_999_999) })).status).toBe(409);
  });

  it("five parallel adds at 198 medications: two succeed, three answer 409", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account);
    await fillMedications(account.id, pharmacy.id, 198);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call("POST", "/api/medications", { cookie: account.cookie, body: medicationInput(pharmacy.id) })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409, 409]);
    expect(await count("medications", account.id)).toBe(200);
  });

  it("the 51st pharmacy answers 409 'You can track up to 50 pharmacies.'; another account is unaffected", async () => {
    const account = await signUp();
    await fillPharmacies(account.id, 49);
    expect(
      (await call("POST", "/api/pharmacies", { cookie: account.cookie, body: { name: "Fiftieth", phoneNumber: "2125551234" } })).status,
    ).toBe(201);
    const refused = await call("POST", "/api/pharmacies", {
      cookie: account.cookie,
      body: { name: "One too many", phoneNumber: "2125551234" },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: "You can track up to 50 pharmacies.", code: "error_too_many_pharmacies" });
    expect(await count("pharmacies", account.id)).toBe(50);
    const other = await signUp();
    expect(
      (await call("POST", "/api/pharmacies", { cookie: other.cookie, body: { name: "Mine", phoneNumber: "2125551234" } })).status,
    ).toBe(201);
  });
});
