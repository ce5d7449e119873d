import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { supplyEvents } from "../src/db/schema";
import { accountWithMedication, ageCount, call, db, storedRow } from "./helpers";

// Medications added before the history existed get a 'created' event from migration 0004: their
// stored count on the date it was counted, which is also the earliest day a refill can be back-dated to.

const backfill = () => {
  const migration = (env.TEST_MIGRATIONS as Array<{ name: string; queries: string[] }>).find((m) => m.name.startsWith("0004_"));
  const statement = migration?.queries.find((q) => q.includes("INSERT INTO `supply_events`"));
  if (!statement) throw new Error("migration 0004 has no backfill statement");
  return statement;
};

describe("migration 0004: a 'created' event for existing medications", () => {
  it("records the stored count at counted_on, and back-dating stops there", async () => {
    const { account, medication } = await accountWithMedication({ pillsPerDay: 1, pillsRemaining: 25 });
    await ageCount(medication.id, 5);
    // As it was before the migration: no history at all.
    await db().delete(supplyEvents).where(eq(supplyEvents.medicationId, medication.id));
    await env.DB.prepare(backfill()).run();
    const row = await storedRow(medication.id);
    const events = await db().select().from(supplyEvents).where(eq(supplyEvents.medicationId, medication.id));
    expect(events).toEqual([
      expect.objectContaining({ kind: "created", localDate: row.countedOn, countedOn: row.countedOn, pillsAfter: 25, pillsBefore: null }),
    ]);
    expect(events[0]!.recordedAt).toBeGreaterThan(Date.now() - 60_000);

    const history = await call("GET", `/api/medications/${medication.id}/history`, { cookie: account.cookie });
    expect(history.body.map((e: { kind: string }) => e.kind)).toEqual(["created"]);
    const tooEarly = await call("POST", "/api/medications/refill", {
      cookie: account.cookie,
      body: { medicationId: medication.id, pillsToAdd: 30, refilledOn: "2020-01-01" },
    });
    expect(tooEarly.status).toBe(400);
    const onTheDay = await call("POST", "/api/medications/refill", {
      cookie: account.cookie,
      body: { medicationId: medication.id, pillsToAdd: 30, refilledOn: row.countedOn },
    });
    expect([onTheDay.status, onTheDay.body.pillsRemaining]).toEqual([200, 50]);
  });

  it("an undo needs no body", async () => {
    const { account, medication } = await accountWithMedication();
    await call("POST", "/api/medications/refill", { cookie: account.cookie, body: { medicationId: medication.id, pillsToAdd: 30 } });
    const res = await call("POST", `/api/medications/${medication.id}/undo-refill`, { cookie: account.cookie });
    expect(res.status, res.text).toBe(200);
  });
});
