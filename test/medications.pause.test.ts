import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { todayIn } from "../src/domain/countdown";
import type { Regimen } from "../src/domain/regimen";
import { addDays } from "../src/domain/time";
import de from "../src/i18n/messages/de.json";
import es from "../src/i18n/messages/es.json";
import { accountWithMedication, call, medicationInput, signUp, storedRow } from "./helpers";

// PUT /api/medications/:id/pause { pausedFrom, pausedUntil } and DELETE (resume): only the pauses
// change, the count is charged by supplyOn from where it was counted, and the page shows the pause.

const today = () => todayIn("UTC");
// The stored dates (each pause also stores their day numbers: test/regimen-day-numbers.test.ts).
const pausesOf = async (id: number) =>
  (JSON.parse((await storedRow(id)).regimen) as Regimen).pauses.map(({ from, until }) => ({ from, until }));
const pause = (cookie: string, id: number | string, body: unknown, headers?: Record<string, string>) =>
  call("PUT", `/api/medications/${id}/pause`, { cookie, body, headers });
const resume = (cookie: string, id: number | string) => call("DELETE", `/api/medications/${id}/pause`, { cookie });

describe("PUT /api/medications/:id/pause", () => {
  it("paused from today with no end: no days left, no run-out date; GET, the list and the page agree", async () => {
    const { account, medication } = await accountWithMedication({ pillsRemaining: 30 });
    expect(medication).toMatchObject({ daysLeft: 30, runsOutOn: addDays(today(), 30) });
    const paused = await pause(account.cookie, medication.id, { pausedFrom: today(), pausedUntil: "" });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body).toMatchObject({
      id: medication.id,
      pillsRemaining: 30,
      pausedFrom: today(),
      pausedUntil: null,
      daysLeft: null,
      runsOutOn: null,
    });
    expect((await call("GET", `/api/medications/${medication.id}`, { cookie: account.cookie })).body).toEqual(paused.body);
    expect((await call("GET", "/api/medications", { cookie: account.cookie })).body[0]).toMatchObject({
      pausedFrom: today(),
      daysLeft: null,
    });
    const page = await call("GET", `/medications/${medication.id}`, { cookie: account.cookie });
    expect(page.text).toMatch(/<dt[^>]*>Dose<\/dt><dd[^>]*>1 tablet daily<span[^>]*>Paused<\/span>/);
    expect(page.text).toMatch(/<dt[^>]*>Runs out on<\/dt><dd[^>]*>Paused<\/dd>/);
    // The island drawn on the server offers Resume and Change pause, not Pause.
    expect(page.text).toMatch(/<button[^>]*data-online-only[^>]*>Resume<\/button>/);
    expect(page.text).toMatch(/>Change pause<\/button>/);
    expect(page.text).not.toMatch(/>Pause<\/button>/);
  });

  it("a pause with an end moves the run-out date by its days; changing it replaces it", async () => {
    const { account, medication } = await accountWithMedication({ pillsRemaining: 30 });
    const page = await call("GET", `/medications/${medication.id}`, { cookie: account.cookie });
    expect(page.text).toMatch(/<button[^>]*data-online-only[^>]*>Pause<\/button>/);
    const until = addDays(today(), 4);
    const paused = await pause(account.cookie, medication.id, { pausedFrom: today(), pausedUntil: until });
    expect(paused.body).toMatchObject({ pausedFrom: today(), pausedUntil: until, daysLeft: 35, runsOutOn: addDays(today(), 35) });
    const shown = await call("GET", `/medications/${medication.id}`, { cookie: account.cookie });
    expect(shown.text).toContain(
      `Paused until ${new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${until}T00:00:00Z`))}`,
    );
    const longer = await pause(account.cookie, medication.id, { pausedFrom: today(), pausedUntil: addDays(today(), 9) });
    expect(longer.body).toMatchObject({ pausedUntil: addDays(today(), 9), daysLeft: 40 });
    expect(await pausesOf(medication.id)).toEqual([{ from: today(), until: addDays(today(), 9) }]);
    // The stored count is not touched: the pause is charged (or not) from where it was counted.
    expect((await storedRow(medication.id)).pillsRemaining).toBe(30);
  });

  it("a pause that began days ago gives those days back, from where the count was taken", async () => {
    // Added 5 days ago with its count of that day (a pause may not start before the medication was added).
    const { account, medication } = await accountWithMedication({ pillsRemaining: 10, countedOn: addDays(today(), -5) } as never);
    expect((await call("GET", `/api/medications/${medication.id}`, { cookie: account.cookie })).body.pillsRemaining).toBe(5);
    const paused = await pause(account.cookie, medication.id, { pausedFrom: addDays(today(), -3), pausedUntil: null });
    // Charged on −5 and −4 only.
    expect(paused.body).toMatchObject({ pillsRemaining: 8, pausedFrom: addDays(today(), -3), daysLeft: null });
  });

  it("a pause to come: shown as 'Paused from … to …' with Cancel pause; an upcoming schedule change stays", async () => {
    const { account, pharmacy, medication } = await accountWithMedication({ pillsRemaining: 30 });
    const nextMonth = addDays(today(), 40);
    const taper = await call("PATCH", `/api/medications/${medication.id}`, {
      cookie: account.cookie,
      body: medicationInput(pharmacy.id, {
        name: medication.name,
        pillsRemaining: 30,
        schedule: { type: "daily", dose: 2 },
        effectiveFrom: nextMonth,
      }),
    });
    expect(taper.status, taper.text).toBe(200);
    const paused = await pause(account.cookie, medication.id, { pausedFrom: addDays(today(), 2), pausedUntil: addDays(today(), 3) });
    expect(paused.body).toMatchObject({
      pausedFrom: addDays(today(), 2),
      pausedUntil: addDays(today(), 3),
      daysLeft: 32,
      scheduleChanges: [{ effectiveFrom: nextMonth }],
    });
    const page = await call("GET", `/medications/${medication.id}`, { cookie: account.cookie });
    expect(page.text).toMatch(/Paused from \w+ \d+, \d{4} to \w+ \d+, \d{4}/);
    expect(page.text).toMatch(/>Cancel pause<\/button>/);
    expect(page.text).not.toMatch(/>Resume<\/button>/);
  });
});

describe("DELETE /api/medications/:id/pause (resume)", () => {
  it("a pause under way since before today ends yesterday: today is charged again, the past days stay paused", async () => {
    // Added 5 days ago with its count of that day (a pause may not start before the medication was added).
    const { account, medication } = await accountWithMedication({ pillsRemaining: 10, countedOn: addDays(today(), -5) } as never);
    await pause(account.cookie, medication.id, { pausedFrom: addDays(today(), -3), pausedUntil: null });
    const resumed = await resume(account.cookie, medication.id);
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.body).toMatchObject({
      pillsRemaining: 8,
      pausedFrom: null,
      pausedUntil: null,
      daysLeft: 8,
      runsOutOn: addDays(today(), 8),
    });
    expect(await pausesOf(medication.id)).toEqual([{ from: addDays(today(), -3), until: addDays(today(), -1) }]);
    const page = await call("GET", `/medications/${medication.id}`, { cookie: account.cookie });
    expect(page.text).not.toContain("Paused");
    expect(page.text).toMatch(/>Pause<\/button>/);
  });

  it("a pause from today or later is dropped; resuming without a pause changes nothing", async () => {
    const { account, medication } = await accountWithMedication({ pillsRemaining: 30 });
    for (const from of [today(), addDays(today(), 3)]) {
      await pause(account.cookie, medication.id, { pausedFrom: from, pausedUntil: addDays(today(), 6) });
      const resumed = await resume(account.cookie, medication.id);
      expect(resumed.body).toMatchObject({ pausedFrom: null, pausedUntil: null, daysLeft: 30, runsOutOn: addDays(today(), 30) });
      expect(await pausesOf(medication.id)).toEqual([]);
    }
    const again = await resume(account.cookie, medication.id);
    expect([again.status, again.body.daysLeft, await pausesOf(medication.id)]).toEqual([200, 30, []]);
  });
});

describe("pause: refusals", () => {
  it.each([
    [{ pausedUntil: null }, "field_paused_from_invalid"],
    [{ pausedFrom: "", pausedUntil: null }, "field_paused_from_invalid"],
    [{ pausedFrom: "2027-02-30" }, "field_paused_from_invalid"],
    [{ pausedFrom: "tomorrow" }, "field_paused_from_invalid"],
    [{ pausedFrom: "today", pausedUntil: "someday" }, "field_paused_until_invalid"],
    [{ pausedFrom: "today", pausedUntil: "yesterday" }, "field_paused_until_before_from"],
    [{ pausedFrom: "-7", pausedUntil: "-1" }, "field_paused_until_past"],
  ])("%j → 400 %s, naming the field, in the request's language", async (body, code) => {
    const { account, medication } = await accountWithMedication();
    const day = (value: unknown) =>
      value === "today"
        ? today()
        : value === "yesterday"
          ? addDays(today(), -1)
          : typeof value === "string" && /^-\d+$/.test(value)
            ? addDays(today(), Number(value))
            : value;
    const sent = Object.fromEntries(Object.entries(body).map(([key, value]) => [key, day(value)]));
    const res = await pause(account.cookie, medication.id, sent);
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe(code);
    expect(res.body.message).toMatch(/^Paused (from|until) /);
    const inSpanish = await pause(account.cookie, medication.id, sent, { "Accept-Language": "es" });
    expect(inSpanish.body).toEqual({ code, message: (es as Record<string, string>)[code] });
    const inGerman = await pause(account.cookie, medication.id, sent, { "Accept-Language": "de" });
    expect(inGerman.body).toEqual({ code, message: (de as Record<string, string>)[code] });
    expect(await pausesOf(medication.id)).toEqual([]);
  });

  it("a body that is not an object, and a malformed id, are 400; a path that is no id is 404", async () => {
    const { account, medication } = await accountWithMedication();
    expect((await pause(account.cookie, medication.id, ["2026-01-01"])).status).toBe(400);
    const badId = await pause(account.cookie, "99999999999999999999", { pausedFrom: today() });
    expect([badId.status, badId.body.code]).toEqual([400, "field_medication_id_invalid"]);
    expect((await resume(account.cookie, "0")).status).toBe(400);
    // Not digits: no route (the routes' pattern), so not found.
    expect((await pause(account.cookie, "abc", { pausedFrom: today() })).status).toBe(404);
  });

  it("another user's medication, or an unknown one, is 404 and stays as it was; signed out is 401", async () => {
    const { account, medication } = await accountWithMedication();
    await pause(account.cookie, medication.id, { pausedFrom: today(), pausedUntil: null });
    const stranger = await signUp();
    for (const res of [
      await pause(stranger.cookie, medication.id, { pausedFrom: addDays(today(), 1), pausedUntil: null }),
      await resume(stranger.cookie, medication.id),
      await pause(account.cookie, 999_999_999, { pausedFrom: today() }),
      await resume(account.cookie, 999_999_999),
    ]) {
      expect([res.status, res.body.code]).toEqual([404, "error_medication_not_found"]);
    }
    expect(await pausesOf(medication.id)).toEqual([{ from: today(), until: null }]);
    expect((await call("PUT", `/api/medications/${medication.id}/pause`, { body: { pausedFrom: today() } })).status).toBe(401);
    expect((await call("DELETE", `/api/medications/${medication.id}/pause`)).status).toBe(401);
  });
});

describe("pause: database round trips", () => {
  const timed = { ...env, SERVER_TIMING: "1" };
  const roundTrips = (res: { headers: Headers }) => Number(/desc="(\d+) quer/.exec(res.headers.get("Server-Timing") ?? "")?.[1]);

  it("pause, resume and a 404 each take the session and one write: two round trips; a 400 one", async () => {
    const { account, medication } = await accountWithMedication();
    const stranger = await signUp();
    const answers = [
      [
        await call("PUT", `/api/medications/${medication.id}/pause`, { cookie: account.cookie, body: { pausedFrom: today() }, env: timed }),
        200,
        2,
      ],
      [await call("DELETE", `/api/medications/${medication.id}/pause`, { cookie: account.cookie, env: timed }), 200, 2],
      [
        await call("PUT", `/api/medications/${medication.id}/pause`, {
          cookie: stranger.cookie,
          body: { pausedFrom: today() },
          env: timed,
        }),
        404,
        2,
      ],
      [await call("DELETE", `/api/medications/${medication.id}/pause`, { cookie: stranger.cookie, env: timed }), 404, 2],
      [
        await call("PUT", `/api/medications/${medication.id}/pause`, { cookie: account.cookie, body: { pausedFrom: "x" }, env: timed }),
        400,
        1,
      ],
    ] as const;
    for (const [res, status, trips] of answers) expect([res.status, roundTrips(res)]).toEqual([status, trips]);
  });
});
