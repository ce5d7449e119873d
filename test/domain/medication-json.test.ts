import { describe, expect, it } from "vitest";
import { sortedMedicationsJson } from "../../src/data/medication-json";
import { toSortedMedications, type MedicationRecord } from "../../src/data/medications";
import { inLocale } from "../../src/i18n/current";
import { UNLOGGED } from "../../src/domain/logged-doses";

// The kept JSON must be exactly what serialising a fresh answer writes, in every language and on
// every day, and any change to a stored value must give the new answer, not the kept one.

const weekly = JSON.stringify({
  changes: [{ effectiveFrom: "2026-11-01", schedule: { type: "interval", dose: 6, everyDays: 7, startsOn: "2026-11-06" } }],
  pauses: [{ from: "2026-12-01", until: "2026-12-10" }],
});
const base: MedicationRecord = {
  id: 7,
  name: "Methotrexate 2.5mg",
  pharmacyId: 3,
  pillsPerDay: 6 / 7,
  pillsRemaining: 24,
  countedOn: "2026-11-20",
  pillsPerRefill: 24,
  lastRefillDate: null,
  refillsLeft: 2,
  prescriptionExpiresOn: "2027-01-31",
  unit: "tablet",
  regimen: weekly,
  ...UNLOGGED,
  packageItems: null,
  packageAmount: null,
};
const other: MedicationRecord = {
  ...base,
  id: 8,
  name: "aspirin",
  pillsPerDay: 1,
  pillsRemaining: 40,
  regimen: JSON.stringify({ changes: [], pauses: [] }),
  unit: "tablet",
  refillsLeft: null,
  prescriptionExpiresOn: null,
};
const fresh = (rows: MedicationRecord[], today: string) => JSON.stringify(toSortedMedications(rows, today));

describe("sortedMedicationsJson", () => {
  it("writes what serialising a fresh sorted answer writes, again and again, in each language", () => {
    for (const scope of [
      { language: "en", locale: "en" },
      { language: "de", locale: "de" },
      { language: "ar", locale: "ar-EG" },
      { language: "en", locale: "en-GB" },
    ]) {
      inLocale(scope, () => {
        for (let i = 0; i < 2; i++) {
          const json = sortedMedicationsJson([base, other], "2026-11-26");
          expect(json).toBe(fresh([base, other], "2026-11-26"));
          expect((JSON.parse(json) as Array<{ name: string }>).map((m) => m.name)).toEqual(["aspirin", "Methotrexate 2.5mg"]);
        }
      });
    }
    const german = inLocale({ language: "de", locale: "de" }, () => sortedMedicationsJson([base], "2026-11-26"));
    expect(german).not.toBe(sortedMedicationsJson([base], "2026-11-26"));
  });

  it("answers anew when today or any stored value differs", () => {
    const first = sortedMedicationsJson([base], "2026-11-26");
    const variants: Array<[MedicationRecord, string]> = [
      [base, "2026-12-02"],
      [{ ...base, name: "Methotrexate 10mg" }, "2026-11-26"],
      [{ ...base, pharmacyId: 4 }, "2026-11-26"],
      [{ ...base, pillsRemaining: 12 }, "2026-11-26"],
      [{ ...base, countedOn: "2026-11-10" }, "2026-11-26"],
      [{ ...base, pillsPerRefill: 30 }, "2026-11-26"],
      [{ ...base, lastRefillDate: "2026-11-19" }, "2026-11-26"],
      [{ ...base, refillsLeft: null }, "2026-11-26"],
      [{ ...base, prescriptionExpiresOn: null }, "2026-11-26"],
      [{ ...base, unit: "capsule" }, "2026-11-26"],
      [{ ...base, regimen: weekly.replace('"everyDays":7', '"everyDays":14') }, "2026-11-26"],
    ];
    for (const [row, today] of variants) {
      const json = sortedMedicationsJson([row], today);
      expect(json).toBe(fresh([row], today));
      expect(json).not.toBe(first);
    }
  });

  it("writes an empty list as []", () => {
    expect(sortedMedicationsJson([], "2026-11-26")).toBe("[]");
  });
});
