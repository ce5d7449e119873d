import { beforeAll, describe, expect, it } from "vitest";
import { memberships, type Role } from "../src/db/schema";
import { todayIn } from "../src/domain/time";
import { type Account, call, db, medicationInput, signUp } from "./helpers";

// Access to a person's data, decided in one place (src/auth/access.ts): every route under
// /api/profiles/:id for the owner, a manager, a helper and a viewer (memberships written directly:
// the invitations' own tests accept real ones), a member the owner removed and a stranger (404, never 403: existence is
// not revealed) and no session (401).

type Who = Role | "removed member" | "stranger" | "signed out";
interface Route {
  method: string;
  /** The path below /api/profiles/:id, made from the fixture's ids. */
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** The least role that may. */
  needs: Role;
}
interface Fixture {
  dadId: number;
  medicationId: number;
  doomedMedicationId: number;
  pharmacyId: number;
  otherPharmacyId: number;
  /** A helper that the member routes act on (its role changed, then removed). */
  targetId: number;
  today: string;
}

const ROUTES: Route[] = [
  { method: "GET", path: () => "/medications", needs: "viewer" },
  { method: "GET", path: (f) => `/medications/${f.medicationId}`, needs: "viewer" },
  { method: "GET", path: (f) => `/medications/${f.medicationId}/history`, needs: "viewer" },
  { method: "GET", path: (f) => `/medications/${f.medicationId}/adherence`, needs: "viewer" },
  { method: "GET", path: () => "/medications/export.csv", needs: "viewer" },
  { method: "GET", path: (f) => `/doses?from=${f.today}&to=${f.today}`, needs: "viewer" },
  { method: "GET", path: () => "/pharmacies", needs: "viewer" },
  { method: "POST", path: () => "/medications/refill", body: (f) => ({ medicationId: f.medicationId, pillsToAdd: 1 }), needs: "helper" },
  { method: "POST", path: (f) => `/medications/${f.medicationId}/undo-refill`, body: () => ({}), needs: "helper" },
  { method: "POST", path: () => "/doses", body: () => ({ doses: [] }), needs: "helper" },
  { method: "DELETE", path: () => "/doses/999999999", needs: "helper" },
  // The Snooze of a push about the person (without push configured here a helper passes the guard to a 404 error_push_unavailable).
  { method: "POST", path: () => "/doses/snooze", body: (f) => ({ date: f.today, at: "08:00" }), needs: "helper" },
  { method: "POST", path: () => "/medications", body: (f) => medicationInput(f.pharmacyId), needs: "manager" },
  { method: "PATCH", path: (f) => `/medications/${f.medicationId}`, body: (f) => medicationInput(f.pharmacyId), needs: "manager" },
  { method: "PUT", path: (f) => `/medications/${f.medicationId}/pause`, body: (f) => ({ pausedFrom: f.today }), needs: "manager" },
  { method: "DELETE", path: (f) => `/medications/${f.medicationId}/pause`, needs: "manager" },
  { method: "DELETE", path: (f) => `/medications/${f.doomedMedicationId}`, needs: "manager" },
  { method: "POST", path: () => "/medications/import", body: () => "name\n", needs: "manager" },
  { method: "POST", path: () => "/pharmacies", body: () => ({ name: "Corner", phoneNumber: "" }), needs: "manager" },
  { method: "PATCH", path: (f) => `/pharmacies/${f.pharmacyId}`, body: () => ({ name: "Renamed", phoneNumber: "" }), needs: "manager" },
  { method: "POST", path: (f) => `/pharmacies/${f.otherPharmacyId}/merge`, body: (f) => ({ intoId: f.pharmacyId }), needs: "manager" },
  { method: "DELETE", path: (f) => `/pharmacies/${f.otherPharmacyId}`, needs: "manager" },
  { method: "GET", path: () => "/members", needs: "manager" },
  { method: "GET", path: () => "/membership", needs: "viewer" },
  { method: "PATCH", path: () => "/membership", body: () => ({ remindMe: true }), needs: "viewer" },
  { method: "PATCH", path: (f) => `/members/${f.targetId}`, body: () => ({ role: "viewer" }), needs: "owner" },
  // Someone else's membership (leaving, one's own, is a viewer's: test/members.api.test.ts).
  { method: "DELETE", path: (f) => `/members/${f.targetId}`, needs: "manager" },
  { method: "GET", path: () => "/invites", needs: "manager" },
  { method: "POST", path: () => "/invites", body: () => ({ email: "access-table@example.com", role: "viewer" }), needs: "manager" },
  { method: "DELETE", path: () => "/invites/999999999", needs: "manager" },
  { method: "GET", path: () => "/activity", needs: "manager" },
  // A member's own calendar feed of the person: any member's.
  { method: "GET", path: () => "/calendar-feed", needs: "viewer" },
  { method: "POST", path: () => "/calendar-feed", needs: "viewer" },
  { method: "DELETE", path: () => "/calendar-feed", needs: "viewer" },
  { method: "PATCH", path: () => "", body: () => ({ name: "Dad" }), needs: "manager" },
  { method: "PATCH", path: () => "", body: () => ({ timeZone: "Europe/Lisbon" }), needs: "manager" },
  { method: "DELETE", path: () => "", needs: "owner" },
];
const RANK: Role[] = ["viewer", "helper", "manager", "owner"];
// Least to most allowed, so a manager's delete runs before the owner's and the person goes last.
const WHO: Who[] = ["signed out", "stranger", "removed member", "viewer", "helper", "manager", "owner"];

let accounts: Record<Exclude<Who, "signed out">, Account>;
let f: Fixture;

beforeAll(async () => {
  const [owner, manager, helper, viewer, removed, stranger, target] = await Promise.all(Array.from({ length: 7 }, () => signUp()));
  accounts = { owner: owner!, manager: manager!, helper: helper!, viewer: viewer!, "removed member": removed!, stranger: stranger! };
  const dad = await call("POST", "/api/profiles", { cookie: owner!.cookie, body: { name: "Dad" } });
  const dadId = dad.body.id as number;
  const now = Date.now();
  for (const role of ["manager", "helper", "viewer"] as const)
    await db().insert(memberships).values({ personId: dadId, userId: accounts[role].id, role, createdAt: now });
  for (const account of [removed!, target!])
    await db().insert(memberships).values({ personId: dadId, userId: account.id, role: "helper", createdAt: now });
  // Removed through the API: from then on it is a stranger to Dad.
  expect((await call("DELETE", `/api/profiles/${dadId}/members/${removed!.id}`, { cookie: owner!.cookie })).status).toBe(204);
  const as = (path: string, body: unknown) => call("POST", `/api/profiles/${dadId}${path}`, { cookie: owner!.cookie, body });
  const pharmacy = await as("/pharmacies", { name: "Main", phoneNumber: "" });
  const other = await as("/pharmacies", { name: "Other", phoneNumber: "" });
  const medication = await as("/medications", medicationInput(pharmacy.body.id));
  const doomed = await as("/medications", medicationInput(pharmacy.body.id, { name: "Doomed" }));
  expect([pharmacy.status, other.status, medication.status, doomed.status]).toEqual([201, 201, 201, 201]);
  f = {
    dadId,
    medicationId: medication.body.id,
    doomedMedicationId: doomed.body.id,
    pharmacyId: pharmacy.body.id,
    otherPharmacyId: other.body.id,
    targetId: target!.id,
    today: todayIn(owner!.user.timezone),
  };
}, 120_000);

const send = (route: Route, who: Who) => {
  const body = route.body?.(f);
  const csv = typeof body === "string";
  return call(route.method, `/api/profiles/${f.dadId}${route.path(f)}`, {
    cookie: who === "signed out" ? undefined : accounts[who].cookie,
    body,
    ...(csv ? { contentType: "text/csv" } : {}),
  });
};

describe("access to a person's data: every route under /api/profiles/:id", { timeout: 120_000 }, () => {
  it("signed out 401, a removed member and a stranger 404, a role below the route's 403, the route's role and above pass the access check", async () => {
    const problems: string[] = [];
    for (const route of ROUTES)
      for (const who of WHO) {
        const res = await send(route, who);
        const name = `${route.method} ${route.path(f) || "(the person)"} as ${who}: ${res.status} ${res.text.slice(0, 120)}`;
        if (who === "signed out") {
          if (res.status !== 401) problems.push(name);
        } else if (who === "stranger" || who === "removed member") {
          if (res.status !== 404 || res.body?.code !== "error_profile_not_found") problems.push(name);
        } else if (RANK.indexOf(who) < RANK.indexOf(route.needs)) {
          if (res.status !== 403) problems.push(name);
        } else if (res.status === 401 || res.status === 403 || res.body?.code === "error_profile_not_found" || res.status >= 500) {
          problems.push(name);
        } else if (route.method === "GET" && res.status !== 200) problems.push(name);
      }
    expect(problems).toEqual([]);
  });
});

describe("the account's own person under /api/profiles/:id", () => {
  it("answers exactly what the routes without the prefix answer, reads and writes alike", async () => {
    const account = await signUp();
    const [own] = (await call("GET", "/api/profiles", { cookie: account.cookie })).body;
    const prefixed = (path: string) => `/api/profiles/${own.id}${path}`;
    const pharmacy = await call("POST", prefixed("/pharmacies"), { cookie: account.cookie, body: { name: "Main", phoneNumber: "" } });
    expect(pharmacy.status).toBe(201);
    const medication = await call("POST", prefixed("/medications"), { cookie: account.cookie, body: medicationInput(pharmacy.body.id) });
    expect(medication.status).toBe(201);
    const today = todayIn(account.user.timezone);
    for (const path of [
      "/medications",
      `/medications/${medication.body.id}`,
      `/medications/${medication.body.id}/history`,
      `/medications/${medication.body.id}/adherence`,
      "/medications/export.csv",
      `/doses?from=${today}&to=${today}`,
      "/pharmacies",
    ]) {
      const mine = await call("GET", `/api${path}`, { cookie: account.cookie });
      const theirs = await call("GET", prefixed(path), { cookie: account.cookie });
      expect([theirs.status, theirs.text], path).toEqual([mine.status, mine.text]);
      expect(mine.status, path).toBe(200);
    }
  });
});
