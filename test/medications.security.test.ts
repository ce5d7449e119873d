import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pharmacies } from "../src/db/schema";
import { accountWithMedication, type Answer, call, db, medicationInput, storedRow } from "./helpers";

// Everything belongs to the signed-in user: another user's ids answer exactly like unknown ids (404),
// lists never show other users' rows, and without a session every endpoint is 401.

async function twoUsers() {
  const [owner, intruder] = await Promise.all([accountWithMedication({ pillsRemaining: 40 }), accountWithMedication()]);
  return { owner, intruder };
}

describe("medications and pharmacies: security", () => {
  it("another user's medication is 404 on read, update, refill and delete, and stays unchanged", async () => {
    const { owner, intruder } = await twoUsers();
    const id = owner.medication.id;
    const cookie = intruder.account.cookie;
    const answers: [string, Answer][] = [
      ["GET", await call("GET", `/api/medications/${id}`, { cookie })],
      ["PATCH", await call("PATCH", `/api/medications/${id}`, { cookie, body: medicationInput(intruder.pharmacy.id) })],
      ["refill", await call("POST", "/api/medications/refill", { cookie, body: { medicationId: id, pillsToAdd: 100 } })],
      ["DELETE", await call("DELETE", `/api/medications/${id}`, { cookie })],
    ];
    for (const [what, res] of answers) {
      expect(res.status, what).toBe(404);
      expect(res.body, what).toEqual({ message: "Medication not found", code: "error_medication_not_found" });
    }
    expect((await call("GET", `/api/medications/${id}`, { cookie: owner.account.cookie })).body).toEqual(owner.medication);
    expect((await storedRow(id)).lastRefillDate).toBe(owner.medication.lastRefillDate);
  });

  it("another user's pharmacy is 404 on update and delete (even when in use), and stays unchanged", async () => {
    const { owner, intruder } = await twoUsers();
    const id = owner.pharmacy.id;
    const cookie = intruder.account.cookie;
    for (const res of [
      await call("PATCH", `/api/pharmacies/${id}`, { cookie, body: { name: "Hijacked", phoneNumber: "2125551234" } }),
      await call("DELETE", `/api/pharmacies/${id}`, { cookie }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Pharmacy not found", code: "error_pharmacy_not_found" });
    }
    // An unused pharmacy of someone else's cannot be deleted either.
    const [unused] = await db().insert(pharmacies).values({ userId: owner.account.user.id, name: "Unused", phoneNumber: "" }).returning();
    expect((await call("DELETE", `/api/pharmacies/${unused.id}`, { cookie })).status).toBe(404);
    expect(await db().select().from(pharmacies).where(eq(pharmacies.id, unused.id))).toHaveLength(1);
    expect((await call("GET", "/api/pharmacies", { cookie: owner.account.cookie })).body).toEqual(expect.arrayContaining([owner.pharmacy]));
  });

  it("a medication cannot be linked to another user's pharmacy (400, nothing stored)", async () => {
    const { owner, intruder } = await twoUsers();
    const body = medicationInput(owner.pharmacy.id);
    const created = await call("POST", "/api/medications", { cookie: intruder.account.cookie, body });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ message: "Please select one of your pharmacies", code: "error_unknown_pharmacy" });
    const patched = await call("PATCH", `/api/medications/${intruder.medication.id}`, { cookie: intruder.account.cookie, body });
    expect(patched.status).toBe(400);
    expect((await call("GET", "/api/medications", { cookie: intruder.account.cookie })).body).toEqual([intruder.medication]);
  });

  it("lists show only the signed-in user's rows", async () => {
    const { owner, intruder } = await twoUsers();
    expect((await call("GET", "/api/medications", { cookie: owner.account.cookie })).body).toEqual([owner.medication]);
    expect((await call("GET", "/api/medications", { cookie: intruder.account.cookie })).body).toEqual([intruder.medication]);
    expect((await call("GET", "/api/pharmacies", { cookie: owner.account.cookie })).body).toEqual([owner.pharmacy]);
    expect((await call("GET", "/api/pharmacies", { cookie: intruder.account.cookie })).body).toEqual([intruder.pharmacy]);
  });

  it.each([
    ["GET", "/api/medications"],
    ["POST", "/api/medications"],
    ["GET", "/api/medications/1"],
    ["PATCH", "/api/medications/1"],
    ["DELETE", "/api/medications/1"],
    ["POST", "/api/medications/refill"],
    ["GET", "/api/pharmacies"],
    ["POST", "/api/pharmacies"],
    ["PATCH", "/api/pharmacies/1"],
    ["DELETE", "/api/pharmacies/1"],
  ])("anonymous %s %s is 401, before any validation", async (method, path) => {
    const res = await call(method, path, { body: method === "GET" || method === "DELETE" ? undefined : {} });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "You are not signed in.", code: "error_not_signed_in" });
  });

  it("a cross-site write is refused (403) even with a valid session", async () => {
    const { owner } = await twoUsers();
    const res = await call("DELETE", `/api/medications/${owner.medication.id}`, {
      cookie: owner.account.cookie,
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect((await storedRow(owner.medication.id))?.id).toBe(owner.medication.id);
  });
});
