import { describe, expect, it } from "vitest";
import { medicationsCsv, readMedicationsCsv, type ListedMedication } from "../../src/domain/medication-csv";
import { inLocale } from "../../src/i18n/current";

// Finding: an export said nothing of the day its counts were taken, and an import counted them from
// its own day. The counted_on column (written by the export, read by the import, bounded like the
// add form's 'Pills counted on'), the columns an import needs today, and the preview's schedule in
// words rather than an average per day.

/** The account's today. */
const TODAY = "2026-11-26";
const HEADER = "name,pills_remaining,pills_per_refill,pharmacy,unit,schedule,counted_on";
const file = (...rows: string[]) => [HEADER, ...rows].join("\n");

const listed: ListedMedication = {
  name: "Metformin",
  pillsPerDay: 1,
  pillsRemaining: 25,
  pillsPerRefill: 30,
  lastRefillDate: null,
  pharmacyName: "Corner",
  pharmacyPhone: null,
  refillsLeft: null,
  prescriptionExpiresOn: null,
  unit: "tablet",
  schedule: { type: "daily", dose: 1 },
  packageItems: null,
  packageAmount: null,
};

describe("counted_on", () => {
  it("the export writes its day on every row, and the import reads it back", () => {
    const csv = medicationsCsv([listed, { ...listed, name: "Aspirin" }], "2026-11-20");
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    const countedOn = header!.split(",").indexOf("counted_on");
    expect(countedOn).toBeGreaterThan(0);
    expect(rows.map((row) => row.split(",")[countedOn])).toEqual(["2026-11-20", "2026-11-20"]);
    const reading = readMedicationsCsv(csv, TODAY);
    expect(reading.errors).toEqual([]);
    expect(reading.items.map((item) => item.medication.countedOn)).toEqual(["2026-11-20", "2026-11-20"]);
  });

  it("empty or left out: no date (the import's day), as in an older file", () => {
    expect(readMedicationsCsv(file("A,30,30,Corner,tablet,daily 1,"), TODAY).items[0]!.medication.countedOn).toBeNull();
    const older = readMedicationsCsv("name,pills_per_day,pills_remaining,pills_per_refill,pharmacy\nA,1,30,30,Corner\n", TODAY);
    expect(older.items[0]!.medication.countedOn).toBeNull();
  });

  it("today and exactly a year back are taken; a later day, an older one or no real date is a problem of its row", () => {
    const reading = readMedicationsCsv(
      file(
        "Today,30,30,Corner,tablet,daily 1,2026-11-26",
        "Year,30,30,Corner,tablet,daily 1,2025-11-26",
        "Tomorrow,30,30,Corner,tablet,daily 1,2026-11-27",
        "Too old,30,30,Corner,tablet,daily 1,2025-11-25",
        "Floor,30,30,Corner,tablet,daily 1,1899-12-31",
        "No such day,30,30,Corner,tablet,daily 1,2026-02-30",
        "Not a date,30,30,Corner,tablet,daily 1,26/11/2026",
      ),
      TODAY,
    );
    expect(reading.items.map((item) => [item.row, item.medication.countedOn])).toEqual([
      [2, "2026-11-26"],
      [3, "2025-11-26"],
    ]);
    expect(reading.errors).toEqual([
      { row: 4, message: "The count date cannot be in the future" },
      { row: 5, message: "The count date can be at most a year ago" },
      { row: 6, message: expect.stringMatching(/^Enter a date from .*1900/) },
      { row: 7, message: "The count date must be a real date" },
      { row: 8, message: "The count date must be a date (YYYY-MM-DD)" },
    ]);
  });
});

describe("the columns an import needs today", () => {
  it("unit and schedule without pills_per_day import; a file with neither schedule nor pills_per_day names the missing column", () => {
    const reading = readMedicationsCsv(file("Vitamin D,4,4,Corner,capsule,weekdays 1 sun,"), TODAY);
    expect(reading.errors).toEqual([]);
    expect(reading.items[0]!.medication).toMatchObject({ unit: "capsule", schedule: { type: "weekdays", dose: 1, days: ["sun"] } });
    expect(readMedicationsCsv("name,pills_remaining,pills_per_refill,pharmacy\nA,30,30,Corner\n", TODAY).errors).toEqual([
      { row: 1, message: "The header row has no schedule column." },
    ]);
  });

  it("a row with neither a schedule nor pills_per_day says how much is taken is missing", () => {
    const reading = readMedicationsCsv("name,pills_per_day,pills_remaining,pills_per_refill,pharmacy,schedule\nA,,30,30,Corner,\n", TODAY);
    expect(reading.errors).toEqual([{ row: 2, message: "Must take at least 0.25 pills per day" }]);
  });
});

describe("the preview's schedule in words (finding: a weekly dose showed as 0.143 a day)", () => {
  it("each row's schedule as the dashboard says it, in the reader's language", () => {
    const text = file(
      "Alendronate,4,4,Corner,tablet,weekdays 1 sun,",
      "Metformin,60,60,Corner,tablet,daily 2,",
      "Vitamin B12,3,3,Corner,injection,every 30 days 1 from 2026-11-20,",
      "Salbutamol,200,200,Corner,puff,as needed 6 a week,",
      "Broken,30,30,Corner,tablet,twice daily,",
    );
    const doses = (reading: ReturnType<typeof readMedicationsCsv>) => reading.rows.map((row) => row.doseText);
    expect(doses(readMedicationsCsv(text, TODAY))).toEqual([
      "1 tablet every Sunday",
      "2 tablets daily",
      "1 injection every 30 days, next on Sunday, Dec 20",
      "As needed, about 6 puffs a week",
      undefined,
    ]);
    expect(inLocale({ language: "es", locale: "es" }, () => doses(readMedicationsCsv(text, TODAY)))[0]).toMatch(/domingo/);
    const older = readMedicationsCsv("name,pills_per_day,pills_remaining,pills_per_refill,pharmacy\nAspirin,1.5,30,30,Corner\n", TODAY);
    expect(doses(older)).toEqual(["1.5 tablets daily"]);
  });
});
