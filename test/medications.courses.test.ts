import { describe, expect, it } from "vitest";
import { todayIn } from "../src/domain/countdown";
import type { Regimen } from "../src/domain/regimen";
import { addDays } from "../src/domain/time";
import { call, createPharmacy, medicationInput, signUp, storedRow } from "./helpers";

// Courses that step down and end: POST/PATCH /api/medications take `course: [{ schedule, days }]`
// (from effectiveFrom) and a plain `endsOn`; answers carry the steps, the last day and whether it is
// over; nothing is charged after the last day, in the answer's count (supplyOn) and in a write's SQL
// count (a refill).

const today = () => todayIn("UTC");
const daily = (dose: number) => ({ type: "daily", dose });
const taper = [
  { schedule: daily(3), days: 7 },
  { schedule: daily(2), days: 7 },
];
const short = (date: string) =>
  new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
const yearOf = (date: string) => date.slice(0, 4);

async function account() {
  const user = await signUp();
  const pharmacy = await createPharmacy(user);
  const post = (overrides: Record<string, unknown>, headers?: Record<string, string>) =>
    call("POST", "/api/medications", { cookie: user.cookie, body: medicationInput(pharmacy.id, overrides), headers });
  const patch = (id: number, overrides: Record<string, unknown>) =>
    call("PATCH", `/api/medications/${id}`, { cookie: user.cookie, body: medicationInput(pharmacy.id, overrides) });
  return { user, pharmacy, post, patch };
}

const regimenOf = async (id: number) => JSON.parse((await storedRow(id)).regimen) as Regimen;

describe("POST /api/medications with a course", () => {
  it("accepts a 2-step course from today: the answer carries its steps, its last day and the next step in words", async () => {
    const { post } = await account();
    const res = await post({ pillsRemaining: 40, course: taper });
    expect(res.status, res.text).toBe(201);
    const end = addDays(today(), 13);
    expect(res.body).toMatchObject({
      schedule: { type: "daily", dose: 3 },
      endsOn: end,
      finished: false,
      course: [
        { from: today(), schedule: { type: "daily", dose: 3 }, days: 7 },
        { from: addDays(today(), 7), schedule: { type: "daily", dose: 2 }, days: 7 },
      ],
      scheduleChanges: [{ effectiveFrom: addDays(today(), 7), schedule: { type: "daily", dose: 2 } }],
      // 21 + 14 = 35 of 40 are taken by the end: it never runs out.
      daysLeft: null,
      runsOutOn: null,
    });
    // The year is named only when the step falls in another year than today.
    if (yearOf(addDays(today(), 7)) === yearOf(today()) && yearOf(end) === yearOf(today()))
      expect(res.body.courseText).toBe(`Then 2 tablets daily from ${short(addDays(today(), 7))}; ends ${short(end)}`);
    expect(await regimenOf(res.body.id)).toMatchObject({ endsOn: end, courseFrom: today() });
  });

  it("a course that ended is finished: nothing is charged after its last day, in the answer and in a refill's SQL count", async () => {
    const { user, post } = await account();
    const start = addDays(today(), -20);
    const res = await post({ pillsRemaining: 50, countedOn: start, effectiveFrom: start, course: taper });
    expect(res.status, res.text).toBe(201);
    // 50 − 7×3 − 7×2 = 15 on the day after the last, and still 15 today, six days later.
    expect(res.body).toMatchObject({ pillsRemaining: 15, finished: true, daysLeft: null, runsOutOn: null, endsOn: addDays(start, 13) });
    expect(res.body.courseText).toMatch(/^Finished on /);
    const refill = await call("POST", "/api/medications/refill", {
      cookie: user.cookie,
      body: { medicationId: res.body.id, pillsToAdd: 10 },
    });
    expect(refill.status, refill.text).toBe(200);
    expect(refill.body.pillsRemaining).toBe(25);
    // The list's answer says so too.
    const list = await call("GET", "/api/medications", { cookie: user.cookie });
    expect(list.body[0]).toMatchObject({ id: res.body.id, finished: true, pillsRemaining: 25 });
  });

  it("a plain endsOn on any schedule: counted to that day, then nothing", async () => {
    const { post } = await account();
    const start = addDays(today(), -10);
    const res = await post({ pillsRemaining: 30, countedOn: start, endsOn: addDays(start, 3), schedule: daily(2) });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ pillsRemaining: 22, finished: true, course: null, endsOn: addDays(start, 3) });
  });

  it.each([
    ["no steps", { course: [] }, "field_course_invalid"],
    ["13 steps", { course: Array.from({ length: 13 }, () => ({ schedule: daily(1), days: 1 })) }, "field_course_invalid"],
    ["a step of 0 days", { course: [{ schedule: daily(1), days: 0 }] }, "field_course_days_range"],
    ["a step of 366 days", { course: [{ schedule: daily(1), days: 366 }] }, "field_course_days_range"],
    ["a step of 2.5 days", { course: [{ schedule: daily(1), days: 2.5 }] }, "field_course_days_range"],
    ["a step without a schedule", { course: [{ days: 3 }] }, "field_schedule_invalid"],
    ["endsOn not a date", { endsOn: "2026-02-30" }, "field_ends_on_invalid"],
    ["endsOn in year 20000", { endsOn: "20000-01-01" }, "field_ends_on_invalid"],
    ["endsOn past the range", { endsOn: "2099-01-01" }, "field_date_range"],
    [
      "a course ending past the range",
      { course: Array.from({ length: 12 }, () => ({ schedule: daily(1), days: 365 })) },
      "field_date_range",
    ],
  ])("refuses %s with a 400 naming it, and writes nothing", async (_, overrides, code) => {
    const { user, post } = await account();
    const res = await post(overrides);
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe(code);
    expect(typeof res.body.message).toBe("string");
    expect((await call("GET", "/api/medications", { cookie: user.cookie })).body).toEqual([]);
  });

  it("refuses a last day before the medication was added, and one that is not the course's own end", async () => {
    const { post } = await account();
    const before = await post({ endsOn: addDays(today(), -1) });
    expect(before.status).toBe(400);
    expect(before.body.code).toBe("field_ends_on_before_start");
    const other = await post({ course: taper, endsOn: addDays(today(), 20) });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe("field_ends_on_not_course_end");
  });

  it("answers a refusal in the request's language", async () => {
    const { post } = await account();
    const res = await post({ course: [{ schedule: daily(1), days: 400 }] }, { "accept-language": "es" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: "field_course_days_range", message: "Cada etapa dura un número entero de días de 1 a 365" });
  });
});

describe("PATCH /api/medications/:id and courses", () => {
  it("adds a course to a medication; an edit of other fields keeps it; course null ends it as a course", async () => {
    const { post, patch } = await account();
    const created = await post({ pillsRemaining: 60, schedule: daily(1) });
    const id = created.body.id;
    const coursed = await patch(id, { pillsRemaining: 60, course: taper });
    expect(coursed.status, coursed.text).toBe(200);
    expect(coursed.body).toMatchObject({ endsOn: addDays(today(), 13), schedule: { type: "daily", dose: 3 } });
    expect(coursed.body.course).toHaveLength(2);
    // The edit form sends today's schedule back with a new name: the course stays.
    const renamed = await patch(id, { name: "Prednisone", pillsRemaining: 60, schedule: daily(3) });
    expect(renamed.body).toMatchObject({ name: "Prednisone", endsOn: addDays(today(), 13), course: coursed.body.course });
    const ended = await patch(id, { pillsRemaining: 60, course: null });
    expect(ended.body).toMatchObject({ endsOn: null, course: null, finished: false });
  });

  it("a plain endsOn on an edit, and null to take it away", async () => {
    const { post, patch } = await account();
    const id = (await post({ pillsRemaining: 60, schedule: daily(1) })).body.id;
    const ends = await patch(id, { pillsRemaining: 60, endsOn: addDays(today(), 9) });
    expect(ends.body).toMatchObject({ endsOn: addDays(today(), 9), daysLeft: null, course: null, finished: false });
    expect(ends.body.courseText).toMatch(/^Ends /);
    const again = await patch(id, { pillsRemaining: 60, endsOn: null });
    expect(again.body).toMatchObject({ endsOn: null, daysLeft: 60, courseText: null });
  });

  it("a pause leaves the course and its end as they were", async () => {
    const { user, post } = await account();
    const id = (await post({ pillsRemaining: 40, course: taper })).body.id;
    const paused = await call("PUT", `/api/medications/${id}/pause`, {
      cookie: user.cookie,
      body: { pausedFrom: addDays(today(), 2), pausedUntil: addDays(today(), 3) },
    });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body).toMatchObject({ endsOn: addDays(today(), 13) });
    expect(paused.body.course).toHaveLength(2);
    const resumed = await call("DELETE", `/api/medications/${id}/pause`, { cookie: user.cookie });
    expect(resumed.body).toMatchObject({ endsOn: addDays(today(), 13) });
  });
});

describe("the medication page of a course", () => {
  it("says when a course that lasts to its end ends, under 'Days left', not 'Paused'", async () => {
    const { user, post } = await account();
    const res = await post({ pillsRemaining: 40, course: taper });
    expect(res.status, res.text).toBe(201);
    const page = await call("GET", `/medications/${res.body.id}`, { cookie: user.cookie });
    expect(page.status).toBe(200);
    const daysLeft = /Days left<\/dt>\s*<dd[^>]*>(.*?)<\/dd>/s.exec(page.text)?.[1] ?? "";
    expect(daysLeft).toContain(`Ends ${short(addDays(today(), 13))}`);
    expect(daysLeft).not.toContain("Paused");
  });
});
