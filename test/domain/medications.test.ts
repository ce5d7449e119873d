import { withSupply } from "../support/supply";
import { describe, expect, it } from "vitest";
import { compareByName, compareNames, daysLeft, nameCollator, runOutDate, STATUS_LABEL, statusOf, summaryBucket, summaryCounts, wholeDaysLeft, type Medication } from "../../src/domain/medications";

let nextId = 1;
const med = (pillsRemaining: number, pillsPerDay = 1, name = "Medication"): Medication => withSupply({
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
  it("is the whole days the count covers (issue 22: the day's dose comes off at the midnight that ends it)", () => {
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

  it("gives the run-out date from today", () => {
    expect(runOutDate(withSupply({ pillsRemaining: 15, pillsPerDay: 2 }, "2025-01-30"))).toBe("2025-02-06");
    expect(runOutDate(withSupply({ pillsRemaining: 0, pillsPerDay: 1 }, "2025-01-30"))).toBe("2025-01-30");
  });
});

describe("status (spec point 4: ≤ 7 refill needed, 8–15 running low, above 15 well stocked)", () => {
  it.each([
    [0, "refill-needed"],
    [7, "refill-needed"],
    [7.99, "refill-needed"], // rounded down to 7
    [8, "running-low"],
    [15, "running-low"],
    [15.99, "running-low"], // rounded down to 15
    [16, "well-stocked"],
    [365, "well-stocked"],
  ] as const)("%s days → %s", (days, status) => {
    expect(statusOf(med(days * 100, 100))).toBe(status);
  });

  it("uses the fractional pills per day", () => {
    expect(statusOf(med(4, 0.5))).toBe("running-low"); // 8 days
    expect(statusOf(med(3.5, 0.5))).toBe("refill-needed"); // 7 days
  });

  it("has the spec's labels", () => {
    expect(STATUS_LABEL).toEqual({ "refill-needed": "Refill Needed", "running-low": "Running Low", "well-stocked": "Well Stocked" });
  });
});

describe("summary cards (whole days left vs notificationDays, default 7)", () => {
  it.each([
    [7, "needRefillSoon"],
    [7.5, "needRefillSoon"], // whole days: 7, as the list's status says
    [8, "runningLow"],
    [15, "runningLow"],
    [15.5, "runningLow"],
    [16, "wellStocked"],
  ] as const)("default 7: %s days → %s", (days, bucket) => {
    expect(summaryBucket(med(days * 2, 2))).toBe(bucket);
  });

  it("the cards and the list's status agree on the boundary", () => {
    const m = med(15, 2); // 7.5 days of pills: 7 whole days
    expect(statusOf(m)).toBe("refill-needed");
    expect(summaryBucket(m, 7)).toBe("needRefillSoon");
  });

  it.each([
    [3, 3, "needRefillSoon"],
    [3, 3.5, "needRefillSoon"],
    [3, 4, "runningLow"],
    [3, 7, "runningLow"],
    [10, 10, "needRefillSoon"],
    [10, 10.5, "needRefillSoon"],
    [10, 11, "runningLow"],
    [10, 15.75, "runningLow"],
    [10, 16, "wellStocked"],
    [20, 16, "needRefillSoon"], // notificationDays above 15: nothing is "running low"
    [20, 20, "needRefillSoon"],
    [20, 20.5, "needRefillSoon"],
    [20, 21, "wellStocked"],
    [30, 30, "needRefillSoon"],
  ] as const)("notificationDays %s: %s days → %s", (notificationDays, days, bucket) => {
    expect(summaryBucket(med(days * 4, 4), notificationDays)).toBe(bucket);
  });

  it("counts each bucket", () => {
    const list = [med(0), med(5), med(10), med(12), med(40), med(16)];
    expect(summaryCounts(list)).toEqual({ needRefillSoon: 2, runningLow: 2, wellStocked: 2 });
    expect(summaryCounts(list, 12)).toEqual({ needRefillSoon: 4, runningLow: 0, wellStocked: 2 });
    expect(summaryCounts(list, 1)).toEqual({ needRefillSoon: 1, runningLow: 3, wellStocked: 2 });
    expect(summaryCounts([])).toEqual({ needRefillSoon: 0, runningLow: 0, wellStocked: 0 });
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
    const alphabet = ["a", "b", "m", "z", "A", "B", "Z", " ", "  ", "0", "1", "2", "9", "10", "007", "é", "É", "ß", "-", ".", "/", "(", "%", "ü", "ø", "ﬁ", "ı", "\t"];
    let state = seed;
    const next = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    return Array.from({ length: count }, () => Array.from({ length: Math.floor(next() * 7) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(""));
  }
  const sign = (n: number) => Math.sign(n);

  it("agrees with the collator on every pair of random names", () => {
    const names = randomNames(20261123, 400);
    // Medication-like names, where the fast path answers: same words, numbers of different lengths.
    for (const word of ["Lisinopril", "lisinopril", "Vitamin B", "vitamin b", "Metformin"]) for (const n of [1, 2, 10, 12, 100, 250]) names.push(`${word}${n} mg`, `${word} ${n} mg`);
    let compared = 0;
    for (const a of names)
      for (const b of names) {
        expect(sign(compareNames(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(sign(nameCollator.compare(a, b)));
        compared++;
      }
    expect(compared).toBeGreaterThan(200_000);
  });

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
