import { describe, expect, it } from "vitest";
import { supplyToday } from "../src/data/supply-memo";
import { boundedCache, boundedCaches } from "../src/shared/bounded-cache";
import { UNLOGGED } from "../src/domain/logged-doses";

// The one per-isolate cache: bounded, unused answers out first, keyed by every input, values frozen.

describe("boundedCache", () => {
  it("never holds more than its bound", () => {
    let made = 0;
    const square = boundedCache("test-square", 3, (n: number) => ({ n, square: n * n, made: ++made }));
    for (let n = 0; n < 1000; n++) {
      square(n);
      expect(square.size).toBeLessThanOrEqual(3);
    }
    expect(made).toBe(1000);
    expect(boundedCaches()).toContainEqual({ name: "test-square", size: square.size, max: 3 });
  });

  it("keeps an answer used again within max/2 − 1 new ones, and drops one unused for max new ones", () => {
    const max = 8;
    let made = 0;
    const twice = boundedCache("test-twice", max, (n: number) => ({ n, made: ++made }));
    const first = twice(-1);
    // Used again after every 3 (max/2 − 1) new answers: never made again.
    for (let n = 0; n < 300; n++) {
      twice(n);
      if (n % 3 === 2) expect(twice(-1)).toBe(first);
    }
    expect(made).toBe(301);
    // Unused for 8 (max) new answers: made again.
    for (let n = 1000; n < 1000 + max; n++) twice(n);
    expect(twice(-1)).not.toBe(first);
    expect(made).toBe(301 + max + 1);
  });

  it("keys by every input: two calls share an answer only when all their inputs are equal", () => {
    const join = boundedCache("test-join", 10, (a: string, b: string, options: { upper: boolean }) => `${a}|${b}|${options.upper}`);
    expect(join("a", "b", { upper: true })).toBe("a|b|true");
    expect(join("a", "b", { upper: false })).toBe("a|b|false");
    expect(join("a\u0000b", "", { upper: true })).toBe("a\u0000b||true");
    expect(join.size).toBe(3);
  });

  it("freezes what it keeps: a caller that mutates a shared answer fails", () => {
    const supply = boundedCache("test-supply", 10, (days: number) => ({ daysLeft: days, changes: [{ from: "2026-01-01" }] }));
    const answer = supply(5);
    expect(() => {
      answer.daysLeft = 0;
    }).toThrow(TypeError);
    expect(() => answer.changes.push({ from: "2026-02-01" })).toThrow(TypeError);
    expect(() => {
      answer.changes[0]!.from = "2027-01-01";
    }).toThrow(TypeError);
    expect(supply(5)).toEqual({ daysLeft: 5, changes: [{ from: "2026-01-01" }] });
  });

  it("a frozen Intl formatter still formats", () => {
    const format = boundedCache("test-intl", 2, (locale: string) => new Intl.NumberFormat(locale));
    expect(format("de").format(1234.5)).toBe("1.234,5");
    expect(Object.isFrozen(format("de"))).toBe(true);
  });

  it("the app's kept supply is frozen: a caller that mutates it fails, and the next reader gets it unchanged", () => {
    const row = {
      pillsRemaining: 30,
      countedOn: "2026-11-01",
      pillsPerDay: 1,
      regimen: JSON.stringify({ changes: [{ effectiveFrom: "2026-11-01", schedule: { type: "daily", dose: 1 } }], pauses: [] }),
      ...UNLOGGED,
    };
    const kept = supplyToday(row, "2026-11-10");
    expect(() => {
      (kept.supply as { pillsRemaining: number }).pillsRemaining = 0;
    }).toThrow(TypeError);
    expect(() => (kept.changes as unknown[]).push({})).toThrow(TypeError);
    expect(() => {
      (kept.schedule as { dose: number }).dose = 9;
    }).toThrow(TypeError);
    expect(supplyToday(row, "2026-11-10")).toBe(kept);
    expect(kept.supply.pillsRemaining).toBe(21);
  });
});
