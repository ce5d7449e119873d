import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, createPharmacy, medicationInput, setTimezone, signUp, type Account } from "./helpers";

// GET /api/medications/:id/adherence, every figure worked out by hand. The patient lives in Kolkata
// (UTC+5:30, a :30 zone). It is Wednesday 10 March 2027, 10:00 there (04:30 UTC).

const ZONE = "Asia/Kolkata";
const NOW = Date.UTC(2027, 2, 10, 4, 30);
/** An instant given as Kolkata's wall clock. */
const kolkata = (date: string, time: string) => Date.parse(`${date}T${time}:00+05:30`);

let ana: Account;
let other: Account;
let tablet: { id: number };

const adherence = (query: string, who: Account = ana, headers: Record<string, string> = {}) =>
  call("GET", `/api/medications/${tablet.id}/adherence${query}`, { cookie: who.cookie, headers });

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  ana = await signUp();
  other = await signUp();
  await setTimezone(ana, ZONE);
  const pharmacy = await createPharmacy(ana);
  // 40 tablets counted on 9 February (the last 30 days are 9 February–10 March): 1 at 08:00, 1 at 20:00.
  const created = await call("POST", "/api/medications", {
    cookie: ana.cookie,
    body: medicationInput(pharmacy.id, {
      name: "Metformin",
      pillsRemaining: 40,
      countedOn: "2027-02-09",
      schedule: {
        type: "daily",
        times: [
          { at: "08:00", dose: 1 },
          { at: "20:00", dose: 1 },
        ],
      },
    }),
  });
  expect(created.status, created.text).toBe(201);
  tablet = created.body;
  const logged = await call("POST", "/api/doses", {
    cookie: ana.cookie,
    body: {
      doses: [
        // 1 March: 08:00 taken at 08:20 (on time), 20:00 taken at 22:00 (two hours late).
        {
          clientId: "a1",
          medicationId: tablet.id,
          date: "2027-03-01",
          at: "08:00",
          status: "taken",
          takenAt: kolkata("2027-03-01", "08:20"),
        },
        {
          clientId: "a2",
          medicationId: tablet.id,
          date: "2027-03-01",
          at: "20:00",
          status: "taken",
          takenAt: kolkata("2027-03-01", "22:00"),
        },
        // 2 March: 08:00 skipped.
        { clientId: "a3", medicationId: tablet.id, date: "2027-03-02", at: "08:00", status: "skipped" },
        // Today: 08:00 taken now, at 10:00 (two hours late). 20:00 is still due.
        { clientId: "a4", medicationId: tablet.id, date: "2027-03-10", at: "08:00", status: "taken" },
      ],
    },
  });
  expect(logged.status, logged.text).toBe(200);
  // 30 tablets picked up on 5 March.
  const refill = await call("POST", "/api/medications/refill", {
    cookie: ana.cookie,
    body: { medicationId: tablet.id, pillsToAdd: 30, refilledOn: "2027-03-05" },
  });
  expect(refill.status, refill.text).toBe(200);
});

afterAll(() => {
  vi.useRealTimers();
});

describe("GET /api/medications/:id/adherence", () => {
  it("answers the last 30 days by default, worked out by hand", async () => {
    const answer = await adherence("");
    expect(answer.status, answer.text).toBe(200);
    // Past days 9 February–9 March: 29 × 2 = 58 doses, 3 logged (2 taken, 1 skipped), 55 unlogged;
    // today's 08:00 taken counts, its 20:00 is due. On time: only 1 March 08:00.
    // The count: 40 on 9 February at 2 a day covers 9–28 February (20 days; 28 February starts with
    // 2); 1–4 March start with 0. The refill of 30 on 5 March covers 5–10 March (6 days): 26 of 30.
    expect(answer.body).toEqual({
      from: "2027-02-09",
      to: "2027-03-10",
      scheduled: 59,
      taken: 3,
      skipped: 1,
      unlogged: 55,
      onTime: 1,
      daysCovered: 26,
      daysInPeriod: 30,
    });
  });

  it("answers another period: the last 7 days", async () => {
    // 4–9 March: 12 unlogged; today 1 taken. Covered: 5–10 March (4 March starts with 0).
    const answer = await adherence("?days=7");
    expect(answer.body).toEqual({
      from: "2027-03-04",
      to: "2027-03-10",
      scheduled: 13,
      taken: 1,
      skipped: 0,
      unlogged: 12,
      onTime: 0,
      daysCovered: 6,
      daysInPeriod: 7,
    });
  });

  it("a year: the days before the medication was added are not in it", async () => {
    const answer = await adherence("?days=365");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ from: "2026-03-11", scheduled: 59, daysCovered: 26, daysInPeriod: 30 });
  });

  it.each(["?days=6", "?days=366", "?days=0", "?days=-7", "?days=30.5", "?days=abc", "?days=", "?days=1000"])(
    "refuses %s at the field, in the request's language",
    async (query) => {
      const answer = await adherence(query, ana, { "accept-language": "fr" });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.code).toBe("field_adherence_days_invalid");
      expect(answer.body.message).toBe("Le nombre de jours doit être un entier de 7 à 365");
    },
  );

  it("another user's medication, or none: 404", async () => {
    const theirs = await adherence("?days=30", other);
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe("error_medication_not_found");
    const none = await call("GET", "/api/medications/999999999/adherence", { cookie: ana.cookie });
    expect(none.status).toBe(404);
  });

  it("signed out: 401", async () => {
    expect((await call("GET", `/api/medications/${tablet.id}/adherence`)).status).toBe(401);
  });
});
