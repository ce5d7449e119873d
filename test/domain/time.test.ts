import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, dayNumber, daysBetween, dueInstantOn, instantOfLocalHour, localDateAt, nextReminderAt } from "../../src/domain/time";

// nextReminderAt is checked against an oracle built on a different Intl path ("longOffset" names)
// and a different algorithm: the zone's offset is piecewise constant, so the local wall clock
// W(t) = t + offset(t) is a line per segment; the reminder for local date D is the earliest instant
// with W(t) >= D hour:00 (exactly hour:00 normally, the jump past it in a DST gap, and only the
// first pass in a repeated hour); the answer is the earliest such instant after `after`.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONES = Intl.supportedValuesOf("timeZone");

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
function offsetOf(instant: number, timeZone: string): number {
  let f = offsetFormatters.get(timeZone);
  if (!f) offsetFormatters.set(timeZone, (f = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })));
  const name = f.formatToParts(instant).find((p) => p.type === "timeZoneName")!.value; // "GMT", "GMT+05:30", "GMT-00:44:30"
  const m = /^GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(name);
  if (!m) throw new Error(`unexpected offset name ${name}`);
  if (!m[1]) return 0;
  return (m[1] === "-" ? -1 : 1) * ((Number(m[2]) * 60 + Number(m[3])) * 60 + Number(m[4] ?? 0)) * 1000;
}

const wall = (t: number, zone: string) => t + offsetOf(t, zone);

/** Offset changes in [from, to], found by scanning in `step` chunks and bisecting to the millisecond. */
function transitions(zone: string, from: number, to: number, step: number): number[] {
  const found: number[] = [];
  let lo = from;
  let before = offsetOf(lo, zone);
  for (let hi = from + step; lo < to; hi += step) {
    const after = offsetOf(hi, zone);
    if (after !== before) {
      let [a, b] = [lo, hi]; // offset(a) = before, offset(b) != before
      while (b - a > 1) {
        const mid = Math.floor((a + b) / 2);
        if (offsetOf(mid, zone) === before) a = mid;
        else b = mid;
      }
      found.push(b);
      before = offsetOf(b, zone);
      lo = b;
      hi = b;
      continue;
    }
    lo = hi;
  }
  return found;
}

function oracle(zone: string, hour: number, after: number): number {
  const start = after - 2 * DAY;
  const end = after + 3 * DAY;
  const starts = [start, ...transitions(zone, start, end, HOUR)];
  const segments = starts.map((s, i) => ({ start: s, end: starts[i + 1] ?? end, offset: offsetOf(s, zone) }));
  const today = new Date(wall(after, zone)).toISOString().slice(0, 10);
  let best = Number.POSITIVE_INFINITY;
  for (let d = -1; d <= 2; d++) {
    const target = Date.parse(`${addDays(today, d)}T00:00:00Z`) + hour * HOUR;
    for (const [i, seg] of segments.entries()) {
      let reached: number | null = null;
      if (seg.start + seg.offset >= target) reached = i === 0 ? Number.NEGATIVE_INFINITY : seg.start;
      else if (target - seg.offset < seg.end) reached = target - seg.offset;
      if (reached === null) continue;
      if (reached > after) best = Math.min(best, reached);
      break;
    }
  }
  return best;
}

/** Offset changes of a zone between 1990 and 2040 (two-week scan): where DST bugs live. */
const zoneTransitions = new Map<string, number[]>();
function transitionsOf(zone: string): number[] {
  let list = zoneTransitions.get(zone);
  if (!list) zoneTransitions.set(zone, (list = transitions(zone, Date.UTC(1990, 0, 1), Date.UTC(2040, 0, 1), 14 * DAY)));
  return list;
}

const hourOf = (t: number, zone: string) => new Date(wall(t, zone)).getUTCHours();

function checkOne(zone: string, hour: number, after: number) {
  try {
    checkReminder(zone, hour, after);
  } catch (err) {
    throw new Error(`${zone}, hour ${hour}, after ${new Date(after).toISOString()}: ${(err as Error).message}`);
  }
}

function checkReminder(zone: string, hour: number, after: number) {
  const due = nextReminderAt(zone, hour, after);
  expect(due).toBeGreaterThan(after);
  const w = wall(due, zone);
  const local = new Date(w);
  const exact = local.getUTCHours() === hour && local.getUTCMinutes() === 0 && local.getUTCSeconds() === 0;
  if (!exact) {
    // In a gap: one millisecond earlier the clock had not reached hour:00 of that date; now it is past it.
    const sameDay = Date.parse(`${local.toISOString().slice(0, 10)}T00:00:00Z`) + hour * HOUR;
    const target = w >= sameDay ? sameDay : sameDay - DAY;
    expect(wall(due - 1, zone)).toBeLessThan(target);
    expect(w).toBeGreaterThan(target);
  }
  expect(due).toBe(oracle(zone, hour, after));
}

describe("nextReminderAt: every IANA zone, checked against Intl", () => {
  it(`holds at random instants 1970-2100 in all ${ZONES.length} zones`, () => {
    for (const zone of ZONES) {
      fc.assert(
        fc.property(
          fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) }),
          fc.integer({ min: 0, max: 23 }),
          (after, hour) => {
            checkOne(zone, hour, after);
          },
        ),
        { numRuns: 12 },
      );
    }
  }, 300_000);

  it("holds around every zone's DST and offset changes, at the hours they skip or repeat", () => {
    let checked = 0;
    for (const zone of ZONES) {
      const list = transitionsOf(zone);
      if (list.length === 0) continue;
      fc.assert(
        fc.property(
          fc.constantFrom(...list),
          fc.integer({ min: -30 * HOUR, max: 6 * HOUR }),
          fc.integer({ min: -1, max: 1 }),
          fc.boolean(),
          (transition, delta, shift, useOldHour) => {
            const local = hourOf(useOldHour ? transition - 1 : transition, zone);
            checkOne(zone, (local + shift + 24) % 24, transition + delta);
            checked++;
          },
        ),
        { numRuns: 20 },
      );
    }
    expect(checked).toBeGreaterThan(2000);
  }, 300_000);
});

describe("nextReminderAt: the cases people notice", () => {
  const at = (iso: string) => Date.parse(iso);

  it("is the next local hour:00, today or tomorrow", () => {
    expect(nextReminderAt("UTC", 9, at("2025-03-10T08:59:59Z"))).toBe(at("2025-03-10T09:00:00Z"));
    expect(nextReminderAt("UTC", 9, at("2025-03-10T09:00:00Z"))).toBe(at("2025-03-11T09:00:00Z"));
    expect(nextReminderAt("Asia/Kolkata", 9, at("2025-03-10T00:00:00Z"))).toBe(at("2025-03-10T03:30:00Z"));
    expect(nextReminderAt("Asia/Kathmandu", 9, at("2025-03-10T00:00:00Z"))).toBe(at("2025-03-10T03:15:00Z"));
  });

  it("answers the first instant after a skipped hour and the first of a repeated one", () => {
    // New York skips 02:00-03:00 on 2025-03-09 and repeats 01:00-02:00 on 2025-11-02.
    expect(nextReminderAt("America/New_York", 2, at("2025-03-09T05:00:00Z"))).toBe(at("2025-03-09T07:00:00Z"));
    expect(nextReminderAt("America/New_York", 1, at("2025-11-02T04:00:00Z"))).toBe(at("2025-11-02T05:00:00Z"));
    expect(nextReminderAt("America/New_York", 1, at("2025-11-02T05:00:00Z"))).toBe(at("2025-11-03T06:00:00Z"));
  });

  it("is due at the jump when a longer gap swallows the hour (Danmarkshavn went from -03:00 to +00:00 at local midnight)", () => {
    // 1996-01-01 local 00:00 became 03:00: a 02:00 reminder is due at 03:00, the first tick after it.
    expect(nextReminderAt("America/Danmarkshavn", 2, at("1995-12-31T12:00:00Z"))).toBe(at("1996-01-01T03:00:00Z"));
    // Temporal's "compatible" reading of 02:00 (old offset carried over) would be two hours late.
    expect(instantOfLocalHour("1996-01-01", 2, "America/Danmarkshavn")).toBe(at("1996-01-01T05:00:00Z"));
    // Once past the jump, that day's reminder is gone: the next one is the day after.
    expect(nextReminderAt("America/Danmarkshavn", 2, at("1996-01-01T03:30:00Z"))).toBe(at("1996-01-02T02:00:00Z"));
  });

  it("survives a skipped calendar day (Samoa jumped from 2011-12-29 to 2011-12-31)", () => {
    const jump = at("2011-12-30T10:00:00Z"); // local 2011-12-29 24:00 (-10:00) became 2011-12-31 00:00 (+14:00)
    expect(dueInstantOn("2011-12-30", 9, "Pacific/Apia")).toBe(jump);
    expect(nextReminderAt("Pacific/Apia", 9, at("2011-12-29T20:00:00Z"))).toBe(jump);
    expect(nextReminderAt("Pacific/Apia", 9, jump)).toBe(instantOfLocalHour("2011-12-31", 9, "Pacific/Apia"));
    expect(localDateAt(nextReminderAt("Pacific/Apia", 9, at("2011-12-29T20:00:00Z")), "Pacific/Apia")).toBe("2011-12-31");
  });

  it("does calendar arithmetic across months, years and leap days", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(daysBetween("2025-01-01", "2024-12-30")).toBe(-2);
  });

  it("numbers every day from 1600 to 2400 as Date.UTC does", () => {
    let checked = 0;
    for (let time = Date.UTC(1600, 0, 1); time <= Date.UTC(2400, 11, 31); time += 86_400_000) {
      const date = new Date(time).toISOString().slice(0, 10);
      if (dayNumber(date) !== time / 86_400_000) expect(dayNumber(date), date).toBe(time / 86_400_000);
      checked++;
    }
    expect(checked).toBe(292_560);
    // An overflowing day rolls into the next month, as Date.UTC's does.
    expect(dayNumber("2025-02-30")).toBe(Date.UTC(2025, 1, 30) / 86_400_000);
  });

  it("adds days as Date does within years 0001–9999, and stops at their first and last day (F5)", () => {
    const viaDate = (date: string, days: number) =>
      new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    // Date's answer clamped to the years a date may be written in.
    const expected = (date: string, days: number) => {
      const text = viaDate(date, days);
      return text.startsWith("-") || text.startsWith("0000") ? "0001-01-01" : text.startsWith("+") ? "9999-12-31" : text;
    };
    for (const start of ["0001-01-01", "0400-02-29", "1600-03-01", "1899-12-31", "1970-01-01", "2000-02-29", "2026-11-26", "9999-12-30"]) {
      for (let days = -1_000_000; days <= 1_000_000; days += 997) {
        if (addDays(start, days) !== expected(start, days)) expect(addDays(start, days), `${start} + ${days}`).toBe(expected(start, days));
      }
      expect(addDays(start, 1)).toBe(viaDate(start, 1));
    }
    // F5: a pause until 9999-12-30 once made the run-out date '-004991-12'.
    expect(addDays("9999-12-31", 1)).toBe("9999-12-31");
    expect(addDays("9999-12-30", 3_000_000)).toBe("9999-12-31");
    expect(addDays("0001-01-01", -1)).toBe("0001-01-01");
    expect(addDays("2026-11-28", Number.MAX_SAFE_INTEGER)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
