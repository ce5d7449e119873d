import { describe, expect, it } from "vitest";
import { call, createMedication, createPharmacy, signUp } from "./helpers";

describe("pharmacies: happy paths", () => {
  it("creates a pharmacy (201) with trimmed fields, its phone as E.164, and lists it with the phone formatted and its tel: link", async () => {
    const account = await signUp();
    const created = await call("POST", "/api/pharmacies", {
      cookie: account.cookie,
      body: { name: "  Corner Drugs ", phoneNumber: " (212) 555-1234 " },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: "Corner Drugs",
      phoneNumber: "+12125551234",
      phoneDisplay: "+1 212 555 1234",
      phoneHref: "tel:+12125551234",
    });

    const list = await call("GET", "/api/pharmacies", { cookie: account.cookie });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([created.body]);
    expect(list.headers.get("Cache-Control")).toBe("no-store");
  });

  it("lists pharmacies by name, case-insensitively", async () => {
    const account = await signUp();
    for (const name of ["walgreens", "Apex", "CVS", "boots"]) await createPharmacy(account, { name });
    const list = await call<{ name: string }[]>("GET", "/api/pharmacies", { cookie: account.cookie });
    expect(list.body.map((p) => p.name)).toEqual(["Apex", "boots", "CVS", "walgreens"]); // byte order would put "boots" after "CVS"
  });

  it("a new user has no pharmacies", async () => {
    const account = await signUp();
    expect((await call("GET", "/api/pharmacies", { cookie: account.cookie })).body).toEqual([]);
  });

  it("accepts an empty phone number: nothing to show or dial", async () => {
    const account = await signUp();
    const res = await call("POST", "/api/pharmacies", { cookie: account.cookie, body: { name: "No Phone", phoneNumber: "" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ phoneNumber: "", phoneDisplay: "", phoneHref: null });
  });

  it("PATCH updates name and phone and answers the pharmacy", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account);
    const res = await call("PATCH", `/api/pharmacies/${pharmacy.id}`, {
      cookie: account.cookie,
      body: { name: "Renamed", phoneNumber: "212.555.9876" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: pharmacy.id,
      name: "Renamed",
      phoneNumber: "+12125559876",
      phoneDisplay: "+1 212 555 9876",
      phoneHref: "tel:+12125559876",
    });
    expect((await call("GET", "/api/pharmacies", { cookie: account.cookie })).body).toEqual([res.body]);
  });

  it("DELETE removes an unused pharmacy (204)", async () => {
    const account = await signUp();
    const keep = await createPharmacy(account);
    const gone = await createPharmacy(account);
    const res = await call("DELETE", `/api/pharmacies/${gone.id}`, { cookie: account.cookie });
    expect(res.status).toBe(204);
    expect((await call("GET", "/api/pharmacies", { cookie: account.cookie })).body).toEqual([keep]);
  });

  it("a pharmacy can be deleted once its medications are gone", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account);
    const medication = await createMedication(account, { pharmacyId: pharmacy.id });
    expect((await call("DELETE", `/api/pharmacies/${pharmacy.id}`, { cookie: account.cookie })).status).toBe(409);
    expect((await call("DELETE", `/api/medications/${medication.id}`, { cookie: account.cookie })).status).toBe(204);
    expect((await call("DELETE", `/api/pharmacies/${pharmacy.id}`, { cookie: account.cookie })).status).toBe(204);
  });
});
