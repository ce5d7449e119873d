import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { medications, memberships, people } from "../src/db/schema";
import { call, createMedication, createPharmacy, db, signUp } from "./helpers";

// Data belongs to a person, not to an account: the routes without a /api/profiles/:id prefix act
// for the account's own person only, whatever else the account owns.

/** A person without an account ("Dad") owned by `userId`, with a medication and a pharmacy of theirs. */
async function dadOf(userId: number) {
  const [dad] = await db().insert(people).values({ name: "Dad", createdAt: Date.now() }).returning();
  await db().insert(memberships).values({ personId: dad!.id, userId, role: "owner", createdAt: Date.now() });
  const [medication] = await db()
    .insert(medications)
    .values({
      userId,
      personId: dad!.id,
      name: "Dad's Warfarin",
      pillsPerDay: 1,
      pillsRemaining: 30,
      countedOn: "2026-11-01",
      pillsPerRefill: 30,
    })
    .returning();
  return { dad: dad!, medication: medication! };
}

describe("people: data belongs to a person", () => {
  it("sign-up gives the account its own person (its name) and the owner membership of it", async () => {
    const account = await signUp({ fullName: "Ana Lima" });
    const [own] = await db().select().from(people).where(eq(people.accountUserId, account.id));
    expect(own?.name).toBe("Ana Lima");
    expect(
      await db().select({ userId: memberships.userId, role: memberships.role }).from(memberships).where(eq(memberships.personId, own!.id)),
    ).toEqual([{ userId: account.id, role: "owner" }]);
  });

  it("another person's medication, though the same account owns it, is never read or changed through the account's own routes", async () => {
    const account = await signUp();
    const mine = await createMedication(account, { name: "Mine" });
    const { medication } = await dadOf(account.id);
    const list = await call<{ name: string }[]>("GET", "/api/medications", { cookie: account.cookie });
    expect(list.body.map((m) => m.name)).toEqual(["Mine"]);
    expect((await call("GET", `/api/medications/${medication.id}`, { cookie: account.cookie })).status).toBe(404);
    expect(
      (await call("POST", "/api/medications/refill", { cookie: account.cookie, body: { medicationId: medication.id, pillsToAdd: 1 } }))
        .status,
    ).toBe(404);
    expect((await call("DELETE", `/api/medications/${medication.id}`, { cookie: account.cookie })).status).toBe(404);
    // The export is the account's, not its own person's: it holds the people the account owns too.
    const exported = await call<{ medications: { name: string }[] }>("GET", "/api/user/export", { cookie: account.cookie });
    expect(exported.body.medications.map((m) => m.name)).toEqual(["Mine", "Dad's Warfarin"]);
    expect(await db().select({ id: medications.id }).from(medications).where(eq(medications.id, medication.id))).toHaveLength(1);
    expect(mine.name).toBe("Mine");
  });

  it("an account whose own person's id differs from its user id reads and writes its own data (no code assumes they are equal)", async () => {
    // A person made first moves the next account's own person off its user id.
    await db().insert(people).values({ name: "Spare", createdAt: Date.now() });
    await db().insert(people).values({ name: "Spare", createdAt: Date.now() });
    const account = await signUp();
    const [own] = await db().select().from(people).where(eq(people.accountUserId, account.id));
    expect(own!.id).not.toBe(account.id);
    const pharmacy = await createPharmacy(account);
    const medication = await createMedication(account, { pharmacyId: pharmacy.id });
    const [row] = await db().select().from(medications).where(eq(medications.id, medication.id));
    expect({ userId: row!.userId, personId: row!.personId }).toEqual({ userId: account.id, personId: own!.id });
    const refill = await call("POST", "/api/medications/refill", {
      cookie: account.cookie,
      body: { medicationId: medication.id, pillsToAdd: 1 },
    });
    expect(refill.status, refill.text).toBe(200);
    const pharmacies = await call<{ id: number }[]>("GET", "/api/pharmacies", { cookie: account.cookie });
    expect(pharmacies.body.map((p) => p.id)).toEqual([pharmacy.id]);
    expect((await call("DELETE", `/api/medications/${medication.id}`, { cookie: account.cookie })).status).toBe(204);
  });

  it("deleting the account deletes the people it owns and their medications", async () => {
    const account = await signUp();
    const { dad, medication } = await dadOf(account.id);
    const erased = await call("DELETE", "/api/user", { cookie: account.cookie, body: { currentPassword: account.password } });
    expect(erased.status, erased.text).toBeLessThan(300);
    expect(await db().select().from(people).where(eq(people.id, dad.id))).toEqual([]);
    expect(await db().select().from(medications).where(eq(medications.id, medication.id))).toEqual([]);
    expect(await db().select().from(people).where(eq(people.accountUserId, account.id))).toEqual([]);
  });
});
