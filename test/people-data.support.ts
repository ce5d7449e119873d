import { eq, inArray } from "drizzle-orm";
import { expect } from "vitest";
import {
  doseEvents,
  invites,
  medications,
  memberships,
  notifications,
  people,
  pharmacies,
  type Role,
  supplyEvents,
} from "../src/db/schema";
import { type Account, call, db, medicationInput, uniqueName } from "./helpers";
import { addPerson } from "./invites.support";

// People with data of every kind, for the account deletion and export tests: what a person owns
// (pharmacy, medication, refill, dose log, invitation) and who may care for it.

/** A person `owner` adds through the API, with a pharmacy, a medication, a refill, a dose logged and a pending invitation. */
export async function personWithData(owner: Account, name: string) {
  const id = await addPerson(owner, name);
  const base = `/api/profiles/${id}`;
  const pharmacy = await call("POST", `${base}/pharmacies`, {
    cookie: owner.cookie,
    body: { name: `${name}'s pharmacy`, phoneNumber: "2125551234" },
  });
  expect(pharmacy.status, pharmacy.text).toBe(201);
  const medication = await call("POST", `${base}/medications`, {
    cookie: owner.cookie,
    body: medicationInput(pharmacy.body.id, { name: `${name}'s Warfarin` }),
  });
  expect(medication.status, medication.text).toBe(201);
  const refill = await call("POST", `${base}/medications/refill`, {
    cookie: owner.cookie,
    body: { medicationId: medication.body.id, pillsToAdd: 30 },
  });
  expect(refill.status, refill.text).toBe(200);
  const now = Date.now();
  await db()
    .insert(doseEvents)
    .values({
      medicationId: medication.body.id,
      clientId: uniqueName("dose"),
      kind: "taken",
      localDate: "2026-11-01",
      amount: 1,
      recordedAt: now,
    });
  await db().insert(notifications).values({ userId: owner.id, medicationId: medication.body.id, sentAt: now, type: "refill-needed" });
  await db()
    .insert(invites)
    .values({
      personId: id,
      email: `${uniqueName("invitee")}@example.com`,
      role: "viewer",
      tokenHash: uniqueName("hash"),
      invitedBy: owner.id,
      createdAt: now,
      expiresAt: now + 86_400_000,
    });
  return { id, pharmacyId: pharmacy.body.id as number, medicationId: medication.body.id as number };
}

/** Makes `account` a member of person `personId` as `role`, a member since `since`. */
export const join = (personId: number, account: Pick<Account, "id">, role: Role, since: number) =>
  db().insert(memberships).values({ personId, userId: account.id, role, createdAt: since });

/** Every row, in every table that holds a person's data, of person `personId`. */
export async function rowsOf(personId: number) {
  const meds = await db().select().from(medications).where(eq(medications.personId, personId));
  const ids = meds.map((row) => row.id);
  return {
    people: await db().select().from(people).where(eq(people.id, personId)),
    memberships: await db().select().from(memberships).where(eq(memberships.personId, personId)),
    invites: await db().select().from(invites).where(eq(invites.personId, personId)),
    pharmacies: await db().select().from(pharmacies).where(eq(pharmacies.personId, personId)),
    medications: meds,
    supplyEvents: ids.length ? await db().select().from(supplyEvents).where(inArray(supplyEvents.medicationId, ids)) : [],
    doseEvents: ids.length ? await db().select().from(doseEvents).where(inArray(doseEvents.medicationId, ids)) : [],
    notifications: ids.length ? await db().select().from(notifications).where(inArray(notifications.medicationId, ids)) : [],
  };
}
