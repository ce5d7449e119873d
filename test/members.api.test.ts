import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { changeRole, removeMember } from "../src/data/members";
import { memberships, users, type Role } from "../src/db/schema";
import { MISSED_DOSE_AFTER_MAX, MISSED_DOSE_AFTER_MIN } from "../src/domain/limits";
import { type Account, call, db, medicationInput, signUp } from "./helpers";

// The members of a person and each member's own settings: GET /api/profiles/:id/members (owner and
// managers), PATCH …/members/:userId { role } (the owner; never the owner's own role), DELETE
// …/members/:userId (the owner; a manager for helpers and viewers; anyone for themselves; never the
// owner), GET/PATCH …/membership (one's own, any role). Memberships are written directly, as
// test/profiles.access.test.ts does: invites are another route's.

type Team = Record<"owner" | "manager" | "manager2" | "helper" | "viewer" | "stranger", Account> & { dadId: number };

/** Dad, owned by `owner`, with a member for each role (manager2: a second manager). */
async function team(): Promise<Team> {
  const [owner, manager, manager2, helper, viewer, stranger] = await Promise.all([
    signUp(),
    signUp(),
    signUp(),
    signUp(),
    signUp(),
    signUp(),
  ]);
  const dad = await call("POST", "/api/profiles", { cookie: owner!.cookie, body: { name: "Dad" } });
  expect(dad.status, dad.text).toBe(201);
  const dadId = dad.body.id as number;
  const members: Array<[Account, Role]> = [
    [manager!, "manager"],
    [manager2!, "manager"],
    [helper!, "helper"],
    [viewer!, "viewer"],
  ];
  // Joined one second apart, in this order: `since` orders members within a role.
  const start = Date.now();
  for (const [i, [account, role]] of members.entries())
    await db()
      .insert(memberships)
      .values({ personId: dadId, userId: account.id, role, createdAt: start + i * 1000 });
  return { owner: owner!, manager: manager!, manager2: manager2!, helper: helper!, viewer: viewer!, stranger: stranger!, dadId };
}

const at = (t: Team, path: string) => `/api/profiles/${t.dadId}${path}`;
const roleOf = async (personId: number, userId: number) =>
  (
    await db()
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.personId, personId), eq(memberships.userId, userId)))
  )[0]?.role;

describe("GET /api/profiles/:id/members", () => {
  it("lists each member (name, role, self, since) for the owner and managers: the owner first, then by role and seniority", async () => {
    const t = await team();
    // An account without a full name is named by its username.
    await db().update(users).set({ fullName: null }).where(eq(users.id, t.helper.id));
    const res = await call("GET", at(t, "/members"), { cookie: t.manager.cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([
      { userId: t.owner.id, name: t.owner.user.fullName, role: "owner", self: false, since: expect.any(Number) },
      { userId: t.manager.id, name: t.manager.user.fullName, role: "manager", self: true, since: expect.any(Number) },
      { userId: t.manager2.id, name: t.manager2.user.fullName, role: "manager", self: false, since: expect.any(Number) },
      { userId: t.helper.id, name: t.helper.username, role: "helper", self: false, since: expect.any(Number) },
      { userId: t.viewer.id, name: t.viewer.user.fullName, role: "viewer", self: false, since: expect.any(Number) },
    ]);
    // Never an address.
    expect(res.text).not.toContain("@example.com");
    const mine = await call("GET", at(t, "/members"), { cookie: t.owner.cookie });
    expect(mine.body.map((m: { self: boolean }) => m.self)).toEqual([true, false, false, false, false]);
  });

  it("refuses helpers and viewers (403, in the request's language) and hides the person from a stranger (404)", async () => {
    const t = await team();
    for (const who of [t.helper, t.viewer]) {
      const res = await call("GET", at(t, "/members"), { cookie: who.cookie, headers: { "Accept-Language": "de" } });
      expect([res.status, res.body]).toEqual([
        403,
        { message: "Ihre Rolle für diese Person erlaubt das nicht.", code: "error_profile_forbidden" },
      ]);
    }
    const stranger = await call("GET", at(t, "/members"), { cookie: t.stranger.cookie });
    expect([stranger.status, stranger.body.code]).toEqual([404, "error_profile_not_found"]);
  });
});

describe("PATCH /api/profiles/:id/members/:userId { role }", () => {
  it("the owner gives a member another role, which the member's next request already has", async () => {
    const t = await team();
    const res = await call("PATCH", at(t, `/members/${t.viewer.id}`), { cookie: t.owner.cookie, body: { role: "manager" } });
    expect([res.status, res.body]).toEqual([
      200,
      { userId: t.viewer.id, name: t.viewer.user.fullName, role: "manager", self: false, since: expect.any(Number) },
    ]);
    expect((await call("GET", at(t, "/members"), { cookie: t.viewer.cookie })).status).toBe(200);
    const down = await call("PATCH", at(t, `/members/${t.manager.id}`), { cookie: t.owner.cookie, body: { role: "viewer" } });
    expect(down.status).toBe(200);
    expect((await call("GET", at(t, "/members"), { cookie: t.manager.cookie })).status).toBe(403);
  });

  it("only the owner changes roles: a manager, helper or viewer gets 403 and nothing changes", async () => {
    const t = await team();
    for (const who of [t.manager, t.helper, t.viewer]) {
      const res = await call("PATCH", at(t, `/members/${t.viewer.id}`), { cookie: who.cookie, body: { role: "manager" } });
      expect([res.status, res.body]).toEqual([
        403,
        { message: "Only the person's owner can change a member's role.", code: "error_member_role_owner_only" },
      ]);
    }
    const self = await call("PATCH", at(t, `/members/${t.manager.id}`), { cookie: t.manager.cookie, body: { role: "viewer" } });
    expect([self.status, self.body.code]).toEqual([403, "error_member_role_owner_only"]);
    expect(await roleOf(t.dadId, t.viewer.id)).toBe("viewer");
    expect(await roleOf(t.dadId, t.manager.id)).toBe("manager");
  });

  it("never changes the owner's role, and never gives 'owner' or an unknown role (400 at the field)", async () => {
    const t = await team();
    const own = await call("PATCH", at(t, `/members/${t.owner.id}`), { cookie: t.owner.cookie, body: { role: "viewer" } });
    expect([own.status, own.body]).toEqual([
      403,
      { message: "The owner's role cannot be changed.", code: "error_member_owner_role_fixed" },
    ]);
    expect(await roleOf(t.dadId, t.owner.id)).toBe("owner");
    for (const body of [{ role: "owner" }, { role: "boss" }, {}, { role: 2 }]) {
      const res = await call("PATCH", at(t, `/members/${t.helper.id}`), { cookie: t.owner.cookie, body });
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, "field_member_role_invalid"]);
    }
    const french = await call("PATCH", at(t, `/members/${t.helper.id}`), {
      cookie: t.owner.cookie,
      body: { role: "owner" },
      headers: { "Accept-Language": "fr" },
    });
    expect(french.body.message).toBe("Le rôle doit être lecteur, aidant ou gestionnaire.");
    expect(await roleOf(t.dadId, t.helper.id)).toBe("helper");
  });

  it("an account that is not a member, or a malformed id, is no member (404)", async () => {
    const t = await team();
    for (const id of [String(t.stranger.id), "999999999", "abc", "0", "01"]) {
      const res = await call("PATCH", at(t, `/members/${id}`), { cookie: t.owner.cookie, body: { role: "viewer" } });
      expect([res.status, res.body], id).toEqual([404, { message: "That member was not found.", code: "error_member_not_found" }]);
    }
    // A stranger asking learns nothing of the person.
    const stranger = await call("PATCH", at(t, `/members/${t.viewer.id}`), { cookie: t.stranger.cookie, body: { role: "viewer" } });
    expect([stranger.status, stranger.body.code]).toEqual([404, "error_profile_not_found"]);
  });
});

describe("DELETE /api/profiles/:id/members/:userId", () => {
  it("a member the owner removes is refused at their very next request for that person (404), and no longer lists the person", async () => {
    const t = await team();
    const pharmacy = await call("POST", at(t, "/pharmacies"), { cookie: t.owner.cookie, body: { name: "Main", phoneNumber: "" } });
    await call("POST", at(t, "/medications"), { cookie: t.owner.cookie, body: medicationInput(pharmacy.body.id) });
    expect((await call("GET", at(t, "/medications"), { cookie: t.helper.cookie })).status).toBe(200);
    const removed = await call("DELETE", at(t, `/members/${t.helper.id}`), { cookie: t.owner.cookie });
    expect(removed.status, removed.text).toBe(204);
    // The membership is read with the session in the request's one batch: no cache to outlive it.
    for (const [method, path, body] of [
      ["GET", "/medications", undefined],
      ["POST", "/doses", { doses: [] }],
      ["GET", "/membership", undefined],
    ] as const) {
      const next = await call(method, at(t, path), { cookie: t.helper.cookie, body });
      expect([next.status, next.body.code], path).toEqual([404, "error_profile_not_found"]);
    }
    const people = (await call("GET", "/api/profiles", { cookie: t.helper.cookie })).body;
    expect(people.map((p: { id: number }) => p.id)).not.toContain(t.dadId);
    // Gone once: removing again is no member.
    const again = await call("DELETE", at(t, `/members/${t.helper.id}`), { cookie: t.owner.cookie });
    expect([again.status, again.body.code]).toEqual([404, "error_member_not_found"]);
  });

  it("the owner removes a manager; a manager removes helpers and viewers but not another manager nor the owner (403)", async () => {
    const t = await team();
    const other = await call("DELETE", at(t, `/members/${t.manager2.id}`), { cookie: t.manager.cookie });
    expect([other.status, other.body]).toEqual([
      403,
      { message: "Only the person's owner can remove a manager.", code: "error_member_manager_not_removable" },
    ]);
    const owner = await call("DELETE", at(t, `/members/${t.owner.id}`), { cookie: t.manager.cookie });
    expect([owner.status, owner.body]).toEqual([
      403,
      { message: "The person's owner cannot be removed.", code: "error_member_owner_not_removable" },
    ]);
    expect([await roleOf(t.dadId, t.manager2.id), await roleOf(t.dadId, t.owner.id)]).toEqual(["manager", "owner"]);
    expect((await call("DELETE", at(t, `/members/${t.viewer.id}`), { cookie: t.manager.cookie })).status).toBe(204);
    expect((await call("DELETE", at(t, `/members/${t.helper.id}`), { cookie: t.manager.cookie })).status).toBe(204);
    expect((await call("DELETE", at(t, `/members/${t.manager2.id}`), { cookie: t.owner.cookie })).status).toBe(204);
    expect([await roleOf(t.dadId, t.viewer.id), await roleOf(t.dadId, t.helper.id), await roleOf(t.dadId, t.manager2.id)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("helpers and viewers remove nobody else (403); anyone leaves by themselves, except the owner", async () => {
    const t = await team();
    for (const [who, target] of [
      [t.helper, t.viewer],
      [t.viewer, t.helper],
    ] as const) {
      const res = await call("DELETE", at(t, `/members/${target.id}`), { cookie: who.cookie });
      expect([res.status, res.body.code]).toEqual([403, "error_profile_forbidden"]);
    }
    for (const who of [t.viewer, t.helper, t.manager]) {
      const left = await call("DELETE", at(t, `/members/${who.id}`), { cookie: who.cookie });
      expect(left.status, left.text).toBe(204);
      expect((await call("GET", at(t, "/pharmacies"), { cookie: who.cookie })).status).toBe(404);
    }
    const owner = await call("DELETE", at(t, `/members/${t.owner.id}`), { cookie: t.owner.cookie, headers: { "Accept-Language": "es" } });
    expect([owner.status, owner.body]).toEqual([
      403,
      { message: "El propietario de la persona no se puede quitar.", code: "error_member_owner_not_removable" },
    ]);
    const stranger = await call("DELETE", at(t, `/members/${t.stranger.id}`), { cookie: t.stranger.cookie });
    expect([stranger.status, stranger.body.code]).toEqual([404, "error_profile_not_found"]);
  });

  it("the writes themselves hold the rules against the roles stored at that moment, not the session's read", async () => {
    const t = await team();
    // A manager demoted to helper after the guard read 'manager': the statement refuses.
    await db()
      .update(memberships)
      .set({ role: "helper" })
      .where(and(eq(memberships.personId, t.dadId), eq(memberships.userId, t.manager.id)));
    expect(await removeMember(db(), t.dadId, t.viewer.id, t.manager.id)).toBe("above the actor");
    expect(await roleOf(t.dadId, t.viewer.id)).toBe("viewer");
    expect(await removeMember(db(), t.dadId, t.viewer.id, t.stranger.id)).toBe("above the actor");
    expect(await removeMember(db(), t.dadId, t.owner.id, t.owner.id)).toBe("owner");
    // A role change asked by an account that no longer owns the person changes nothing.
    expect(await changeRole(db(), t.dadId, t.viewer.id, t.manager2.id, "manager")).toBe("not the owner");
    expect(await roleOf(t.dadId, t.viewer.id)).toBe("viewer");
  });
});

describe("GET/PATCH /api/profiles/:id/membership: each member's own settings", () => {
  it("any role reads and changes its own settings; another member's stay as they were", async () => {
    const t = await team();
    const fresh = await call("GET", at(t, "/membership"), { cookie: t.viewer.cookie });
    expect([fresh.status, fresh.body]).toEqual([
      200,
      { role: "viewer", remindMe: false, missedDoseAlerts: false, missedDoseAfterMinutes: 60 },
    ]);
    const saved = await call("PATCH", at(t, "/membership"), {
      cookie: t.viewer.cookie,
      body: { remindMe: true, missedDoseAlerts: true, missedDoseAfterMinutes: MISSED_DOSE_AFTER_MAX },
    });
    expect([saved.status, saved.body]).toEqual([
      200,
      { role: "viewer", remindMe: true, missedDoseAlerts: true, missedDoseAfterMinutes: 240 },
    ]);
    // Left out: unchanged.
    const partial = await call("PATCH", at(t, "/membership"), {
      cookie: t.viewer.cookie,
      body: { missedDoseAfterMinutes: MISSED_DOSE_AFTER_MIN },
    });
    expect(partial.body).toEqual({ role: "viewer", remindMe: true, missedDoseAlerts: true, missedDoseAfterMinutes: 30 });
    expect((await call("GET", at(t, "/membership"), { cookie: t.viewer.cookie })).body).toEqual(partial.body);
    for (const who of [t.owner, t.manager, t.helper]) {
      const theirs = await call("GET", at(t, "/membership"), { cookie: who.cookie });
      expect([theirs.status, theirs.body.remindMe, theirs.body.missedDoseAlerts, theirs.body.missedDoseAfterMinutes]).toEqual([
        200,
        false,
        false,
        60,
      ]);
      expect((await call("PATCH", at(t, "/membership"), { cookie: who.cookie, body: { remindMe: true } })).body.remindMe).toBe(true);
    }
    const stranger = await call("PATCH", at(t, "/membership"), { cookie: t.stranger.cookie, body: { remindMe: true } });
    expect([stranger.status, stranger.body.code]).toEqual([404, "error_profile_not_found"]);
  });

  it(`refuses minutes outside ${MISSED_DOSE_AFTER_MIN}–${MISSED_DOSE_AFTER_MAX} or not whole, and non-booleans, at the field; nothing saved`, async () => {
    const t = await team();
    for (const minutes of [MISSED_DOSE_AFTER_MIN - 1, MISSED_DOSE_AFTER_MAX + 1, 60.5, "60", null]) {
      const res = await call("PATCH", at(t, "/membership"), {
        cookie: t.helper.cookie,
        body: { remindMe: true, missedDoseAfterMinutes: minutes },
      });
      expect([res.status, res.body], JSON.stringify(minutes)).toEqual([
        400,
        { message: "A missed-dose alert must come 30 to 240 minutes after the dose's time.", code: "field_missed_dose_after_range" },
      ]);
    }
    const hindi = await call("PATCH", at(t, "/membership"), {
      cookie: t.helper.cookie,
      body: { missedDoseAfterMinutes: 10 },
      headers: { "Accept-Language": "hi" },
    });
    expect(hindi.body.message).toBe("छूटी खुराक की चेतावनी खुराक के समय के 30 से 240 मिनट बाद आनी चाहिए।");
    for (const [body, code] of [
      [{ remindMe: "yes" }, "field_remind_me_not_boolean"],
      [{ missedDoseAlerts: 1 }, "field_missed_dose_alerts_not_boolean"],
    ] as const) {
      const res = await call("PATCH", at(t, "/membership"), { cookie: t.helper.cookie, body });
      expect([res.status, res.body.code]).toEqual([400, code]);
    }
    expect((await call("GET", at(t, "/membership"), { cookie: t.helper.cookie })).body).toEqual({
      role: "helper",
      remindMe: false,
      missedDoseAlerts: false,
      missedDoseAfterMinutes: 60,
    });
  });
});
