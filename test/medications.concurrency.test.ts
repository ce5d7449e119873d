import { describe, expect, it } from "vitest";
import { todayIn } from "../src/domain/countdown";
import { accountWithMedication, ageCount, call, storedRow } from "./helpers";

// A refill is one UPDATE computed in SQL: requests sent at once must each add their pills. A
// read-modify-write in JS would lose all but one of them.
describe("medications: concurrent refills", () => {
  it("ten refills sent at once add ten refills", async () => {
    const { account, medication } = await accountWithMedication({ pillsPerDay: 1, pillsRemaining: 5 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call("POST", "/api/medications/refill", { cookie: account.cookie, body: { medicationId: medication.id, pillsToAdd: 30 } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    // Each answer saw a different state: the counts form 35, 65, …, 305 in some order.
    expect(answers.map((a) => a.body.pillsRemaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => 5 + 30 * (i + 1)));
    const res = await call("GET", `/api/medications/${medication.id}`, { cookie: account.cookie });
    expect(res.body.pillsRemaining).toBe(305);
  });

  it("concurrent refills of an aged count apply the countdown once, then add every refill", async () => {
    const { account, medication } = await accountWithMedication({ pillsPerDay: 2, pillsRemaining: 20 });
    await ageCount(medication.id, 3); // 14 pills today
    await Promise.all(
      Array.from({ length: 10 }, () =>
        call("POST", "/api/medications/refill", { cookie: account.cookie, body: { medicationId: medication.id, pillsToAdd: 10 } }),
      ),
    );
    const row = await storedRow(medication.id);
    expect(row.pillsRemaining).toBe(114);
    expect(row.countedOn).toBe(todayIn("UTC"));
  });
});
