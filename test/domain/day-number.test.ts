import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EARLIEST_DATE, MAX_DAYS_AHEAD } from "../../src/domain/limits";
import { dayNumber } from "../../src/domain/time";

// dayNumber reads every date of a regimen on every countdown, so it is written for speed (digits by
// charCodeAt, integer division). These check it against the conversion it replaced, Date's (years
// below 100 set with setUTCFullYear, which Date.UTC would read as 19xx).

const DAY_MS = 86_400_000;
const dateDay = (year: number, month: number, day: number) => new Date(0).setUTCFullYear(year, month - 1, day) / DAY_MS;
const pad = (n: number, width: number) => String(n).padStart(width, "0");
const text = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;

describe("dayNumber: the cheap date read equals Date's", () => {
  it("for every date a patient may enter, from EARLIEST_DATE to MAX_DAYS_AHEAD after today (and a day more)", () => {
    const first = dateDay(1900, 1, 1);
    expect(text(1900, 1, 1)).toBe(EARLIEST_DATE);
    const last = Math.floor(Date.now() / DAY_MS) + MAX_DAYS_AHEAD + 1;
    for (let n = first; n <= last; n++) {
      const date = new Date(n * DAY_MS).toISOString().slice(0, 10);
      // One expect per mismatch only: 47,000 expects would cost more than the loop.
      if (dayNumber(date) !== n) expect(dayNumber(date), date).toBe(n);
    }
  });

  it("for any date of years 0001–9999, an overflowing day of the month included (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, day) => {
          expect(dayNumber(text(year, month, day))).toBe(dateDay(year, month, day));
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it("at the ends of the range and around leap days", () => {
    for (const [year, month, day] of [
      [1, 1, 1],
      [1, 2, 28],
      [1, 3, 1],
      [400, 2, 29],
      [1900, 2, 28],
      [1900, 3, 1],
      [2000, 2, 29],
      [2024, 2, 29],
      [9999, 12, 31],
    ] as const)
      expect(dayNumber(text(year, month, day)), text(year, month, day)).toBe(dateDay(year, month, day));
  });
});
