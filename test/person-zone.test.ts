import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { memberships, people, type Role } from "../src/db/schema";
import { call, db, medicationInput, setTimezone, signUp, type Account } from "./helpers";

// A person's day is in the person's time zone, whoever reads. Dad lives in Auckland and is read by
// his daughter in Los Angeles; Mum lives in Los Angeles and is read by her son in Auckland. At
// 20:00 UTC on 1 June 2027 it is 13:00 on 1 June in Los Angeles and 08:00 on 2 June in Auckland.

const NOW = Date.parse("2027-06-01T20:00:00Z");
const AUCKLAND = "Pacific/Auckland";
const LOS_ANGELES = "America/Los_Angeles";

beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
});
afterAll(() => {
  vi.useRealTimers();
});

/** A person without an account, added by `reader` (so first in the reader's zone), then moved to `zone`. */
async function personIn(reader: Account, name: string, zone: string) {
  const added = await call("POST", "/api/profiles", { cookie: reader.cookie, body: { name } });
  expect(added.status, added.text).toBe(201);
  const moved = await call("PATCH", `/api/profiles/${added.body.id}`, { cookie: reader.cookie, body: { timeZone: zone } });
  expect(moved.status, moved.text).toBe(200);
  const pharmacy = await call("POST", `/api/profiles/${added.body.id}/pharmacies`, {
    cookie: reader.cookie,
    body: { name: "Main", phoneNumber: "" },
  });
  const medication = await call("POST", `/api/profiles/${added.body.id}/medications`, {
    cookie: reader.cookie,
    body: medicationInput(pharmacy.body.id, {
      name: "Warfarin",
      pillsRemaining: 30,
      schedule: { type: "daily", times: [{ at: "08:00", dose: 1 }] },
    }),
  });
  expect(medication.status, medication.text).toBe(201);
  return { id: added.body.id as number, medicationId: medication.body.id as number };
}

const taken = (medicationId: number, date: string) => ({
  clientId: `z-${medicationId}-${date}`,
  medicationId,
  date,
  at: "08:00",
  status: "taken",
});

describe("a person's day is in the person's time zone, not the reader's", () => {
  it("a new person starts in the adding account's zone", async () => {
    const reader = await signUp();
    await setTimezone(reader, LOS_ANGELES);
    const added = await call("POST", "/api/profiles", { cookie: reader.cookie, body: { name: "Dad" } });
    const [row] = await db().select({ timezone: people.timezone }).from(people).where(eq(people.id, added.body.id));
    expect(row!.timezone).toBe(LOS_ANGELES);
  });

  it("the reader's today in Los Angeles is not Dad's: his doses, his dashboard and a dose for his today are Auckland's", async () => {
    const daughter = await signUp();
    await setTimezone(daughter, LOS_ANGELES);
    const dad = await personIn(daughter, "Dad", AUCKLAND);

    const doses = await call("GET", `/api/profiles/${dad.id}/doses`, { cookie: daughter.cookie });
    expect(doses.status, doses.text).toBe(200);
    expect(doses.body.days.map((d: { date: string }) => d.date)).toEqual(["2027-06-02"]);

    const dashboard = await call("GET", `/p/${dad.id}/`, { cookie: daughter.cookie });
    expect(dashboard.status).toBe(200);
    expect(dashboard.text).toContain('"asOf":"2027-06-02"');
    expect(dashboard.text).toContain(`"timezone":"${AUCKLAND}"`);

    const logged = await call("POST", `/api/profiles/${dad.id}/doses`, {
      cookie: daughter.cookie,
      body: { doses: [taken(dad.medicationId, "2027-06-02")] },
    });
    expect(logged.status, logged.text).toBe(200);
    expect(logged.body.events[0]).toMatchObject({ date: "2027-06-02", at: "08:00" });
  });

  it("a dose for the reader's today in Auckland, which is Mum's tomorrow in Los Angeles, is refused (400), nothing written", async () => {
    const son = await signUp();
    await setTimezone(son, AUCKLAND);
    const mum = await personIn(son, "Mum", LOS_ANGELES);
    const early = await call("POST", `/api/profiles/${mum.id}/doses`, {
      cookie: son.cookie,
      body: { doses: [taken(mum.medicationId, "2027-06-02")] },
    });
    expect([early.status, early.body.code]).toEqual([400, "field_dose_date_future"]);
    const day = await call("GET", `/api/profiles/${mum.id}/doses?from=2027-06-01&to=2027-06-02`, { cookie: son.cookie });
    expect(day.body.days.flatMap((d: { doses: { status: string }[] }) => d.doses.map((x) => x.status))).not.toContain("taken");
  });
});

describe("PATCH /api/profiles/:id { timeZone }", () => {
  async function household() {
    const owner = await signUp();
    const dad = (await call("POST", "/api/profiles", { cookie: owner.cookie, body: { name: "Dad" } })).body;
    const member = async (role: Role) => {
      const account = await signUp();
      await db().insert(memberships).values({ personId: dad.id, userId: account.id, role, createdAt: NOW });
      return account;
    };
    return { owner, dad, member };
  }
  const patch = (who: Account, id: number, body: unknown, language = "en") =>
    call("PATCH", `/api/profiles/${id}`, { cookie: who.cookie, body, headers: { "Accept-Language": language } });

  it("an unknown zone is a 400 in the request's language; nothing written", async () => {
    const { owner, dad } = await household();
    const res = await patch(owner, dad.id, { name: "Papa", timeZone: "Mars/Olympus_Mons" }, "fr");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: "error_unknown_timezone", message: expect.stringContaining("Mars/Olympus_Mons") });
    expect(res.body.message).not.toContain("Unknown timezone");
    const malformed = await patch(owner, dad.id, { timeZone: "../etc" });
    expect([malformed.status, malformed.body.code]).toEqual([400, "field_timezone_invalid"]);
    const [row] = await db().select({ name: people.name, timezone: people.timezone }).from(people).where(eq(people.id, dad.id));
    expect(row!.name).toBe("Dad");
    expect(row!.timezone).not.toBe("Mars/Olympus_Mons");
  });

  it("a manager sets it (an alias becomes its zone's name); a viewer and a helper get 403, a stranger 404", async () => {
    const { owner, dad, member } = await household();
    const manager = await member("manager");
    const ok = await patch(manager, dad.id, { timeZone: "Europe/Lisbon" });
    expect([ok.status, ok.body]).toEqual([200, { id: dad.id, name: "Dad", role: "manager", timeZone: "Europe/Lisbon" }]);
    for (const role of ["viewer", "helper"] as const) {
      const res = await patch(await member(role), dad.id, { timeZone: "Asia/Tokyo" });
      expect([role, res.status, res.body.code]).toEqual([role, 403, "error_profile_forbidden"]);
    }
    const stranger = await signUp();
    const hidden = await patch(stranger, dad.id, { timeZone: "Asia/Tokyo" });
    expect([hidden.status, hidden.body.code]).toEqual([404, "error_profile_not_found"]);
    const [row] = await db().select({ timezone: people.timezone }).from(people).where(eq(people.id, dad.id));
    expect(row!.timezone).toBe("Europe/Lisbon");
    expect((await patch(owner, dad.id, { timeZone: "Asia/Calcutta" })).body.timeZone).toBe("Asia/Kolkata");
  });

  it("a person with an account keeps their account's zone: 400, nothing written", async () => {
    const account = await signUp();
    await setTimezone(account, AUCKLAND);
    const [own] = (await call("GET", "/api/profiles", { cookie: account.cookie })).body;
    const res = await patch(account, own.id, { name: "Me", timeZone: "Europe/Lisbon" });
    expect([res.status, res.body.code]).toEqual([400, "error_profile_zone_of_account"]);
    const [row] = await db().select({ name: people.name, timezone: people.timezone }).from(people).where(eq(people.id, own.id));
    expect(row).toEqual({ name: expect.not.stringMatching(/^Me$/), timezone: null });
  });
});

describe("the person's page: the zone choice", () => {
  it("offers a person without an account their zone, selected; for a person with an account it names the account's", async () => {
    const daughter = await signUp();
    await setTimezone(daughter, LOS_ANGELES);
    const dad = await personIn(daughter, "Dad", AUCKLAND);
    const page = await call("GET", `/p/${dad.id}/people`, { cookie: daughter.cookie });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<option[^>]*value="Pacific\/Auckland"[^>]*selected/);
    expect(page.text).toContain("Save time zone");

    // A wife with her own account in Auckland, whose husband manages her medications from Los Angeles.
    const wife = await signUp({ fullName: "Maria" });
    await setTimezone(wife, AUCKLAND);
    const [own] = (await call("GET", "/api/profiles", { cookie: wife.cookie })).body;
    await db().insert(memberships).values({ personId: own.id, userId: daughter.id, role: "manager", createdAt: NOW });
    const hers = await call("GET", `/p/${own.id}/people`, { cookie: daughter.cookie });
    expect(hers.text).toMatch(/has their own account: their day follows that account(&#x27;|')s time zone \(Pacific\/Auckland\)/);
    expect(hers.text).not.toContain("Save time zone");
    // Her dashboard, read from Los Angeles, is on her day.
    expect((await call("GET", `/p/${own.id}/`, { cookie: daughter.cookie })).text).toContain('"asOf":"2027-06-02"');
  });
});

describe("migration 0023_person_zone", () => {
  it("gives each existing person without an account their owner's zone, and none to an account's own person", async () => {
    const owner = await signUp();
    await setTimezone(owner, "Europe/Berlin");
    const dad = (await call("POST", "/api/profiles", { cookie: owner.cookie, body: { name: "Dad" } })).body;
    const [own] = (await call("GET", "/api/profiles", { cookie: owner.cookie })).body;
    // As before the migration: no zone stored.
    await db().update(people).set({ timezone: null }).where(eq(people.id, dad.id));
    const migration = (env.TEST_MIGRATIONS as Array<{ name: string; queries: string[] }>).find((m) => m.name.startsWith("0023_"));
    const fill = migration?.queries.find((q) => q.includes("UPDATE `people`"));
    if (!fill) throw new Error("migration 0023 has no fill statement");
    await env.DB.prepare(fill).run();
    const rows = await db().select({ id: people.id, timezone: people.timezone }).from(people).where(eq(people.id, dad.id));
    expect(rows).toEqual([{ id: dad.id, timezone: "Europe/Berlin" }]);
    const [self] = await db().select({ timezone: people.timezone }).from(people).where(eq(people.id, own.id));
    expect(self!.timezone).toBeNull();
  });
});
