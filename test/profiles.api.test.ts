import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { medications, memberships, people } from "../src/db/schema";
import { MAX_PEOPLE, PERSON_NAME_MAX } from "../src/domain/limits";
import { call, db, medicationInput, signUp } from "./helpers";

// GET/POST /api/profiles, PATCH/DELETE /api/profiles/:id: the people one account cares for.

describe("profiles: the account's people", () => {
  it("lists the account's own person first (self, owner), then the people it adds", async () => {
    const account = await signUp({ fullName: "Ana Lima" });
    const added = await call("POST", "/api/profiles", { cookie: account.cookie, body: { name: "  Dad " } });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toEqual({ id: expect.any(Number), name: "Dad", self: false, role: "owner" });
    const list = await call("GET", "/api/profiles", { cookie: account.cookie });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      { id: expect.any(Number), name: "Ana Lima", self: true, role: "owner" },
      { id: added.body.id, name: "Dad", self: false, role: "owner" },
    ]);
    // Another account sees none of them.
    const stranger = await signUp();
    expect((await call("GET", "/api/profiles", { cookie: stranger.cookie })).body).toEqual([expect.objectContaining({ self: true })]);
  });

  it("refuses an empty, too long or control-character name with a readable 400, in the request's language", async () => {
    const account = await signUp();
    for (const name of ["", "   ", "x".repeat(PERSON_NAME_MAX + 1), "Dad\nX", 7]) {
      const res = await call("POST", "/api/profiles", { cookie: account.cookie, body: { name } });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const french = await call("POST", "/api/profiles", {
      cookie: account.cookie,
      body: { name: "" },
      headers: { "Accept-Language": "fr" },
    });
    expect(french.body).toEqual({ message: "Le nom de la personne est obligatoire", code: "field_person_name_required" });
    expect((await call("GET", "/api/profiles", { cookie: account.cookie })).body).toHaveLength(1);
  });

  it(`an account owns at most ${MAX_PEOPLE} people, its own included: 409 beyond, nothing written`, async () => {
    const account = await signUp();
    for (let i = 1; i < MAX_PEOPLE; i++)
      expect((await call("POST", "/api/profiles", { cookie: account.cookie, body: { name: `Person ${i}` } })).status).toBe(201);
    const over = await call("POST", "/api/profiles", { cookie: account.cookie, body: { name: "One too many" } });
    expect(over.status).toBe(409);
    expect(over.body).toEqual({ message: `You can add up to ${MAX_PEOPLE} people.`, code: "error_too_many_profiles" });
    expect((await call("GET", "/api/profiles", { cookie: account.cookie })).body).toHaveLength(MAX_PEOPLE);
    expect(await db().select().from(people).where(eq(people.name, "One too many"))).toEqual([]);
  });

  it("renames a person and its own person; 400 for a bad name", async () => {
    const account = await signUp();
    const dad = (await call("POST", "/api/profiles", { cookie: account.cookie, body: { name: "Dad" } })).body;
    const renamed = await call("PATCH", `/api/profiles/${dad.id}`, { cookie: account.cookie, body: { name: "Papa" } });
    expect([renamed.status, renamed.body]).toEqual([200, { id: dad.id, name: "Papa", role: "owner", timeZone: "UTC" }]);
    const [own] = (await call("GET", "/api/profiles", { cookie: account.cookie })).body;
    expect((await call("PATCH", `/api/profiles/${own.id}`, { cookie: account.cookie, body: { name: "Me" } })).status).toBe(200);
    expect((await call("PATCH", `/api/profiles/${dad.id}`, { cookie: account.cookie, body: { name: "" } })).status).toBe(400);
    expect((await call("GET", "/api/profiles", { cookie: account.cookie })).body.map((p: { name: string }) => p.name)).toEqual([
      "Me",
      "Papa",
    ]);
  });

  it("deletes a person with everything of theirs (204), but never the account's own person (400)", async () => {
    const account = await signUp();
    const dad = (await call("POST", "/api/profiles", { cookie: account.cookie, body: { name: "Dad" } })).body;
    const pharmacy = await call("POST", `/api/profiles/${dad.id}/pharmacies`, {
      cookie: account.cookie,
      body: { name: "Main", phoneNumber: "" },
    });
    const med = await call("POST", `/api/profiles/${dad.id}/medications`, {
      cookie: account.cookie,
      body: medicationInput(pharmacy.body.id),
    });
    expect(med.status, med.text).toBe(201);
    const [own] = (await call("GET", "/api/profiles", { cookie: account.cookie })).body;
    const self = await call("DELETE", `/api/profiles/${own.id}`, { cookie: account.cookie });
    expect([self.status, self.body.code]).toEqual([400, "error_profile_self_undeletable"]);
    expect((await call("DELETE", `/api/profiles/${dad.id}`, { cookie: account.cookie })).status).toBe(204);
    expect(await db().select().from(people).where(eq(people.id, dad.id))).toEqual([]);
    expect(await db().select().from(memberships).where(eq(memberships.personId, dad.id))).toEqual([]);
    expect(await db().select().from(medications).where(eq(medications.id, med.body.id))).toEqual([]);
    expect((await call("DELETE", `/api/profiles/${dad.id}`, { cookie: account.cookie })).status).toBe(404);
    expect((await call("GET", "/api/profiles", { cookie: account.cookie })).body).toEqual([expect.objectContaining({ id: own.id })]);
  });
});
