import { describe, expect, it } from "vitest";
import { call, createMedication, createPharmacy, signUp } from "../helpers";
import { isApi, routes } from "./surface";

// Server-rendered pages carry data in their HTML (island props): another user's rows must never
// appear in them, whatever id is in the URL.

describe("pages never render another user's data", () => {
  it("dashboard, pharmacies, medication form and edit page of an intruder show none of the owner's rows", async () => {
    const [owner, intruder] = [await signUp(), await signUp()];
    const pharmacy = await createPharmacy(owner, { name: "Owner Secret Pharmacy", phoneNumber: "2125551111" });
    const medication = await createMedication(owner, { pharmacyId: pharmacy.id, name: "Owner Secret Medication" });

    const pages = routes((r) => r.method === "GET" && !isApi(r) && !r.path.startsWith("/dev/"), String(medication.id)).map((r) => r.path);
    expect(pages).toContain(`/edit-medication/${medication.id}`);
    for (const path of pages) {
      const page = await call("GET", path, { cookie: intruder.cookie });
      expect(page.status, path).toBeLessThan(500);
      expect(page.text, path).not.toContain("Owner Secret");
      expect(page.text, path).not.toContain("2125551111");
    }

    // The owner does see them, so the check above is not vacuous.
    const own = await call("GET", `/edit-medication/${medication.id}`, { cookie: owner.cookie });
    expect(own.status).toBe(200);
    expect(own.text).toContain("Owner Secret Medication");
    expect((await call("GET", "/", { cookie: owner.cookie })).text).toContain("Owner Secret Medication");
  });

  it("another user's medication id in the edit page redirects like an unknown id", async () => {
    const [owner, intruder] = [await signUp(), await signUp()];
    const medication = await createMedication(owner);
    const theirs = await call("GET", `/edit-medication/${medication.id}`, { cookie: intruder.cookie });
    const unknown = await call("GET", "/edit-medication/999999999", { cookie: intruder.cookie });
    expect(theirs.status).toBe(302);
    expect(theirs.headers.get("Location")).toBe(unknown.headers.get("Location"));
  });
});
