import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashToken } from "../src/auth/session";
import { throttleKey } from "../src/auth/throttle";
import { prune } from "../src/data/prune";
import { invites, memberships, throttles, users } from "../src/db/schema";
import { call, db, openConfirmationLink, signUp, uniqueName } from "./helpers";
import { accept, addPerson, invite, inviteRows, inviteTokenFor } from "./invites.support";

// POST/GET/DELETE /api/profiles/:id/invites and POST /api/invites/accept: the whole rule list.

const DAY = 86_400_000;
const address = (prefix = "kim") => `${uniqueName(prefix)}@example.com`;

describe("sending an invitation", () => {
  it("stores only the SHA-256 of the e-mailed token, never answers it, and lasts 7 days", async () => {
    const owner = await signUp();
    const dadId = await addPerson(owner);
    const email = address();
    const res = await call("POST", `/api/profiles/${dadId}/invites`, { cookie: owner.cookie, body: { email, role: "viewer" } });
    expect(res.status, res.text).toBe(201);
    const token = await inviteTokenFor(email);
    expect(token).toMatch(/^[a-z2-7]{52}$/);
    expect(res.text).not.toContain(token);
    expect(Object.keys(res.body).sort()).toEqual(["createdAt", "email", "expiresAt", "id", "role"]);
    const [row] = await inviteRows(dadId);
    expect(row!.tokenHash).toBe(await hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expiresAt - row!.createdAt).toBe(7 * DAY);
    expect(row!.invitedBy).toBe(owner.id);
  });

  it("answers the same whether or not the address has an account (and never says which)", async () => {
    const owner = await signUp();
    const dadId = await addPerson(owner);
    const existing = await signUp({ confirmed: true });
    const known = await call("POST", `/api/profiles/${dadId}/invites`, {
      cookie: owner.cookie,
      body: { email: existing.email, role: "helper" },
    });
    const unknown = await call("POST", `/api/profiles/${dadId}/invites`, {
      cookie: owner.cookie,
      body: { email: address(), role: "helper" },
    });
    expect([known.status, unknown.status]).toEqual([201, 201]);
    const shape = (body: Record<string, unknown>) => ({ ...body, id: 0, email: "", createdAt: "", expiresAt: "" });
    expect(shape(known.body)).toEqual(shape(unknown.body));
    expect([...known.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());
  });

  it("lowercases the address; a resend to the same address replaces the pending one", async () => {
    const owner = await signUp();
    const dadId = await addPerson(owner);
    const email = address("Mixed");
    const first = await invite(owner, dadId, email.toUpperCase());
    const second = await invite(owner, dadId, email);
    expect(first).not.toBe(second);
    const pending = await call("GET", `/api/profiles/${dadId}/invites`, { cookie: owner.cookie });
    expect(pending.body.map((i: { email: string }) => i.email)).toEqual([email.toLowerCase()]);
  });

  it("refuses a role above manager (owner) or unknown with 400 at the field, in the request's language, nothing written", async () => {
    const owner = await signUp();
    const dadId = await addPerson(owner);
    for (const role of ["owner", "admin", ""]) {
      const res = await call("POST", `/api/profiles/${dadId}/invites`, {
        cookie: owner.cookie,
        body: { email: address(), role },
        headers: { "Accept-Language": "de" },
      });
      expect(res.status, role).toBe(400);
      expect(res.body.code).toBe("field_invite_role_invalid");
      expect(res.body.message).toBe("Wählen Sie eine Rolle: Verwalter, Helfer oder Betrachter.");
    }
    expect(await inviteRows(dadId)).toEqual([]);
  });

  it("role ceiling: a manager may invite up to manager; a helper or viewer may not invite at all (403)", async () => {
    const owner = await signUp();
    const dadId = await addPerson(owner);
    const [manager, helper] = [await signUp({ confirmed: true }), await signUp({ confirmed: true })];
    await accept(manager, await invite(owner, dadId, manager.email, "manager"));
    await accept(helper, await invite(owner, dadId, helper.email, "helper"));
    const asManager = await call("POST", `/api/profiles/${dadId}/invites`, {
      cookie: manager.cookie,
      body: { email: address(), role: "manager" },
    });
    expect(asManager.status, asManager.text).toBe(201);
    const asHelper = await call("POST", `/api/profiles/${dadId}/invites`, {
      cookie: helper.cookie,
      body: { email: address(), role: "viewer" },
    });
    expect([asHelper.status, asHelper.body.code]).toEqual([403, "error_profile_forbidden"]);
    const list = await call("GET", `/api/profiles/${dadId}/invites`, { cookie: helper.cookie });
    expect(list.status).toBe(403);
  });

  it("a stranger gets 404 for the person's invitations, never 403 and never a row", async () => {
    const owner = await signUp();
    const dadId = await addPerson(owner);
    const pending = (
      await call("POST", `/api/profiles/${dadId}/invites`, { cookie: owner.cookie, body: { email: address(), role: "viewer" } })
    ).body;
    const stranger = await signUp();
    for (const [method, path, body] of [
      ["GET", "/invites", undefined],
      ["POST", "/invites", { email: address(), role: "viewer" }],
      ["DELETE", `/invites/${pending.id}`, undefined],
    ] as const) {
      const res = await call(method, `/api/profiles/${dadId}${path}`, { cookie: stranger.cookie, body });
      expect([res.status, res.body.code], `${method} ${path}`).toEqual([404, "error_profile_not_found"]);
    }
    expect(await inviteRows(dadId)).toHaveLength(1);
  });

  it("at most 20 pending invitations per person: the 21st is 429 with a clear message, nothing written", async () => {
    const owner = await signUp();
    const dadId = await addPerson(owner);
    const now = Date.now();
    // Two statements of 10: D1 binds at most 100 parameters.
    for (const half of [0, 10])
      await db()
        .insert(invites)
        .values(
          Array.from({ length: 10 }, (_, j) => half + j).map((i) => ({
            personId: dadId,
            email: `pending${i}@example.com`,
            role: "viewer" as const,
            tokenHash: `hash-${dadId}-${i}-${uniqueName()}`,
            invitedBy: owner.id,
            createdAt: now - 2 * DAY,
            expiresAt: now + DAY,
          })),
        );
    const res = await call("POST", `/api/profiles/${dadId}/invites`, { cookie: owner.cookie, body: { email: address(), role: "viewer" } });
    expect([res.status, res.body.code]).toEqual([429, "error_invites_pending_limit"]);
    expect(res.body.message).toBe(
      "This person already has the most pending invitations allowed (20). Withdraw one before sending another.",
    );
    expect(await inviteRows(dadId)).toHaveLength(20);
    // Withdrawing one makes room.
    const [first] = await inviteRows(dadId);
    expect((await call("DELETE", `/api/profiles/${dadId}/invites/${first!.id}`, { cookie: owner.cookie })).status).toBe(204);
    const again = await call("POST", `/api/profiles/${dadId}/invites`, {
      cookie: owner.cookie,
      body: { email: address(), role: "viewer" },
    });
    expect(again.status, again.text).toBe(201);
  });

  it("at most 10 sent per account per day, across people: the 11th is 429; withdrawing gives nothing back", async () => {
    const owner = await signUp();
    const [dadId, momId] = [await addPerson(owner), await addPerson(owner, "Mom")];
    let lastId = 0;
    for (let i = 0; i < 10; i++) {
      const res = await call("POST", `/api/profiles/${i % 2 ? dadId : momId}/invites`, {
        cookie: owner.cookie,
        body: { email: address(), role: "viewer" },
      });
      expect(res.status, res.text).toBe(201);
      lastId = res.body.id;
    }
    const eleventh = await call("POST", `/api/profiles/${dadId}/invites`, {
      cookie: owner.cookie,
      body: { email: address(), role: "viewer" },
    });
    expect([eleventh.status, eleventh.body.code]).toEqual([429, "error_invites_daily_limit"]);
    expect(eleventh.body.message).toBe("You have sent the most invitations allowed in a day (10). Try again tomorrow.");
    expect((await call("DELETE", `/api/profiles/${dadId}/invites/${lastId}`, { cookie: owner.cookie })).status).toBe(204);
    const afterWithdraw = await call("POST", `/api/profiles/${dadId}/invites`, {
      cookie: owner.cookie,
      body: { email: address(), role: "viewer" },
    });
    expect(afterWithdraw.status).toBe(429);
    expect((await inviteRows(dadId)).length + (await inviteRows(momId)).length).toBe(10);
  });
});

describe("the daily count and the hourly prune", () => {
  it("keeps an account's invitation counter for its day (not the 15 minutes of the sign-in counters), then lets it go", async () => {
    const owner = await signUp();
    const dadId = await addPerson(owner);
    for (let i = 0; i < 10; i++)
      expect(
        (await call("POST", `/api/profiles/${dadId}/invites`, { cookie: owner.cookie, body: { email: address(), role: "viewer" } })).status,
      ).toBe(201);
    const key = throttleKey.invites(owner.id);
    const age = (ms: number) =>
      db()
        .update(throttles)
        .set({ windowStartedAt: Date.now() - ms })
        .where(eq(throttles.key, key));
    await age(60 * 60_000);
    await prune(db(), Date.now());
    expect(
      (await call("POST", `/api/profiles/${dadId}/invites`, { cookie: owner.cookie, body: { email: address(), role: "viewer" } })).status,
    ).toBe(429);
    await age(DAY + 60_000);
    await prune(db(), Date.now());
    expect(await db().select().from(throttles).where(eq(throttles.key, key))).toEqual([]);
    expect(
      (await call("POST", `/api/profiles/${dadId}/invites`, { cookie: owner.cookie, body: { email: address(), role: "viewer" } })).status,
    ).toBe(201);
  });
});

describe("accepting an invitation", () => {
  it("needs the account's CONFIRMED address: unconfirmed is 403 and does not use the invitation up", async () => {
    const owner = await signUp();
    const dadId = await addPerson(owner);
    const invitee = await signUp();
    const token = await invite(owner, dadId, invitee.email, "helper");
    const refused = await accept(invitee, token);
    expect([refused.status, refused.body.code]).toEqual([403, "error_invite_wrong_address"]);
    const [row] = await inviteRows(dadId);
    expect(row!.acceptedAt).toBeNull();
    // Another account (confirmed, another address) is refused too, and still nothing is used up.
    const other = await signUp({ confirmed: true });
    expect((await accept(other, token)).status).toBe(403);
    expect((await call("GET", "/api/profiles", { cookie: other.cookie })).body.map((p: { id: number }) => p.id)).not.toContain(dadId);
    // The right account, once it confirmed its address, joins with the invited role.
    await openConfirmationLink(invitee.email);
    const accepted = await accept(invitee, token);
    expect([accepted.status, accepted.body]).toEqual([200, { id: dadId, name: "Dad", self: false, role: "helper" }]);
    const profiles = (await call("GET", "/api/profiles", { cookie: invitee.cookie })).body;
    expect(profiles).toContainEqual({ id: dadId, name: "Dad", self: false, role: "helper" });
    expect((await call("GET", `/api/profiles/${dadId}/medications`, { cookie: invitee.cookie })).status).toBe(200);
  });

  it("compares the addresses case-insensitively, both ways", async () => {
    const owner = await signUp();
    const dadId = await addPerson(owner);
    const lower = await signUp({ confirmed: true });
    const upperName = uniqueName("Upper");
    const upper = await signUp({ confirmed: true, username: upperName, email: `${upperName.toUpperCase()}@EXAMPLE.COM` });
    const forLower = await invite(owner, dadId, lower.email.toUpperCase(), "viewer");
    const forUpper = await invite(owner, dadId, upper.email.toLowerCase(), "viewer");
    expect((await accept(lower, forLower)).status).toBe(200);
    expect((await accept(upper, forUpper)).status).toBe(200);
  });

  it("works once: a second accept (or another account) is 404, like an unknown token", async () => {
    const owner = await signUp();
    const dadId = await addPerson(owner);
    const invitee = await signUp({ confirmed: true });
    const token = await invite(owner, dadId, invitee.email, "viewer");
    expect((await accept(invitee, token)).status).toBe(200);
    const again = await accept(invitee, token);
    const unknown = await accept(invitee, "a".repeat(52));
    expect([again.status, again.body]).toEqual([404, unknown.body]);
    expect(unknown.body.code).toBe("error_invite_not_found");
    expect((await inviteRows(dadId))[0]!.acceptedAt).not.toBeNull();
  });

  it("expires after 7 days: an expired or withdrawn invitation is the same 404", async () => {
    const owner = await signUp();
    const dadId = await addPerson(owner);
    const invitee = await signUp({ confirmed: true });
    const token = await invite(owner, dadId, invitee.email, "viewer");
    await db()
      .update(invites)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(invites.tokenHash, await hashToken(token)));
    const expired = await accept(invitee, token);
    expect([expired.status, expired.body.code]).toEqual([404, "error_invite_not_found"]);
    const withdrawnToken = await invite(owner, dadId, invitee.email, "viewer");
    const [pending] = (await call("GET", `/api/profiles/${dadId}/invites`, { cookie: owner.cookie })).body;
    expect((await call("DELETE", `/api/profiles/${dadId}/invites/${pending.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect((await call("DELETE", `/api/profiles/${dadId}/invites/${pending.id}`, { cookie: owner.cookie })).status).toBe(404);
    expect((await accept(invitee, withdrawnToken)).body).toEqual(expired.body);
    const rows = await db().select().from(memberships).where(eq(memberships.personId, dadId));
    expect(rows.map((r) => r.userId)).toEqual([owner.id]);
  });

  it("a member already there keeps a higher role; an owner stays owner", async () => {
    const owner = await signUp({ confirmed: true });
    const dadId = await addPerson(owner);
    const manager = await signUp({ confirmed: true });
    await accept(manager, await invite(owner, dadId, manager.email, "manager"));
    expect((await accept(manager, await invite(owner, dadId, manager.email, "viewer"))).body.role).toBe("manager");
    expect((await accept(owner, await invite(owner, dadId, owner.email, "viewer"))).body.role).toBe("owner");
  });

  it("is signed-in only (401), and the token is never in the database", async () => {
    const owner = await signUp();
    const dadId = await addPerson(owner);
    const email = address();
    const token = await invite(owner, dadId, email);
    const res = await call("POST", "/api/invites/accept", { body: { token } });
    expect(res.status).toBe(401);
    const stored = await db().select().from(invites).where(eq(invites.email, email));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await db().select({ id: users.id }).from(users).where(eq(users.email, email))).length).toBe(0);
  });
});
