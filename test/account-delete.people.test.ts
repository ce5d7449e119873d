import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { medications, memberships, people, pharmacies } from "../src/db/schema";
import { call, db, signUp } from "./helpers";
import { join, personWithData, rowsOf } from "./people-data.support";

// Deleting an account: the people it owns go with it, except one with a manager, which passes to
// the longest-standing manager; its memberships elsewhere end; the dialog says which is which.

const erase = (account: { cookie: string; password: string }) =>
  call("DELETE", "/api/user", { cookie: account.cookie, body: { currentPassword: account.password } });

/** The visible text of a page (tags dropped, spaces collapsed, bidi isolates as they are). */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

describe("account deletion: the people it owns", () => {
  it("hand-over: a person with managers passes to the longest-standing manager, with everything of theirs", async () => {
    // Carl signs up first (lower account id) but became a manager later: the earliest membership wins.
    const carl = await signUp({ fullName: "Carl Mendes" });
    const ana = await signUp({ fullName: "Ana Lima" });
    const helper = await signUp({ fullName: "Hal Helper" });
    const owner = await signUp({ fullName: "Olga Owner" });
    const dad = await personWithData(owner, "Dad");
    // Someone else's person with a manager of longer standing than any of Dad's: the heir is chosen
    // among Dad's own managers, never across the table.
    const stranger = await signUp();
    const gran = await personWithData(stranger, "Gran");
    await join(gran.id, helper, "manager", 500);
    await join(dad.id, helper, "helper", 1_000);
    await join(dad.id, carl, "manager", 3_000);
    await join(dad.id, ana, "manager", 2_000);
    const before = await rowsOf(dad.id);

    const erased = await erase(owner);
    expect(erased.status, erased.text).toBe(200);

    const after = await rowsOf(dad.id);
    expect(after.people).toEqual(before.people);
    expect(after.pharmacies).toEqual(before.pharmacies.map((row) => ({ ...row, userId: ana.id })));
    expect(after.medications).toEqual(before.medications.map((row) => ({ ...row, userId: ana.id })));
    expect(after.supplyEvents).toEqual(before.supplyEvents);
    expect(after.doseEvents).toEqual(before.doseEvents);
    // The leaving account's invitations and its own reminder log go with it.
    expect(after.invites).toEqual([]);
    expect(after.notifications).toEqual([]);
    const roles = Object.fromEntries(after.memberships.map((row) => [row.userId, row.role]));
    expect(roles).toEqual({ [ana.id]: "owner", [carl.id]: "manager", [helper.id]: "helper" });
    // The new owner acts as one: reads the medications and may delete the person.
    const list = await call<{ name: string }[]>("GET", `/api/profiles/${dad.id}/medications`, { cookie: ana.cookie });
    expect(list.body.map((row) => row.name)).toEqual(["Dad's Warfarin"]);
    const profiles = await call<{ id: number; role: string }[]>("GET", "/api/profiles", { cookie: ana.cookie });
    expect(profiles.body.find((row) => row.id === dad.id)?.role).toBe("owner");
    // Gran's members are untouched.
    expect(Object.fromEntries((await rowsOf(gran.id)).memberships.map((row) => [row.userId, row.role]))).toEqual({
      [stranger.id]: "owner",
      [helper.id]: "manager",
    });
  });

  it("no manager: the person is deleted with everything (every table), helpers and viewers lose it", async () => {
    const viewer = await signUp();
    const helper = await signUp();
    const owner = await signUp();
    const mum = await personWithData(owner, "Mum");
    await join(mum.id, viewer, "viewer", 1_000);
    await join(mum.id, helper, "helper", 2_000);
    const erased = await erase(owner);
    expect(erased.status, erased.text).toBe(200);
    const after = await rowsOf(mum.id);
    for (const [table, rows] of Object.entries(after)) expect(rows, table).toEqual([]);
    // Nothing by medication or pharmacy id either (rowsOf finds those through the person).
    expect(await db().select().from(medications).where(eq(medications.id, mum.medicationId))).toEqual([]);
    expect(await db().select().from(pharmacies).where(eq(pharmacies.id, mum.pharmacyId))).toEqual([]);
    expect((await call("GET", `/api/profiles/${mum.id}/medications`, { cookie: helper.cookie })).status).toBe(404);
  });

  it("its memberships of people others own end; those people keep everything", async () => {
    const other = await signUp();
    const leaving = await signUp();
    const gran = await personWithData(other, "Gran");
    await join(gran.id, leaving, "manager", 1_000);
    const before = await rowsOf(gran.id);
    expect((await erase(leaving)).status).toBe(200);
    const after = await rowsOf(gran.id);
    expect(after).toEqual({ ...before, memberships: before.memberships.filter((row) => row.userId !== leaving.id) });
    expect(after.memberships.map((row) => row.userId)).toEqual([other.id]);
    expect(await db().select().from(memberships).where(eq(memberships.userId, leaving.id))).toEqual([]);
    expect(await db().select().from(people).where(eq(people.accountUserId, leaving.id))).toEqual([]);
  });

  it("the dialog says which people will be deleted and which pass to whom", async () => {
    const ana = await signUp({ fullName: "Ana Lima" });
    const owner = await signUp();
    const dad = await personWithData(owner, "Dad");
    await personWithData(owner, "Mum");
    await join(dad.id, ana, "manager", 1_000);
    const page = await call("GET", "/profile", { cookie: owner.cookie });
    expect(page.status).toBe(200);
    const text = textOf(page.text);
    expect(text).toContain("Dad will pass to Ana Lima, who manages them.");
    expect(text).toContain("Mum will be deleted with all their medications and records.");
  });
});
