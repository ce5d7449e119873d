import { describe, expect, it } from "vitest";
import { invites } from "../src/db/schema";
import { call, createMedication, db, signUp } from "./helpers";
import { join, personWithData } from "./people-data.support";

// The data export holds the account, its own person and the people it owns with what is theirs
// (medications, pharmacies, refills, dose logs, members by name and role, pending invitations), and
// nothing of people others own, even those the account manages.

interface Exported {
  people: Array<{ id: number; name: string; self: number }>;
  members: Array<Record<string, unknown>>;
  pendingInvites: Array<{ personId: number; email: string | null; role: string }>;
  membershipsElsewhere: Array<{ personId: number; role: string }>;
  pharmacies: Array<{ personId: number; name: string }>;
  medications: Array<{ id: number; personId: number; name: string }>;
  refillHistory: Array<{ medicationId: number }>;
  doseLog: Array<{ medicationId: number }>;
}

describe("export: the people the account owns", () => {
  it("holds its own person and the people it owns with their data, members and invitations, and nothing of people others own", async () => {
    const ana = await signUp({ fullName: "Ana Lima" });
    const stranger = await signUp({ fullName: "Stella Stranger" });
    const account = await signUp({ fullName: "Olga Owner" });
    const own = await createMedication(account, { name: "Olga's Statin" });
    const dad = await personWithData(account, "Dad");
    await join(dad.id, ana, "manager", 1_000);
    // An invitation Ana (a manager) typed: its address is hers, not the account's.
    await db()
      .insert(invites)
      .values({
        personId: dad.id,
        email: "typed-by-ana@example.com",
        role: "helper",
        tokenHash: `ana-${Date.now()}`,
        invitedBy: ana.id,
        createdAt: Date.now(),
        expiresAt: Date.now() + 86_400_000,
      });
    // Gran is the stranger's; the account manages her.
    const gran = await personWithData(stranger, "Gran");
    await join(gran.id, account, "manager", 2_000);

    const res = await call<Exported>("GET", "/api/user/export", { cookie: account.cookie });
    expect(res.status, res.text).toBe(200);
    const data = res.body;
    expect(data.people.map((row) => [row.name, Boolean(row.self)])).toEqual([
      ["Olga Owner", true],
      ["Dad", false],
    ]);
    expect(data.medications.map((row) => row.name).sort()).toEqual(["Dad's Warfarin", "Olga's Statin"]);
    expect(data.pharmacies.map((row) => row.personId)).toContain(dad.id);
    expect(data.refillHistory.map((row) => row.medicationId)).toEqual(expect.arrayContaining([own.id, dad.medicationId]));
    expect(data.doseLog.map((row) => row.medicationId)).toEqual([dad.medicationId]);
    expect(data.members.filter((row) => row.personId === dad.id)).toEqual([
      { personId: dad.id, name: "Ana Lima", role: "manager", since: 1_000 },
      { personId: dad.id, name: "Olga Owner", role: "owner", since: expect.any(Number) },
    ]);
    // Another account's address never: neither Ana's own nor the one she typed.
    expect(res.text).not.toContain(ana.email);
    expect(res.text).not.toContain("typed-by-ana@example.com");
    const dadInvites = data.pendingInvites.filter((row) => row.personId === dad.id);
    expect(dadInvites.map((row) => [row.role, row.email === null])).toEqual([
      ["viewer", false],
      ["helper", true],
    ]);
    expect(dadInvites[0]!.email).toMatch(/^invitee/);
    // Gran's data is the stranger's: only the account's own membership of her is there.
    expect(res.text).not.toContain("Gran");
    expect(res.text).not.toContain(stranger.email);
    expect(data.medications.some((row) => row.id === gran.medicationId)).toBe(false);
    expect(data.membershipsElsewhere).toEqual([expect.objectContaining({ personId: gran.id, role: "manager" })]);
  });
});
