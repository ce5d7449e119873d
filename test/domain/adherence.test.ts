import { describe, expect, it } from "vitest";
import { adherence, percentOf } from "../../src/domain/adherence";
import type { CountSource, DoseLog } from "../../src/domain/count-history";
import type { Regimen } from "../../src/domain/regimen";
import type { SupplyEvent } from "../../src/domain/supply";
import { addDays } from "../../src/domain/time";

// A twice-daily tablet (1 at 08:00, 1 at 20:00) in UTC, added on 1 October 2026 with 40 tablets.
// Today is Friday 30 October: the last 30 days are 1–30 October. Every figure worked out by hand.

const ZONE = "UTC";
const TODAY = "2026-10-30";
const twiceDaily: Regimen = {
  changes: [
    {
      effectiveFrom: "2026-10-01",
      schedule: {
        type: "daily",
        dose: 2,
        times: [
          { at: "08:00", dose: 1 },
          { at: "20:00", dose: 1 },
        ],
      },
    },
  ],
  pauses: [],
};

const event = (overrides: Partial<SupplyEvent>): SupplyEvent => ({
  id: 1,
  kind: "created",
  localDate: "2026-10-01",
  pillsBefore: null,
  pillsAfter: 40,
  countedOn: "2026-10-01",
  pillsAdded: null,
  revertsEventId: null,
  ...overrides,
});

let nextId = 1;
const at = (date: string, time: string) => Date.parse(`${date}T${time}:00Z`);
const taken = (date: string, dose: "08:00" | "20:00", time: string): DoseLog => ({
  id: nextId++,
  kind: "taken",
  localDate: date,
  at: dose,
  planned: 1,
  amount: 1,
  takenAt: at(date, time),
  counted: 1,
});
const skipped = (date: string, dose: "08:00" | "20:00"): DoseLog => ({
  id: nextId++,
  kind: "skipped",
  localDate: date,
  at: dose,
  planned: 1,
  amount: null,
  takenAt: null,
  counted: 1,
});

// 1–10 October: both doses taken a few minutes after their time (20 taken, 20 on time).
const onTimeDays = Array.from({ length: 10 }, (_, i) => addDays("2026-10-01", i)).flatMap((date) => [
  taken(date, "08:00", "08:10"),
  taken(date, "20:00", "20:05"),
]);
const logs: DoseLog[] = [
  ...onTimeDays,
  // 11 October: the morning dose 90 minutes late (not on time), the evening one 59 minutes late (on time).
  taken("2026-10-11", "08:00", "09:30"),
  taken("2026-10-11", "20:00", "20:59"),
  // 12 October: the morning dose skipped, the evening one taken exactly an hour early (on time).
  skipped("2026-10-12", "08:00"),
  taken("2026-10-12", "20:00", "19:00"),
  // 13–29 October: nothing logged (17 days × 2 = 34 unlogged). Today: 08:00 taken on the minute,
  // 20:00 still due (not counted).
  taken(TODAY, "08:00", "08:00"),
];

// The count: 40 on 1 October; each day costs 2 (a logged dose replaces its scheduled one; the skipped
// one costs nothing, so 12 October costs 1). Start of 12 October: 40 − 11 × 2 = 18; of 13 October: 17;
// of 20 October: 17 − 7 × 2 = 3; of 21 October: 1, which cannot cover 2: 21–24 October uncovered.
// A refill of 60 on 25 October covers 25–30 October. Covered: 1–20 and 25–30 October = 26 days.
const refill = event({
  id: 2,
  kind: "refill",
  localDate: "2026-10-25",
  countedOn: "2026-10-25",
  pillsBefore: 0,
  pillsAfter: 60,
  pillsAdded: 60,
});
const source = (overrides: Partial<CountSource & { addedOn: string | null }> = {}) => ({
  regimen: twiceDaily,
  countBy: "schedule" as const,
  pillsRemaining: 60,
  countedOn: "2026-10-25",
  events: [event({}), refill],
  logs,
  addedOn: "2026-10-01",
  ...overrides,
});

describe("adherence of a twice-daily tablet over 30 days", () => {
  it("counts taken, skipped, unlogged and on-time doses, and the days the count covered", () => {
    expect(adherence(source(), 30, TODAY, ZONE)).toEqual({
      from: "2026-10-01",
      to: TODAY,
      // 24 taken + 1 skipped + 34 unlogged; today's 20:00 dose is due, not counted.
      scheduled: 59,
      taken: 24,
      skipped: 1,
      unlogged: 34,
      // 20 + 11 October's evening + 12 October's evening + today's morning.
      onTime: 23,
      daysCovered: 26,
      daysInPeriod: 30,
    });
  });

  it("a patient who never logs: every past dose unlogged, and the days covered follow the plan's count", () => {
    // 40 tablets at 2 a day cover 1–20 October; none left from 21 October, nothing refilled.
    const figures = adherence(source({ logs: [], events: [event({})], pillsRemaining: 40, countedOn: "2026-10-01" }), 30, TODAY, ZONE);
    expect(figures).toMatchObject({ scheduled: 58, taken: 0, unlogged: 58, onTime: 0, daysCovered: 20, daysInPeriod: 30 });
  });

  it("an undone refill covers nothing", () => {
    // The refill of 25 October undone the same day: the count stays at 0 from 21 October.
    const undo = event({
      id: 3,
      kind: "undo",
      localDate: "2026-10-25",
      countedOn: "2026-10-25",
      pillsBefore: 60,
      pillsAfter: 0,
      revertsEventId: 2,
    });
    const figures = adherence(source({ events: [event({}), refill, undo], pillsRemaining: 0 }), 30, TODAY, ZONE);
    expect(figures).toMatchObject({ daysCovered: 20, daysInPeriod: 30 });
  });

  it("paused days and the days before the medication was added are not scheduled", () => {
    // Added on 27 October with 40; paused 28–29 October. The last 7 days are 24–30 October: 27 October
    // (2 unlogged), today (08:00 taken, 20:00 due). Days with a count: 27–30 October, all covered (a
    // paused day needs nothing).
    const figures = adherence(
      source({
        regimen: { ...twiceDaily, pauses: [{ from: "2026-10-28", until: "2026-10-29" }] },
        events: [event({ localDate: "2026-10-27", countedOn: "2026-10-27" })],
        pillsRemaining: 40,
        countedOn: "2026-10-27",
        addedOn: "2026-10-27",
      }),
      7,
      TODAY,
      ZONE,
    );
    expect(figures).toEqual({
      from: "2026-10-24",
      to: TODAY,
      scheduled: 3,
      taken: 1,
      skipped: 0,
      unlogged: 2,
      onTime: 1,
      daysCovered: 4,
      daysInPeriod: 4,
    });
  });

  it("counted by log, only what is logged comes off the count", () => {
    // 3 tablets on 1 October, counted by log: 1 October starts with 3 (covers its 2) and its two
    // logged doses take 2, leaving 1; 2 October starts with 1 (does not cover 2) and its logs take 2
    // more than is left: 0. Unlogged days cost nothing, but nothing was refilled: no later day is covered.
    const figures = adherence(
      source({ countBy: "log", events: [event({ pillsAfter: 3 })], pillsRemaining: 3, countedOn: "2026-10-01" }),
      30,
      TODAY,
      ZONE,
    );
    expect(figures).toMatchObject({ taken: 24, daysCovered: 1, daysInPeriod: 30 });
  });

  it("percentages round down", () => {
    expect(percentOf(26, 30)).toBe(86);
    expect(percentOf(89, 90)).toBe(98);
    expect(percentOf(0, 0)).toBe(0);
  });
});
