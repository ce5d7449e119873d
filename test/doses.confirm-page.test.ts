import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { confirmRequest } from "../src/shared/dose-push";
import { call, createPharmacy, medicationInput, setTimezone, signUp, type Account } from "./helpers";

// The page a dose reminder's tap opens, GET /doses/confirm?date=&at= (src/pages/dose-confirm-page.tsx),
// and its one button's request (the DoseConfirm island: confirmRequest, through POST /api/doses).
// The patient lives in Kathmandu (UTC+5:45). It is Wednesday 10 March 2027, 11:45 there.
// Metformin: 20 tablets, 1 at 08:00 and 1 at 20:00. Lisinopril: 30 tablets, 1 at 08:00.

const ZONE = "Asia/Kathmandu";
const NOW = Date.UTC(2027, 2, 10, 6, 0);
const TODAY = "2027-03-10";

let ana: Account;
let bob: Account;
let metformin: number;
let lisinopril: number;

const page = (query: string, who: Account | null = ana) => call("GET", `/doses/confirm?${query}`, { cookie: who?.cookie });
/** What the page's button would send: the island's props as the server rendered them. */
const offered = (html: string) => {
  const props = /"medicationIds":\[([\d,]*)\]/.exec(html);
  return props ? props[1]!.split(",").map(Number) : null;
};
const count = async (id: number) => (await call("GET", `/api/medications/${id}`, { cookie: ana.cookie })).body.pillsRemaining;
const logsAt = async (at: string) =>
  (await call("GET", `/api/doses?from=${TODAY}&to=${TODAY}`, { cookie: ana.cookie })).body.days[0].doses.filter(
    (d: { at: string; eventId: number | null }) => d.at === at && d.eventId !== null,
  );

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  ana = await signUp();
  bob = await signUp();
  await setTimezone(ana, ZONE);
  const pharmacy = await createPharmacy(ana);
  const add = async (name: string, pillsRemaining: number, times: string[]) => {
    const res = await call("POST", "/api/medications", {
      cookie: ana.cookie,
      body: medicationInput(pharmacy.id, {
        name,
        pillsRemaining,
        schedule: { type: "daily", times: times.map((at) => ({ at, dose: 1 })) },
      }),
    });
    expect(res.status, res.text).toBe(201);
    return res.body.id as number;
  };
  metformin = await add("Metformin", 20, ["08:00", "20:00"]);
  lisinopril = await add("Lisinopril", 30, ["08:00"]);
});

afterAll(() => {
  vi.useRealTimers();
});

describe("the tap-to-confirm page", () => {
  it("lists that time's doses with their state and offers every open one; another time's dose is not listed", async () => {
    const res = await page(`date=${TODAY}&at=08:00`);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<h1[^>]*>Doses at 8:00\sAM on March 10, 2027<\/h1>/);
    expect(res.text).toContain("<title>Confirm your doses ·");
    expect(res.text).toContain("Metformin");
    expect(res.text).toContain("Lisinopril");
    expect(res.text.match(/>Due</g)?.length).toBe(2);
    expect(offered(res.text)?.sort()).toEqual([metformin, lisinopril].sort());
    // At 20:00 only Metformin has a dose.
    const evening = await page(`date=${TODAY}&at=20:00`);
    expect(evening.text).not.toContain("Lisinopril");
    expect(offered(evening.text)).toEqual([metformin]);
  });

  it("Taken logs each open dose once: the counts move once, and a replay of the same clientIds is the same logs", async () => {
    const body = confirmRequest(TODAY, "08:00", offered((await page(`date=${TODAY}&at=08:00`)).text)!);
    expect(body.path).toBe("/api/doses");
    const first = await call("POST", body.path, { cookie: ana.cookie, body: body.body });
    expect(first.status, first.text).toBe(200);
    // Logged as taken, each comes off at once: 20 → 19, 30 → 29.
    expect(await count(metformin)).toBe(19);
    expect(await count(lisinopril)).toBe(29);
    const events = (await logsAt("08:00")).map((d: { eventId: number }) => d.eventId);
    expect(events).toHaveLength(2);

    // A double tap, or the page sent again from the history: the same clientIds, the same two logs.
    const replay = await call("POST", body.path, { cookie: ana.cookie, body: body.body });
    expect(replay.status, replay.text).toBe(200);
    expect(await count(metformin)).toBe(19);
    expect(await count(lisinopril)).toBe(29);
    expect((await logsAt("08:00")).map((d: { eventId: number }) => d.eventId)).toEqual(events);
  });

  it("once everything is logged it shows 'Taken at' and offers no button", async () => {
    const res = await page(`date=${TODAY}&at=08:00`);
    expect(res.status).toBe(200);
    expect(res.text.match(/>Taken at /g)?.length).toBe(2);
    expect(offered(res.text)).toBeNull();
    expect(res.text).toContain("Every dose at this time is already logged.");
  });

  it("another user's page lists none of this patient's doses (the user comes from the session alone)", async () => {
    const res = await page(`date=${TODAY}&at=20:00`, bob);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain("Metformin");
    expect(res.text).toContain("No dose is scheduled at this time.");
    expect(offered(res.text)).toBeNull();
  });

  it("signed out, it sends to sign-in with a return to the same page", async () => {
    const res = await page(`date=${TODAY}&at=08:00`, null);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/auth?next=${encodeURIComponent(`/doses/confirm?date=${TODAY}&at=08:00`)}`);
  });

  it.each([
    ["no date", "at=08:00", "The link must name a real day"],
    ["no time", `date=${TODAY}`, "The link must name a real day"],
    ["a date that is not real", "date=2027-02-30&at=08:00", "The link must name a real day"],
    ["a time past 23:59", `date=${TODAY}&at=24:00`, "The link must name a real day"],
    ["a time with seconds", `date=${TODAY}&at=08:00:00`, "The link must name a real day"],
    ["markup in the time", `date=${TODAY}&at=%3Cscript%3E`, "The link must name a real day"],
    ["a day after today", "date=2027-03-11&at=08:00", "A dose cannot be logged for a day after today"],
    ["a day too long ago", "date=2027-02-06&at=08:00", "Doses can be logged up to 31 days back"],
  ])("a link with %s: 400, the reason in the page's language, nothing offered", async (_, query, reason) => {
    const res = await page(query);
    expect(res.status).toBe(400);
    expect(res.text).toContain("This reminder link does not work");
    expect(res.text).toContain(reason);
    expect(offered(res.text)).toBeNull();
  });

  it("speaks the request's language", async () => {
    const res = await call("GET", `/doses/confirm?date=${TODAY}&at=20:00`, { cookie: `${ana.cookie}; lang=de` });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Dosen um 20:00 am 10. März 2027");
    expect(res.text).toContain("<title>Ihre Dosen bestätigen ·");
  });
});
