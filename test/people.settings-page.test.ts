import { beforeAll, describe, expect, it } from "vitest";
import { memberships, type Role } from "../src/db/schema";
import { type Account, call, db, medicationInput, signUp } from "./helpers";
import { addPerson, invite } from "./invites.support";

// The people pages: /people (the account's people, adding one) and /p/:id/people (a person's sharing
// and settings). Each role sees only what it may do: the members and invitations (with their e-mail
// addresses) only for managers and the owner, renaming for managers, deleting for the owner (never of
// one's own person), one's own settings and "Leave" for every member; a stranger gets the 404 page.

const island = (name: string) => `data-island="${name}"`;

let owner: Account;
let others: Record<Exclude<Role, "owner">, Account>;
let dadId: number;
const invited = `pending-${Date.now()}@example.com`;

beforeAll(async () => {
  const [o, manager, helper, viewer] = await Promise.all(Array.from({ length: 4 }, () => signUp()));
  owner = o!;
  others = { manager: manager!, helper: helper!, viewer: viewer! };
  dadId = await addPerson(owner);
  for (const role of ["manager", "helper", "viewer"] as const)
    await db().insert(memberships).values({ personId: dadId, userId: others[role].id, role, createdAt: Date.now() });
  const pharmacy = await call("POST", `/api/profiles/${dadId}/pharmacies`, {
    cookie: owner.cookie,
    body: { name: "Main", phoneNumber: "" },
  });
  const medication = await call("POST", `/api/profiles/${dadId}/medications`, {
    cookie: owner.cookie,
    body: medicationInput(pharmacy.body.id),
  });
  expect([pharmacy.status, medication.status]).toEqual([201, 201]);
  await invite(owner, dadId, invited, "viewer");
}, 60_000);

const page = (account: Account | undefined, id = dadId) => call("GET", `/p/${id}/people`, { cookie: account?.cookie });

describe("/p/:id/people by role", () => {
  it("the owner sees the members with role controls, the pending invitation, rename, delete with what it deletes, and no Leave", async () => {
    const res = await page(owner);
    expect(res.status).toBe(200);
    expect(res.text).toContain("<bdi>Dad</bdi>: sharing and settings");
    expect(res.text).toContain("<title>Dad: sharing and settings");
    for (const name of ["PersonMembers", "PersonMembership", "PersonManage"]) expect(res.text).toContain(island(name));
    expect(res.text).toContain(others.viewer.user.fullName!);
    expect(res.text).toContain(invited);
    expect(res.text).toContain(">Change role</button>");
    expect(res.text).toContain("Delete <bdi>Dad</bdi>");
    expect(res.text).toContain('"counts":{"medications":1,"pharmacies":1,"refills":0,"doseLogs":0}');
    expect(res.text).not.toContain(">Leave</button>");
    // The activity record, the owner's and managers' only: the medication added and the invitation sent.
    expect(res.text).toContain('<h2 id="activity-heading"');
    expect(res.text).toMatch(/invited someone as a viewer/);
  });

  it("a manager sees the members and invitations and may rename, but changes no role, deletes nothing and may leave", async () => {
    const res = await page(others.manager);
    expect(res.status).toBe(200);
    expect(res.text).toContain(island("PersonMembers"));
    expect(res.text).toContain(invited);
    expect(res.text).toContain(island("PersonManage"));
    expect(res.text).toContain(">Rename</button>");
    expect(res.text).not.toContain(">Change role</button>");
    expect(res.text).not.toContain("Delete <bdi>Dad</bdi>");
    expect(res.text).toContain('"mayDelete":false');
    expect(res.text).toContain(">Leave</button>");
  });

  it.each(["helper", "viewer"] as const)("a %s sees only their own settings and Leave: no member, no address, no rename", async (role) => {
    const res = await page(others[role]);
    expect(res.status).toBe(200);
    expect(res.text).toContain("<bdi>Dad</bdi>: sharing and settings");
    expect(res.text).toContain(island("PersonMembership"));
    expect(res.text).toContain("Remind me about <bdi>Dad</bdi>");
    expect(res.text).toContain(">Leave</button>");
    expect(res.text).not.toContain(island("PersonMembers"));
    expect(res.text).not.toContain(island("PersonManage"));
    expect(res.text).not.toContain(invited);
    expect(res.text).not.toContain('id="activity-heading"');
    const otherRole = role === "helper" ? "viewer" : "helper";
    expect(res.text).not.toContain(others[otherRole].user.fullName!);
    expect(res.text).not.toContain(owner.user.fullName!);
  });

  it("a stranger and a removed member get the 404 page; signed out goes to sign in", async () => {
    const stranger = await signUp();
    const removed = await signUp();
    await db().insert(memberships).values({ personId: dadId, userId: removed.id, role: "helper", createdAt: Date.now() });
    expect((await page(removed)).status).toBe(200);
    expect((await call("DELETE", `/api/profiles/${dadId}/members/${removed.id}`, { cookie: owner.cookie })).status).toBe(204);
    for (const account of [stranger, removed]) {
      const res = await page(account);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain("Dad");
    }
    expect((await page(stranger, 999_999_999)).status).toBe(404);
    expect((await call("GET", "/p/not-a-number/people", { cookie: stranger.cookie })).status).toBe(404);
    const signedOut = await page(undefined);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toContain("/auth");
  });

  it("one's own person: the owner may rename it but never delete it", async () => {
    const account = await signUp();
    const [own] = (await call("GET", "/api/profiles", { cookie: account.cookie })).body;
    const res = await page(account, own.id);
    expect(res.status).toBe(200);
    expect(res.text).toContain(">Rename</button>");
    expect(res.text).toContain('"mayDelete":false');
    expect(res.text).not.toContain(">Leave</button>");
  });
});

describe("/people", () => {
  it("lists the account's own person first and every person it belongs to with its role, each linked to its page", async () => {
    const res = await call("GET", "/people", { cookie: others.helper.cookie });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(
      new RegExp(`You · Owner</span></li><li[^>]*><a href="/p/${dadId}/people"[^>]*><bdi>Dad</bdi></a><span[^>]*>Helper<`),
    );
    expect(res.text).toContain(island("AddPerson"));
  });

  it("a stranger's list does not name someone else's person", async () => {
    const stranger = await signUp();
    const res = await call("GET", "/people", { cookie: stranger.cookie });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(`/p/${dadId}/people`);
  });

  it("is in the reader's language", async () => {
    const res = await call("GET", `/p/${dadId}/people`, { cookie: others.viewer.cookie, headers: { "Accept-Language": "de" } });
    expect(res.status).toBe(200);
    expect(res.text).toContain("<bdi>Dad</bdi>: Freigabe und Einstellungen");
    expect(res.text).toContain(">Verlassen</button>");
  });
});
