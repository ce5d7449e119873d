import { describe, expect, it } from "vitest";
import { roundPills, todayIn } from "../../src/domain/countdown";
import { dailyRegimen, supplyOn } from "../../src/domain/regimen";

// A daily dose counted down by supplyOn, the one rule (test/domain/regimen.test.ts holds it to the
// reference model for every regimen); here, where the user's local midnight falls.
const dailyCount = (
  { pillsRemaining, pillsPerDay, countedOn }: { pillsRemaining: number; pillsPerDay: number; countedOn: string },
  today: string,
) => supplyOn({ pillsRemaining, countedOn, regimen: dailyRegimen(pillsPerDay) }, today).pillsRemaining;

const at = (iso: string) => Date.parse(iso);

describe("a daily dose's count (supplyOn)", () => {
  it("is the stored count on the day it was counted", () => {
    expect(dailyCount({ pillsRemaining: 30, pillsPerDay: 2, countedOn: "2025-01-05" }, "2025-01-05")).toBe(30);
  });

  it("goes down by pillsPerDay for each local day since countedOn", () => {
    expect(dailyCount({ pillsRemaining: 30, pillsPerDay: 1.5, countedOn: "2025-01-05" }, "2025-01-08")).toBe(25.5);
    // Across a month and a year end.
    expect(dailyCount({ pillsRemaining: 100, pillsPerDay: 1, countedOn: "2024-12-30" }, "2025-01-02")).toBe(97);
    expect(dailyCount({ pillsRemaining: 100, pillsPerDay: 1, countedOn: "2024-02-28" }, "2024-03-01")).toBe(98); // leap day
  });

  it("never goes below 0", () => {
    expect(dailyCount({ pillsRemaining: 5, pillsPerDay: 2, countedOn: "2025-01-01" }, "2025-01-03")).toBe(1);
    expect(dailyCount({ pillsRemaining: 5, pillsPerDay: 2, countedOn: "2025-01-01" }, "2025-01-04")).toBe(0);
    expect(dailyCount({ pillsRemaining: 5, pillsPerDay: 2, countedOn: "2025-01-01" }, "2026-01-01")).toBe(0);
  });

  it("does not add pills when today is before countedOn (the user moved to a zone further west)", () => {
    expect(dailyCount({ pillsRemaining: 10, pillsPerDay: 1, countedOn: "2025-01-06" }, "2025-01-05")).toBe(10);
  });

  it("keeps float noise out of the count", () => {
    expect(1.1 - 0.5 * 2).not.toBe(0.1);
    expect(dailyCount({ pillsRemaining: 1.1, pillsPerDay: 0.5, countedOn: "2025-01-01" }, "2025-01-03")).toBe(0.1);
    expect(roundPills(0.1 + 0.2)).toBe(0.3);
  });
});

describe("countdown in the user's time zone", () => {
  const stored = { pillsRemaining: 10, pillsPerDay: 1, countedOn: "2024-12-31" };

  it("at one instant Kiritimati (UTC+14), UTC and Pago Pago (UTC−11) are on three different dates", () => {
    const instant = at("2025-01-01T10:30:00Z");
    expect(todayIn("Pacific/Kiritimati", instant)).toBe("2025-01-02"); // 00:30 on the 2nd
    expect(todayIn("UTC", instant)).toBe("2025-01-01");
    expect(todayIn("Pacific/Pago_Pago", instant)).toBe("2024-12-31"); // 23:30 on the 31st
    expect(dailyCount(stored, todayIn("Pacific/Kiritimati", instant))).toBe(8);
    expect(dailyCount(stored, todayIn("UTC", instant))).toBe(9);
    expect(dailyCount(stored, todayIn("Pacific/Pago_Pago", instant))).toBe(10);
  });

  it("a dose is counted at local midnight, not at UTC midnight", () => {
    // Kiritimati's midnight is 10:00 UTC the day before.
    expect(dailyCount(stored, todayIn("Pacific/Kiritimati", at("2024-12-31T09:59:59Z")))).toBe(10);
    expect(dailyCount(stored, todayIn("Pacific/Kiritimati", at("2024-12-31T10:00:00Z")))).toBe(9);
    // Pago Pago's midnight is 11:00 UTC the same day.
    expect(dailyCount(stored, todayIn("Pacific/Pago_Pago", at("2025-01-01T10:59:59Z")))).toBe(10);
    expect(dailyCount(stored, todayIn("Pacific/Pago_Pago", at("2025-01-01T11:00:00Z")))).toBe(9);
  });

  it("counts calendar days across a DST change (New York, spring forward on 2025-03-09)", () => {
    const beforeDst = { pillsRemaining: 10, pillsPerDay: 1, countedOn: "2025-03-08" };
    expect(dailyCount(beforeDst, todayIn("America/New_York", at("2025-03-10T03:30:00Z")))).toBe(9); // 23:30 EDT on the 9th
    expect(dailyCount(beforeDst, todayIn("America/New_York", at("2025-03-10T04:30:00Z")))).toBe(8); // 00:30 EDT on the 10th
  });

  it("falls back to UTC for a zone the runtime does not know", () => {
    expect(todayIn("Mars/Olympus_Mons", at("2025-01-01T23:30:00Z"))).toBe("2025-01-01");
  });

  it("half-hour zones turn the day at their own midnight (Kolkata, UTC+05:30)", () => {
    expect(todayIn("Asia/Kolkata", at("2025-01-01T18:29:00Z"))).toBe("2025-01-01");
    expect(todayIn("Asia/Kolkata", at("2025-01-01T18:30:00Z"))).toBe("2025-01-02");
  });
});
