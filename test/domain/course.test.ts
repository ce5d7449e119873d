import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { courseChanges, courseOf, type CourseStep } from "../../src/domain/course";
import { courseText } from "../../src/domain/course-text";
import { COURSE_STEP_DAYS_MAX, COURSE_STEPS_MAX, EARLIEST_DATE, MAX_DAYS_AHEAD } from "../../src/domain/limits";
import { occurrencesOn } from "../../src/domain/occurrences";
import { countOn, supplyOn, type Regimen, type Schedule } from "../../src/domain/regimen";
import { addDays, daysBetween } from "../../src/domain/time";
import { inLocale } from "../../src/i18n/current";
import { courseSchema } from "../../src/shared/regimen-schemas";

// Courses that step down and end (src/domain/course.ts): stored as dated changes plus a last day
// (endsOn), after which nothing is charged, planned or reminded.

const daily = (dose: number): Schedule => ({ type: "daily", dose });
const taper: CourseStep[] = [
  { schedule: daily(3), days: 7 },
  { schedule: daily(2), days: 7 },
  { schedule: daily(1), days: 7 },
];
const START = "2026-11-23";
const courseRegimen = (steps: CourseStep[], from = START): Regimen => {
  const { changes, endsOn } = courseChanges(steps, from);
  return { changes, pauses: [], endsOn, courseFrom: from };
};

describe("a course's end (endsOn)", () => {
  it("count stops after endsOn: a daily dose charges nothing past the last day, and never runs out", () => {
    const regimen: Regimen = { changes: [{ effectiveFrom: "2026-11-01", schedule: daily(2) }], pauses: [], endsOn: "2026-11-05" };
    // 1–5 Nov: 5 days of 2 come off; nothing after.
    expect(supplyOn({ pillsRemaining: 100, countedOn: "2026-11-01", regimen }, "2026-11-20")).toEqual({
      pillsRemaining: 90,
      daysLeft: null,
      runsOutOn: null,
      paused: false,
    });
    expect(countOn(regimen, 100, "2026-11-01", "2027-06-01")).toBe(90);
    expect(occurrencesOn(regimen, "2026-11-05")).toEqual([{ at: null, dose: 2 }]);
    expect(occurrencesOn(regimen, "2026-11-06")).toEqual([]);
  });

  it("a 3-step taper (3, 2, 1 a day for 7 days each), counted by hand", () => {
    const regimen = courseRegimen(taper);
    expect(regimen.endsOn).toBe("2026-12-13");
    expect(regimen.changes.map((c) => c.effectiveFrom)).toEqual(["2026-11-23", "2026-11-30", "2026-12-07"]);
    // 50 on 23 Nov: 50 − 7×3 = 29 on 30 Nov, 29 − 7×2 = 15 on 7 Dec, 15 − 7×1 = 8 on 14 Dec, and 8 ever after.
    const on = (day: string) => supplyOn({ pillsRemaining: 50, countedOn: START, regimen }, day);
    expect(on("2026-11-30").pillsRemaining).toBe(29);
    expect(on("2026-12-07").pillsRemaining).toBe(15);
    expect(on("2026-12-14").pillsRemaining).toBe(8);
    expect(on("2027-03-01")).toMatchObject({ pillsRemaining: 8, daysLeft: null, runsOutOn: null });
    expect(on(START)).toMatchObject({ daysLeft: null, runsOutOn: null });
    // 30 on 23 Nov: 9 on 30 Nov, then 7, 5, 3, 1 — 4 Dec needs 2 with 1 left: runs out that day.
    expect(supplyOn({ pillsRemaining: 30, countedOn: START, regimen }, START)).toMatchObject({ daysLeft: 11, runsOutOn: "2026-12-04" });
  });

  it("the answer's steps come back from the stored changes, each with its first day and length", () => {
    expect(courseOf(courseRegimen(taper))).toEqual([
      { from: "2026-11-23", schedule: daily(3), days: 7 },
      { from: "2026-11-30", schedule: daily(2), days: 7 },
      { from: "2026-12-07", schedule: daily(1), days: 7 },
    ]);
    expect(courseOf({ changes: [{ effectiveFrom: START, schedule: daily(1) }], pauses: [], endsOn: "2026-12-01" })).toBeNull();
  });

  it("words the next step, the last day, or that it is over, in the page's language", () => {
    const regimen = courseRegimen(taper);
    const en = (today: string) => inLocale({ language: "en", locale: "en" }, () => courseText(regimen, "tablet", today));
    expect(en("2026-11-25")).toBe("Then 2 tablets daily from Nov 30; ends Dec 13");
    expect(en("2026-12-08")).toBe("Ends Dec 13");
    expect(en("2026-12-14")).toBe("Finished on Dec 13");
    const es = inLocale({ language: "es", locale: "es" }, () => courseText(regimen, "tablet", "2026-12-08"));
    expect(es).toBe("Termina el 13 dic");
    // A course running into next year names the year.
    expect(en("2025-12-01")).toContain("2026");
  });

  it("every course the schema accepts, from any day of the range, stays bounded and charges nothing after its end (property)", () => {
    const schedule = fc.oneof(
      fc.integer({ min: 1, max: 4000 }).map((q) => daily(q / 4)),
      fc.integer({ min: 1, max: 4000 }).map((q): Schedule => ({ type: "asNeeded", perWeek: q / 4 })),
    );
    const steps = fc.array(fc.record({ schedule, days: fc.integer({ min: 1, max: COURSE_STEP_DAYS_MAX }) }), {
      minLength: 1,
      maxLength: COURSE_STEPS_MAX,
    });
    const span = daysBetween(EARLIEST_DATE, addDays("2026-11-27", MAX_DAYS_AHEAD));
    const day = fc.integer({ min: 0, max: span }).map((n) => addDays(EARLIEST_DATE, n));
    fc.assert(
      fc.property(steps, day, fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 6000 }), (list, from, count, elapsed) => {
        expect(courseSchema.safeParse(list).success).toBe(true);
        const regimen = courseRegimen(list, from);
        const endsOn = regimen.endsOn!;
        expect(daysBetween(from, endsOn) + 1).toBe(list.reduce((sum, s) => sum + s.days, 0));
        const today = addDays(from, elapsed);
        const supply = supplyOn({ pillsRemaining: count, countedOn: from, regimen }, today);
        expect(supply.pillsRemaining).toBeGreaterThanOrEqual(0);
        if (supply.runsOutOn !== null) expect(supply.runsOutOn <= endsOn).toBe(true);
        if (today > endsOn) expect(supply.pillsRemaining).toBe(countOn(regimen, count, from, addDays(endsOn, 1)));
      }),
      { numRuns: 300 },
    );
  });
});
