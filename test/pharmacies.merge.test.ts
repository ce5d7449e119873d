import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { medications, pharmacies, supplyEvents } from "../src/db/schema";
import { call, createMedication, createPharmacy, db, signUp, type Account } from "./helpers";

// 'Merge into…' moves a pharmacy's medications to another of the owner's and
// deletes it, in one batch (test/round-trips.test.ts counts the trips).

const merge = (account: Account, fromId: number | string, body: unknown) =>
  call("POST", `/api/pharmacies/${fromId}/merge`, { cookie: account.cookie, body });
const pharmacyRows = (account: Account) => db().select().from(pharmacies).where(eq(pharmacies.userId, account.id));
const medicationRows = (account: Account) => db().select().from(medications).where(eq(medications.userId, account.id));

async function twoPharmacies() {
  const account = await signUp();
  const from = await createPharmacy(account, { name: "corner drugs", phoneNumber: "" });
  const into = await createPharmacy(account, { name: "Corner Drugs", phoneNumber: "2125550100" });
  const a = await createMedication(account, { pharmacyId: from.id, name: "A" });
  const b = await createMedication(account, { pharmacyId: from.id, name: "B" });
  const c = await createMedication(account, { pharmacyId: into.id, name: "C" });
  return { account, from, into, medications: [a, b, c] };
}

describe("pharmacies: merge", () => {
  it("moves every medication to the chosen pharmacy and deletes the merged one, history kept", async () => {
    const {
      account,
      from,
      into,
      medications: [a],
    } = await twoPharmacies();
    const eventsBefore = await db().select().from(supplyEvents).where(eq(supplyEvents.medicationId, a!.id));
    const res = await merge(account, from.id, { intoId: into.id });
    expect([res.status, res.body]).toEqual([200, { moved: 2 }]);
    expect((await pharmacyRows(account)).map((p) => p.id)).toEqual([into.id]);
    expect((await medicationRows(account)).map((m) => [m.name, m.pharmacyId]).sort()).toEqual([
      ["A", into.id],
      ["B", into.id],
      ["C", into.id],
    ]);
    expect(await db().select().from(supplyEvents).where(eq(supplyEvents.medicationId, a!.id))).toEqual(eventsBefore);
  });

  it("merges a pharmacy with no medications: it is simply deleted", async () => {
    const account = await signUp();
    const from = await createPharmacy(account, { name: "Empty", phoneNumber: "" });
    const into = await createPharmacy(account, { name: "Kept", phoneNumber: "" });
    expect((await merge(account, from.id, { intoId: into.id })).body).toEqual({ moved: 0 });
    expect((await pharmacyRows(account)).map((p) => p.id)).toEqual([into.id]);
  });

  it("into itself → 400, nothing changes", async () => {
    const { account, from } = await twoPharmacies();
    const res = await merge(account, from.id, { intoId: from.id });
    expect([res.status, res.body]).toEqual([
      400,
      { message: "Choose a different pharmacy to merge into.", code: "error_pharmacy_merge_itself" },
    ]);
    const french = await call("POST", `/api/pharmacies/${from.id}/merge`, {
      cookie: account.cookie,
      body: { intoId: from.id },
      headers: { "Accept-Language": "fr" },
    });
    expect(french.body.message).toBe("Choisissez une autre pharmacie avec laquelle fusionner.");
    expect(await pharmacyRows(account)).toHaveLength(2);
  });

  it.each([[{}], [{ intoId: "2" }], [{ intoId: 1.5 }], [{ intoId: 0 }], [null]])(
    "a body of %j → 400 with the field's words",
    async (body) => {
      const { account, from } = await twoPharmacies();
      const res = await merge(account, from.id, body);
      expect(res.status).toBe(400);
      if (body !== null) expect(res.body).toEqual({ message: "Choose the pharmacy to merge into.", code: "field_merge_into_required" });
      expect(await pharmacyRows(account)).toHaveLength(2);
    },
  );

  it("another user's pharmacy, as the one merged or the one merged into, → 404 and nothing moves", async () => {
    const mine = await twoPharmacies();
    const theirs = await twoPharmacies();
    for (const [fromId, intoId] of [
      [theirs.from.id, mine.into.id],
      [mine.from.id, theirs.into.id],
      [theirs.from.id, theirs.into.id],
      [999_999_999, mine.into.id],
      [mine.from.id, 999_999_999],
    ]) {
      const res = await merge(mine.account, fromId!, { intoId });
      expect([res.status, res.body], `${fromId} → ${intoId}`).toEqual([
        404,
        { message: "Pharmacy not found", code: "error_pharmacy_not_found" },
      ]);
    }
    // In the request's language, like every 4xx.
    const french = await call("POST", `/api/pharmacies/${mine.from.id}/merge`, {
      cookie: mine.account.cookie,
      body: { intoId: theirs.into.id },
      headers: { "Accept-Language": "fr" },
    });
    expect([french.status, french.body.code, french.body.message]).toEqual([404, "error_pharmacy_not_found", "Pharmacie introuvable"]);
    for (const { account, from } of [mine, theirs]) {
      expect(await pharmacyRows(account)).toHaveLength(2);
      expect((await medicationRows(account)).filter((m) => m.pharmacyId === from.id)).toHaveLength(2);
    }
  });

  it("needs a session, a same-site request and a valid id", async () => {
    const { account, from, into } = await twoPharmacies();
    expect((await call("POST", `/api/pharmacies/${from.id}/merge`, { body: { intoId: into.id } })).status).toBe(401);
    const crossSite = await call("POST", `/api/pharmacies/${from.id}/merge`, {
      cookie: account.cookie,
      body: { intoId: into.id },
      headers: { Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    // Ids are digits by the route's pattern: anything else is no such pharmacy.
    expect((await merge(account, "abc", { intoId: into.id })).status).toBe(404);
    expect(await pharmacyRows(account)).toHaveLength(2);
  });
});
