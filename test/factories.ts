import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { medications, users } from "../src/db/schema";
import { addDays } from "../src/domain/time";
import type { Medication, Pharmacy } from "../src/domain/medications";
import { api, db, signUp, uniqueName, type TestAccount } from "./helpers";

// Factories make fresh rows through the API (the same path the islands use), so tests need no
// cleanup and run in parallel.

export async function createPharmacy(account: TestAccount, overrides: Partial<{ name: string; phoneNumber: string }> = {}): Promise<Pharmacy> {
  const res = await api<Pharmacy>("POST", "/api/pharmacies", { cookie: account.cookie, body: { name: uniqueName("Pharmacy"), phoneNumber: "5551234567", ...overrides } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export type MedicationInput = { name: string; pharmacyId: number | string; pillsPerDay: number | string; pillsRemaining: number | string; pillsPerRefill: number | string; lastRefillDate: string | null };

export const medicationInput = (pharmacyId: number, overrides: Partial<MedicationInput> = {}): MedicationInput => ({
  name: uniqueName("Med"),
  pharmacyId,
  pillsPerDay: 1,
  pillsRemaining: 30,
  pillsPerRefill: 30,
  lastRefillDate: "",
  ...overrides,
});

/** A medication of the account's; makes a pharmacy for it unless one is given. */
export async function createMedication(account: TestAccount, overrides: Partial<MedicationInput> = {}): Promise<Medication> {
  const pharmacyId = Number(overrides.pharmacyId ?? (await createPharmacy(account)).id);
  const res = await api<Medication>("POST", "/api/medications", { cookie: account.cookie, body: medicationInput(pharmacyId, overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A signed-in user with one pharmacy and one medication. */
export async function accountWithMedication(overrides: Partial<MedicationInput> = {}) {
  const account = await signUp();
  const pharmacy = await createPharmacy(account);
  const medication = await createMedication(account, { pharmacyId: pharmacy.id, ...overrides });
  return { account, pharmacy, medication };
}

// The settings API belongs to another area; tests set the zone directly.
export async function setTimezone(account: TestAccount, timezone: string) {
  await db().update(users).set({ timezone }).where(eq(users.id, account.user.id));
}

/** Simulates time passing: the stored count becomes `days` days older. */
export async function ageCount(medicationId: number, days: number) {
  const [row] = await db().select({ countedOn: medications.countedOn }).from(medications).where(eq(medications.id, medicationId));
  await db().update(medications).set({ countedOn: addDays(row.countedOn, -days) }).where(eq(medications.id, medicationId));
}

export async function storedRow(medicationId: number) {
  const [row] = await db().select().from(medications).where(eq(medications.id, medicationId));
  return row;
}
