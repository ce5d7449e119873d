import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pharmacies, users } from "../src/db/schema";
import { createPharmacy, db, signUp } from "./helpers";

// Migration 0007 moves phone numbers typed under the old US-only rule to E.164 (+1…) and keeps
// anything else as typed (shown as typed).
const phoneMigration = () => {
  const migration = (env.TEST_MIGRATIONS as Array<{ name: string; queries: string[] }>).find((m) => m.name.startsWith("0007_"));
  const statements = migration?.queries.filter((q) => q.includes("SET `phone_number`")) ?? [];
  if (statements.length !== 2) throw new Error("migration 0007 should update the pharmacies' and the users' phone numbers");
  return statements;
};

describe("migration 0007: existing phone numbers become E.164", () => {
  it("turns US numbers in any old format into +1…, and keeps the rest as typed", async () => {
    const account = await signUp();
    const typed = [
      "(212) 555-0123",
      "212.555.0123",
      "212 555 0123",
      "2125550123",
      "1-212-555-0123",
      "12125550123",
      "555-0199",
      "020 7183 8750",
      "(012) 555-0123",
      "ext. 42",
    ];
    const ids: number[] = [];
    for (const phoneNumber of typed) {
      const pharmacy = await createPharmacy(account);
      // As the row was before the migration: the old rule let these through as typed.
      await db().update(pharmacies).set({ phoneNumber }).where(eq(pharmacies.id, pharmacy.id));
      ids.push(pharmacy.id);
    }
    await db().update(users).set({ phoneNumber: "(212) 555-0123" }).where(eq(users.id, account.id));
    for (const statement of phoneMigration()) await env.DB.prepare(statement).run();

    const after = await Promise.all(
      ids.map(async (id) => (await db().select().from(pharmacies).where(eq(pharmacies.id, id)))[0]!.phoneNumber),
    );
    expect(after).toEqual([
      "+12125550123",
      "+12125550123",
      "+12125550123",
      "+12125550123",
      "+12125550123",
      "+12125550123",
      "555-0199",
      "020 7183 8750",
      "(012) 555-0123",
      "ext. 42",
    ]);
    const [user] = await db().select().from(users).where(eq(users.id, account.id));
    expect(user!.phoneNumber).toBe("+12125550123");
  });
});
