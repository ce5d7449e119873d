import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Account, call, signUp } from "./helpers";
import { accept, addPerson, invite } from "./invites.support";

// Caring for someone else, end to end through the API: Ana adds her father, invites her brother Ben as
// a helper and her sister Cleo as a viewer. Ben logs Dad's morning dose and records his refill; Cleo
// sees both and can change nothing; Ana removes Ben, and Ben's very next request for Dad is refused.
// It is Wednesday 10 March 2027, 10:00 UTC (every account here lives in UTC).

const NOW = Date.UTC(2027, 2, 10, 10, 0);

let ana: Account;
let ben: Account;
let cleo: Account;
let dadId: number;
let metforminId: number;
const dad = (path: string) => `/api/profiles/${dadId}${path}`;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  [ana, ben, cleo] = await Promise.all([signUp({ confirmed: true }), signUp({ confirmed: true }), signUp({ confirmed: true })]);
});

afterAll(() => {
  vi.useRealTimers();
});

describe("Ana cares for Dad with Ben (helper) and Cleo (viewer)", () => {
  it("1. Ana adds Dad, his pharmacy and his Metformin (08:00 and 20:00); her own list stays empty", async () => {
    dadId = await addPerson(ana, "Dad");
    const pharmacy = await call("POST", dad("/pharmacies"), {
      cookie: ana.cookie,
      body: { name: "Corner Pharmacy", phoneNumber: "(212) 555-0100" },
    });
    expect(pharmacy.status, pharmacy.text).toBe(201);
    const created = await call("POST", dad("/medications"), {
      cookie: ana.cookie,
      body: {
        name: "Metformin",
        pharmacyId: pharmacy.body.id,
        pillsRemaining: 20,
        pillsPerRefill: 60,
        lastRefillDate: "",
        schedule: {
          type: "daily",
          times: [
            { at: "08:00", dose: 1 },
            { at: "20:00", dose: 1 },
          ],
        },
      },
    });
    expect(created.status, created.text).toBe(201);
    metforminId = created.body.id;
    // 20 at 2 a day covers 10–19 March: runs out on the 20th.
    expect(created.body).toMatchObject({ pillsRemaining: 20, daysLeft: 10, runsOutOn: "2027-03-20" });
    expect((await call("GET", "/api/medications", { cookie: ana.cookie })).body).toEqual([]);
    const profiles = await call("GET", "/api/profiles", { cookie: ana.cookie });
    expect(profiles.body.map(({ name, self, role }: { name: string; self: boolean; role: string }) => [name, self, role])).toEqual([
      [expect.any(String), true, "owner"],
      ["Dad", false, "owner"],
    ]);
  });

  it("2. Ben accepts as helper and Cleo as viewer; each sees Dad with that role, and nothing before accepting", async () => {
    const benToken = await invite(ana, dadId, ben.email, "helper");
    const cleoToken = await invite(ana, dadId, cleo.email, "viewer");
    // A pending invitee is no member yet: Dad does not exist for him.
    expect((await call("GET", dad("/medications"), { cookie: ben.cookie })).status).toBe(404);
    expect((await accept(ben, benToken)).body).toEqual({ id: dadId, name: "Dad", self: false, role: "helper" });
    expect((await accept(cleo, cleoToken)).body).toEqual({ id: dadId, name: "Dad", self: false, role: "viewer" });
    const members = await call("GET", dad("/members"), { cookie: ana.cookie });
    expect(members.body.map((m: { userId: number; role: string }) => [m.userId, m.role]).sort()).toEqual(
      [
        [ana.id, "owner"],
        [ben.id, "helper"],
        [cleo.id, "viewer"],
      ].sort(),
    );
  });

  it("3. Ben logs Dad's 08:00 dose and records his refill, under Dad and not under himself", async () => {
    const dose = await call("POST", dad("/doses"), {
      cookie: ben.cookie,
      body: { doses: [{ clientId: "dad-0310-0800", medicationId: metforminId, date: "2027-03-10", at: "08:00", status: "taken" }] },
    });
    expect(dose.status, dose.text).toBe(200);
    // 20 − 1 = 19; ahead 20:00 today (1) leaves 18, then 2 a day 11–19 March: still the 20th.
    expect(dose.body.medications).toEqual([{ id: metforminId, pillsRemaining: 19, daysLeft: 10, runsOutOn: "2027-03-20" }]);
    const refill = await call("POST", dad("/medications/refill"), {
      cookie: ben.cookie,
      body: { medicationId: metforminId, pillsToAdd: 60 },
    });
    expect(refill.status, refill.text).toBe(200);
    // 19 + 60 = 79: 20:00 today leaves 78, 39 more days of 2: 11 March + 39 days = 19 April.
    expect(refill.body).toMatchObject({ pillsRemaining: 79, lastRefillDate: "2027-03-10", runsOutOn: "2027-04-19" });
    // Ben's own person has nothing; the same ids through his own routes are no medication of his.
    expect((await call("GET", "/api/medications", { cookie: ben.cookie })).body).toEqual([]);
    expect((await call("GET", `/api/medications/${metforminId}`, { cookie: ben.cookie })).status).toBe(404);
  });

  it("4. Cleo sees the dose and the refill, and every change she tries is refused with 403 and changes nothing", async () => {
    const list = await call("GET", dad("/medications"), { cookie: cleo.cookie });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({ id: metforminId, name: "Metformin", pillsRemaining: 79, runsOutOn: "2027-04-19" }),
    ]);
    const today = (await call("GET", dad("/doses"), { cookie: cleo.cookie })).body.days[0];
    expect(today.doses.map((d: { at: string; status: string }) => [d.at, d.status])).toEqual([
      ["08:00", "taken"],
      ["20:00", "due"],
    ]);
    const attempts: Array<[string, string, unknown]> = [
      [
        "POST",
        dad("/doses"),
        { doses: [{ clientId: "cleo-1", medicationId: metforminId, date: "2027-03-10", at: "20:00", status: "taken" }] },
      ],
      ["POST", dad("/medications/refill"), { medicationId: metforminId, pillsToAdd: 30 }],
      ["PATCH", dad(`/medications/${metforminId}`), { name: "Renamed" }],
      ["DELETE", dad(`/medications/${metforminId}`), undefined],
      ["POST", dad("/pharmacies"), { name: "Another", phoneNumber: "(212) 555-0199" }],
      ["POST", dad("/invites"), { email: "someone@example.com", role: "viewer" }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await call(method, path, { cookie: cleo.cookie, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message, `${method} ${path}`).toEqual(expect.any(String));
    }
    const after = await call("GET", dad("/medications"), { cookie: ana.cookie });
    expect(after.body).toEqual(list.body);
  });

  it("5. Ana removes Ben: his next read and his next dose for Dad are 404; Cleo still reads", async () => {
    const removed = await call("DELETE", dad(`/members/${ben.id}`), { cookie: ana.cookie });
    expect(removed.status, removed.text).toBeLessThan(300);
    expect((await call("GET", dad("/medications"), { cookie: ben.cookie })).status).toBe(404);
    const dose = await call("POST", dad("/doses"), {
      cookie: ben.cookie,
      body: { doses: [{ clientId: "dad-0310-2000", medicationId: metforminId, date: "2027-03-10", at: "20:00", status: "taken" }] },
    });
    expect(dose.status).toBe(404);
    expect((await call("GET", "/api/profiles", { cookie: ben.cookie })).body.map((p: { id: number }) => p.id)).not.toContain(dadId);
    const seen = await call("GET", dad("/medications"), { cookie: cleo.cookie });
    expect([seen.status, seen.body[0].pillsRemaining]).toEqual([200, 79]);
  });
});
