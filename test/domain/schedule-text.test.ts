import { describe, expect, it } from "vitest";
import { medicationsCsv, readMedicationsCsv, type ListedMedication } from "../../src/domain/medication-csv";
import type { Schedule } from "../../src/domain/regimen";
import { readScheduleText, scheduleText } from "../../src/domain/schedule-text";

// The CSV's unit and schedule columns: readable, read back, and an older file without them.

/** The account's today, for the last refill dates (none here is after it). */
const TODAY = "2026-11-26";

const SCHEDULES: Array<[Schedule, string]> = [
  [{ type: "daily", dose: 1 }, "daily 1"],
  [{ type: "weekdays", dose: 1, days: ["mon", "wed", "fri"] }, "weekdays 1 mon wed fri"],
  [{ type: "interval", dose: 6, everyDays: 7, startsOn: "2026-11-23" }, "every 7 days 6 from 2026-11-23"],
  [{ type: "asNeeded", perWeek: 6 }, "as needed 6 a week"],
];

const listed = (schedule: Schedule, unit: ListedMedication["unit"]): ListedMedication => ({
  name: `Med ${schedule.type}`,
  pillsPerDay: 1,
  pillsRemaining: 200,
  pillsPerRefill: 200,
  lastRefillDate: null,
  pharmacyName: "Corner",
  pharmacyPhone: "+12125550100",
  refillsLeft: null,
  prescriptionExpiresOn: null,
  unit,
  schedule,
  packageItems: null,
  packageAmount: null,
});

describe("schedule text", () => {
  it.each(SCHEDULES)("%j ↔ %s", (schedule, text) => {
    expect(scheduleText(schedule)).toBe(text);
    expect(readScheduleText(text)).toEqual(schedule);
    expect(readScheduleText(`  ${text.toUpperCase()} `)).toEqual(schedule);
  });

  it("export → import reads the same unit and schedule back", () => {
    const csv = medicationsCsv(
      SCHEDULES.map(([schedule], i) => listed(schedule, (["tablet", "capsule", "injection", "puff"] as const)[i]!)),
      TODAY,
    );
    const reading = readMedicationsCsv(csv, TODAY);
    expect(reading.errors).toEqual([]);
    expect(reading.items.map((i) => [i.medication.unit, i.medication.schedule])).toEqual(
      SCHEDULES.map(([schedule], i) => [["tablet", "capsule", "injection", "puff"][i], schedule]),
    );
  });

  it("an older file without the columns imports daily tablets of pills_per_day", () => {
    const reading = readMedicationsCsv("name,pills_per_day,pills_remaining,pills_per_refill,pharmacy\nAspirin,1.5,30,30,Corner\n", TODAY);
    expect(reading.errors).toEqual([]);
    expect(reading.items[0]!.medication).toMatchObject({ pillsPerDay: 1.5, unit: undefined, schedule: undefined });
  });

  it("a schedule that is none of the four forms, or a bad day, is the form's error", () => {
    const reading = readMedicationsCsv(
      "name,pills_per_day,pills_remaining,pills_per_refill,pharmacy,schedule,unit\nA,1,30,30,Corner,twice daily,\nB,1,30,30,Corner,weekdays 1 mon funday,\nC,1,30,30,Corner,daily 1,bottle\n",
      TODAY,
    );
    expect(reading.errors).toEqual([
      { row: 2, message: "How often must be every day, on certain days, every few days or as needed" },
      { row: 3, message: "Days must be mon, tue, wed, thu, fri, sat or sun" },
      { row: 4, message: "Unit must be one of tablet, capsule, ml, puff, unit, patch, drop, injection or application" },
    ]);
  });
});

describe("counts in a medication's unit, pluralised in every language", () => {
  it("says '1 puff', '2 puffs', '5 ml', and Arabic's forms", async () => {
    const { unitCountText } = await import("../../src/domain/unit-text");
    const { inLocale } = await import("../../src/i18n/current");
    expect([unitCountText("puff", 1), unitCountText("puff", 2), unitCountText("ml", 5), unitCountText("unit", 10)]).toEqual([
      "1 puff",
      "2 puffs",
      "5 ml",
      "10 units",
    ]);
    expect(inLocale({ language: "de", locale: "de" }, () => unitCountText("injection", 2))).toBe("2 Injektionen");
    expect(inLocale({ language: "ar", locale: "ar-EG" }, () => unitCountText("drop", 2))).toBe("قطرتان");
  });
});
