import { withSupply } from "../support/supply";
import { describe, expect, it } from "vitest";
import {
  compareByName,
  compareNames,
  daysLeft,
  nameCollator,
  runningLowUntil,
  remindFrom,
  STATUS_LABEL,
  statusCounts,
  statusForDaysLeft,
  statusOf,
  wholeDaysLeft,
  type Medication,
} from "../../src/domain/medications";
import { USER_DEFAULTS } from "../../src/shared/user";

let nextId = 1;
const med = (pillsRemaining: number, pillsPerDay = 1, name = "Medication"): Medication =>
  withSupply({
    id: nextId++,
    name,
    pharmacyId: 1,
    pillsPerDay,
    pillsRemaining,
    pillsPerRefill: 30,
    lastRefillDate: null,
    refillsLeft: null,
    prescriptionExpiresOn: null,
  });

describe("days of supply left", () => {
  it("is the whole days the count covers (the day's dose comes off at the midnight that ends it)", () => {
    expect(daysLeft(med(30, 2))).toBe(15);
    expect(daysLeft(med(15, 2))).toBe(7);
    expect(daysLeft(med(0, 1))).toBe(0);
    expect(daysLeft(med(3, 0.5))).toBe(6);
  });

  it("is rounded down in the list", () => {
    expect(wholeDaysLeft(med(15, 2))).toBe(7);
    expect(wholeDaysLeft(med(31, 2))).toBe(15);
    expect(wholeDaysLeft(med(0.5, 1))).toBe(0);
  });

  it("the reminders start notificationDays before the run-out date (remindFrom), never for a medication that never runs out", () => {
    expect(remindFrom(withSupply({ pillsRemaining: 15, pillsPerDay: 2 }, "2025-01-30"), 7)).toBe("2025-01-30"); // runs out 2025-02-06
    expect(remindFrom(withSupply({ pillsRemaining: 0, pillsPerDay: 1 }, "2025-01-30"), 3)).toBe("2025-01-27");
    expect(remindFrom({ runsOutOn: null }, 7)).toBeNull();
  });
});

describe("the threshold rule: Refill Needed at or below notification days, Running Low up to 8 more, Well Stocked beyond", () => {
  it.each([
    [0, "refill-needed"],
    [7, "refill-needed"],
    [8, "running-low"],
    [15, "running-low"],
    [16, "well-stocked"],
    [365, "well-stocked"],
  ] as const)("the default 7 keeps the original 7 and 15: %s days → %s", (days, status) => {
    expect(statusForDaysLeft(days, USER_DEFAULTS.notificationDays)).toBe(status);
  });

  it.each([
    [14, "refill-needed"],
    [15, "running-low"],
    [22, "running-low"],
    [23, "well-stocked"],
  ] as const)("notification days 14 → 14 and 22: %s days → %s", (days, status) => {
    expect(statusForDaysLeft(days, 14)).toBe(status);
    expect(runningLowUntil(14)).toBe(22);
  });

  it.each([
    [1, 1, "refill-needed"],
    [1, 2, "running-low"],
    [1, 9, "running-low"],
    [1, 10, "well-stocked"],
    [30, 30, "refill-needed"],
    [30, 38, "running-low"],
    [30, 39, "well-stocked"],
  ] as const)("notification days %s: %s days → %s", (notificationDays, days, status) => {
    expect(statusForDaysLeft(days, notificationDays)).toBe(status);
  });

  it("takes a medication's whole days left, as the list shows them", () => {
    expect(statusOf(med(7.99 * 100, 100), 7)).toBe("refill-needed"); // '7 days left'
    expect(statusOf(med(4, 0.5), 7)).toBe("running-low"); // 8 days
    expect(statusOf(med(3.5, 0.5), 7)).toBe("refill-needed"); // 7 days
    expect(statusOf(med(15.5, 1), 14)).toBe("running-low");
    expect(statusOf(med(22.9, 1), 14)).toBe("running-low");
    expect(statusOf(med(23, 1), 14)).toBe("well-stocked");
  });

  it("has the spec's labels", () => {
    expect(STATUS_LABEL).toEqual({
      "refill-needed": "Refill Needed",
      "running-low": "Running Low",
      "well-stocked": "Well Stocked",
      paused: "Paused",
      // A course past its last day (not in the spec, which has no end date).
      finished: "Finished",
    });
  });
});

describe("summary cards: the same rule as the badges", () => {
  it("counts each status with the user's notification days", () => {
    const list = [med(0), med(5), med(10), med(12), med(40), med(16), med(7.5)];
    expect(statusCounts(list, 7)).toEqual({ "refill-needed": 3, "running-low": 2, "well-stocked": 2, paused: 0, finished: 0 });
    expect(statusCounts(list, 12)).toEqual({ "refill-needed": 5, "running-low": 1, "well-stocked": 1, paused: 0, finished: 0 });
    expect(statusCounts(list, 1)).toEqual({ "refill-needed": 1, "running-low": 2, "well-stocked": 4, paused: 0, finished: 0 });
    expect(statusCounts([], 7)).toEqual({ "refill-needed": 0, "running-low": 0, "well-stocked": 0, paused: 0, finished: 0 });
  });

  it("never counts a medication in another status than its badge (notification days 14)", () => {
    const list = [3, 9, 14, 14.5, 15, 18, 22, 22.9, 23, 60].map((days) => med(days * 2, 2));
    const counts = statusCounts(list, 14);
    for (const status of ["refill-needed", "running-low", "well-stocked"] as const) {
      expect(counts[status]).toBe(list.filter((m) => statusOf(m, 14) === status).length);
    }
    expect(counts).toEqual({ "refill-needed": 4, "running-low": 4, "well-stocked": 2, paused: 0, finished: 0 });
  });

  it("a medication paused with no end never runs out: its status is 'Paused', counted on its own, whatever its count", () => {
    const paused = { ...med(3, 1), daysLeft: null, runsOutOn: null };
    expect(statusOf(paused, 7)).toBe("paused");
    expect(statusOf(paused, 30)).toBe("paused");
    expect(statusCounts([paused, med(3, 1), med(40, 1)], 7)).toEqual({
      "refill-needed": 1,
      "running-low": 0,
      "well-stocked": 1,
      paused: 1,
      finished: 0,
    });
  });
});

describe("compareByName", () => {
  it("sorts the way people read: case- and accent-insensitive, numbers by value, ties by id", () => {
    const names = ["zoloft", "Émulsion", "Aspirin", "vitamin B12", "Vitamin B2", "aspirin"].map((name) => med(1, 1, name));
    expect(names.sort(compareByName).map((m) => m.name)).toEqual(["Aspirin", "aspirin", "Émulsion", "Vitamin B2", "vitamin B12", "zoloft"]);
  });
});

describe("compareNames", () => {
  // A small seeded generator: the same names on every run, so a failure can be replayed.
  function randomNames(seed: number, count: number): string[] {
    const alphabet = [
      "a",
      "b",
      "m",
      "z",
      "A",
      "B",
      "Z",
      " ",
      "  ",
      "0",
      "1",
      "2",
      "9",
      "10",
      "007",
      "é",
      "É",
      "ß",
      "-",
      ".",
      "/",
      "(",
      "%",
      "ü",
      "ø",
      "ﬁ",
      "ı",
      "\t",
    ];
    let state = seed;
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    return Array.from({ length: count }, () =>
      Array.from({ length: Math.floor(next() * 7) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(""),
    );
  }
  const sign = (n: number) => Math.sign(n);

  it("agrees with the collator on every pair of random names", () => {
    const names = randomNames(20261123, 400);
    // Medication-like names, where the fast path answers: same words, numbers of different lengths.
    for (const word of ["Lisinopril", "lisinopril", "Vitamin B", "vitamin b", "Metformin"])
      for (const n of [1, 2, 10, 12, 100, 250]) names.push(`${word}${n} mg`, `${word} ${n} mg`);
    let compared = 0;
    for (const a of names)
      for (const b of names) {
        expect(sign(compareNames(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(sign(nameCollator.compare(a, b)));
        compared++;
      }
    expect(compared).toBeGreaterThan(200_000);
  }, 30_000); // over 200,000 comparisons: seconds on a busy CI machine, not a timing check

  it.each([
    ["Lisinopril 10 mg", "lisinopril 9 mg", 1],
    ["Vitamin B2", "vitamin B12", -1],
    ["Aspirin", "aspirin", 0],
    ["Émulsion", "Aspirin", 1],
    ["Zinc 5", "Zinc 05", 0],
    ["ab c", "abd", -1],
  ])("%j vs %j: %i", (a, b, expected) => {
    expect(sign(compareNames(a, b))).toBe(expected);
    expect(sign(nameCollator.compare(a, b))).toBe(expected);
  });
});
