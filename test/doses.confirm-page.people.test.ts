import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { memberships, type Role } from "../src/db/schema";
import { confirmRequest } from "../src/shared/dose-push";
import { call, db, medicationInput, signUp, type Account } from "./helpers";

// The tap-to-confirm page of a push about a person without an account ("Dad"):
// GET /p/:profileId/doses/confirm?date=&at= (src/pages/dose-confirm-page.tsx under the person), for
// each role. It is Wednesday 10 March 2027, 12:00 UTC; everyone is in UTC. Dad takes Warfarin at
// 08:00 (40 tablets); the helper has Metformin of their own at 08:00 (20 tablets).

const NOW = Date.UTC(2027, 2, 10, 12, 0);
const TODAY = "2027-03-10";

type Who = Role | "removed member" | "stranger";
let accounts: Record<Who, Account>;
let dadId: number;
let warfarin: number;
let ownMetformin: number;

const page = (who: Who, query = `date=${TODAY}&at=08:00`) =>
  call("GET", `/p/${dadId}/doses/confirm?${query}`, { cookie: accounts[who].cookie });
/** What the page's button would send: the island's props as the server rendered them. */
const offered = (html: string) => {
  const props = /"medicationIds":\[([\d,]*)\]/.exec(html);
  return props ? props[1]!.split(",").map(Number) : null;
};
const takenAt = async (who: Who, path: string) =>
  (await call("GET", `${path}?from=${TODAY}&to=${TODAY}`, { cookie: accounts[who].cookie })).body.days[0].doses
    .filter((d: { status: string }) => d.status === "taken")
    .map((d: { medicationId: number }) => d.medicationId);

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  const [owner, manager, helper, viewer, removed, stranger] = await Promise.all(Array.from({ length: 6 }, () => signUp()));
  accounts = { owner: owner!, manager: manager!, helper: helper!, viewer: viewer!, "removed member": removed!, stranger: stranger! };
  const dad = await call("POST", "/api/profiles", { cookie: owner!.cookie, body: { name: "Dad" } });
  dadId = dad.body.id;
  for (const role of ["manager", "helper", "viewer"] as const)
    await db().insert(memberships).values({ personId: dadId, userId: accounts[role].id, role, createdAt: NOW });
  await db().insert(memberships).values({ personId: dadId, userId: removed!.id, role: "helper", createdAt: NOW });
  expect((await call("DELETE", `/api/profiles/${dadId}/members/${removed!.id}`, { cookie: owner!.cookie })).status).toBe(204);
  const add = async (who: Account, prefix: string, name: string, pillsRemaining: number) => {
    const pharmacy = await call("POST", `${prefix}/pharmacies`, { cookie: who.cookie, body: { name: "Main", phoneNumber: "" } });
    const schedule = { type: "daily", times: [{ at: "08:00", dose: 1 }] };
    const res = await call("POST", `${prefix}/medications`, {
      cookie: who.cookie,
      body: medicationInput(pharmacy.body.id, { name, pillsRemaining, schedule }),
    });
    expect(res.status, res.text).toBe(201);
    return res.body.id as number;
  };
  warfarin = await add(owner!, `/api/profiles/${dadId}`, "Warfarin", 40);
  ownMetformin = await add(helper!, "/api", "Metformin", 20);
}, 60_000);

afterAll(() => {
  vi.useRealTimers();
});

describe("the confirm page of a push about Dad", () => {
  it("a helper sees Dad's doses under a heading and title naming Dad, one Taken logging under Dad, and the way back to Dad's list", async () => {
    const res = await page("helper");
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<h1[^>]*>\u2068Dad\u2069&#x27;s doses at 8:00\sAM on March 10, 2027<\/h1>/);
    expect(res.text).toContain("<title>Confirm \u2068Dad\u2069&#x27;s doses ·");
    expect(res.text).toContain("Warfarin");
    expect(res.text).not.toContain("Metformin");
    expect(offered(res.text)).toEqual([warfarin]);
    expect(res.text).toContain(`href="/p/${dadId}/"`);

    // The island's Taken, as it sends it from Dad's page: logged on Dad's medication, not the helper's own.
    const request = confirmRequest(TODAY, "08:00", offered(res.text)!, dadId);
    expect(request.path).toBe(`/api/profiles/${dadId}/doses`);
    const logged = await call("POST", request.path, { cookie: accounts.helper.cookie, body: request.body });
    expect(logged.status, logged.text).toBe(200);
    expect(await takenAt("helper", `/api/profiles/${dadId}/doses`)).toEqual([warfarin]);
    expect(await takenAt("helper", "/api/doses")).toEqual([]);
    const again = await page("helper");
    expect(offered(again.text)).toBeNull();
    expect(again.text).toContain("Every dose at this time is already logged.");

    // The helper's own confirm page lists their own dose only, still open.
    const own = await call("GET", `/doses/confirm?date=${TODAY}&at=08:00`, { cookie: accounts.helper.cookie });
    expect(own.text).not.toContain("Warfarin");
    expect(offered(own.text)).toEqual([ownMetformin]);
  });

  it("the owner and a manager get the page with its button; a viewer sees the doses with the read-only note and no button", async () => {
    // Reset Dad's 08:00 to open: undo the helper's log.
    const [event] = (await call("GET", `/api/profiles/${dadId}/doses?from=${TODAY}&to=${TODAY}`, { cookie: accounts.owner.cookie })).body
      .days[0].doses;
    if (event.eventId) await call("DELETE", `/api/profiles/${dadId}/doses/${event.eventId}`, { cookie: accounts.owner.cookie });
    for (const who of ["owner", "manager"] as const) {
      const res = await page(who);
      expect([who, res.status, offered(res.text)]).toEqual([who, 200, [warfarin]]);
    }
    const viewer = await page("viewer");
    expect(viewer.status).toBe(200);
    expect(viewer.text).toContain("Warfarin");
    expect(offered(viewer.text)).toBeNull();
    expect(viewer.text).toContain("You can see <bdi>Dad</bdi>&#x27;s medications but not change them.");
  });

  it("a stranger and a removed member get the not-found page, naming nothing of Dad's", async () => {
    for (const who of ["stranger", "removed member"] as const) {
      const res = await page(who);
      expect([who, res.status]).toEqual([who, 404]);
      expect(res.text).not.toContain("Warfarin");
      expect(res.text).not.toContain("Dad");
    }
  });

  it("a link that names no real time is the 400 page, with the way back to Dad's list", async () => {
    const res = await page("helper", `date=${TODAY}&at=25:00`);
    expect(res.status).toBe(400);
    expect(res.text).toContain("This reminder link does not work");
    expect(res.text).toContain(`href="/p/${dadId}/"`);
    expect(offered(res.text)).toBeNull();
  });

  it("speaks the request's language", async () => {
    const res = await call("GET", `/p/${dadId}/doses/confirm?date=${TODAY}&at=08:00`, { cookie: `${accounts.helper.cookie}; lang=de` });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Dosen von \u2068Dad\u2069 um 08:00 am 10. März 2027");
    expect(res.text).toContain("<title>Dosen von \u2068Dad\u2069 bestätigen ·");
  });
});
