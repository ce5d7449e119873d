import { describe, expect, it } from "vitest";
import { doseWarning, isWeeklyOrLonger, weeklyDrugIn } from "../../src/domain/dose-safety";
import { WEEKLY_DRUGS } from "../../src/domain/weekly-drugs";

// Weekly drugs: which names ask for a confirmation before a schedule more frequent than weekly, and
// plausible doses: which doses ask before they are saved (src/domain/dose-safety.ts).

const LANGUAGES = ["en", "es", "fr", "de", "pt", "hi", "ar", "zh"] as const;
const methotrexate = WEEKLY_DRUGS[0]!;

describe("weekly-only drugs: the name matcher", () => {
  it("lists at least methotrexate, alendronate, risedronate and ibandronate, each named in all 8 languages", () => {
    expect(WEEKLY_DRUGS.map((drug) => drug.names.en)).toEqual(
      expect.arrayContaining(["Methotrexate", "Alendronate", "Risedronate", "Ibandronate"]),
    );
    for (const drug of WEEKLY_DRUGS)
      for (const language of LANGUAGES) expect(drug.names[language], `${drug.names.en} in ${language}`).toMatch(/\S/);
    expect(Object.values(methotrexate.names)).toEqual([
      "Methotrexate",
      "Metotrexato",
      "Méthotrexate",
      "Methotrexat",
      "Metotrexato",
      "मेथोट्रेक्सेट",
      "ميثوتريكسات",
      "甲氨蝶呤",
    ]);
  });

  it("finds every drug by each of its 8 names, as typed in a longer name", () => {
    for (const drug of WEEKLY_DRUGS) {
      for (const language of LANGUAGES) {
        const name = drug.names[language];
        expect(weeklyDrugIn(name), name).toBe(drug);
        expect(weeklyDrugIn(`${name} 2.5 mg`), `${name} 2.5 mg`).toBe(drug);
        expect(weeklyDrugIn(`(${name})`), `(${name})`).toBe(drug);
      }
    }
  });

  it("ignores case and accents both ways", () => {
    for (const name of [
      "METHOTREXATE 2.5MG",
      "methotrexate",
      "Methotrexate 2.5mg",
      "methotrexat",
      "Methotrexate-Natrium",
      "metotrexato sódico",
      "Methotrexate",
      "methotrexate",
      "Méthotrexate",
      "ALENDRONATE 70 mg",
      "acide alendronique",
      "ALENDRONSÄURE",
      "Alendronsaure",
      "risédronate",
      "Risedronate",
      "ácido ibandrónico",
      "acido ibandronico",
      "ميثوتركسات",
      "甲氨蝶呤片",
    ]) {
      expect(weeklyDrugIn(name), name).not.toBeNull();
    }
  });

  it("finds an Arabic name written with the article or a joined preposition (ال, وال, بال, لل)", () => {
    for (const name of [
      "الميثوتريكسات",
      "أقراص الميثوتريكسات 2.5 ملغ",
      "والميثوتريكسات",
      "بالميثوتريكسات",
      "الأليندرونات",
      "للإيباندرونات",
    ]) {
      expect(weeklyDrugIn(name), name).not.toBeNull();
    }
    // The article is only taken off a longer word: "ال" alone and words that merely start so stay as typed.
    for (const name of ["ال", "الفوليك", "حمض الفوليك"]) expect(weeklyDrugIn(name), name).toBeNull();
  });

  it("finds the common brand names patients copy from the box", () => {
    const brands: [string, string][] = [
      ["Trexall 2.5 mg", "Methotrexate"],
      ["Otrexup", "Methotrexate"],
      ["Rasuvo", "Methotrexate"],
      ["Metoject 15 mg", "Methotrexate"],
      ["Jylamvo", "Methotrexate"],
      ["Xatmep", "Methotrexate"],
      ["Lantarel", "Methotrexate"],
      ["Metex", "Methotrexate"],
      ["Novatrex", "Methotrexate"],
      ["Imeth", "Methotrexate"],
      ["Fosamax 70 mg", "Alendronate"],
      ["Fosavance", "Alendronate"],
      ["Binosto", "Alendronate"],
      ["福善美", "Alendronate"],
      ["Actonel 35 mg", "Risedronate"],
      ["Atelvia", "Risedronate"],
      ["Boniva", "Ibandronate"],
      ["Bonviva 150 mg", "Ibandronate"],
    ];
    for (const [name, drug] of brands) expect(weeklyDrugIn(name)?.names.en, name).toBe(drug);
  });

  it("matches whole words only, and nothing else", () => {
    for (const name of [
      "Methotrexatex",
      "premethotrexate",
      "Metformin",
      "Folic acid",
      "Prednisone",
      "Aspirin 100 mg",
      "Acid reflux tablets",
      "Alendro",
      "甲氨",
      "",
    ]) {
      expect(weeklyDrugIn(name), name).toBeNull();
    }
  });
});

describe("what a save must confirm", () => {
  it("a weekly-only drug on anything but one day a week or every 7+ days", () => {
    expect(isWeeklyOrLonger({ type: "weekdays", dose: 6, days: ["sun"] })).toBe(true);
    expect(isWeeklyOrLonger({ type: "interval", dose: 6, everyDays: 7, startsOn: "2026-11-23" })).toBe(true);
    expect(isWeeklyOrLonger({ type: "interval", dose: 1, everyDays: 30, startsOn: "2026-11-23" })).toBe(true);
    expect(isWeeklyOrLonger({ type: "interval", dose: 6, everyDays: 6, startsOn: "2026-11-23" })).toBe(false);
    expect(isWeeklyOrLonger({ type: "weekdays", dose: 6, days: ["mon", "thu"] })).toBe(false);
    expect(isWeeklyOrLonger({ type: "daily", dose: 6 })).toBe(false);
    expect(isWeeklyOrLonger({ type: "asNeeded", perWeek: 6 })).toBe(false);
    expect(doseWarning("Methotrexate 2.5mg", { type: "daily", dose: 6 }, "tablet")).toMatchObject({
      code: "confirm_weekly_drug",
      drug: methotrexate,
    });
    expect(doseWarning("Methotrexate 2.5mg", { type: "weekdays", dose: 6, days: ["sun"] }, "tablet")).toBeNull();
  });

  it("Plausible doses: above 10 tablets, capsules, patches or injections, 20 drops, puffs, ml or applications, 300 units", () => {
    const at = (dose: number, unit: Parameters<typeof doseWarning>[2]) =>
      doseWarning("Aspirin", { type: "daily", dose }, unit)?.code ?? null;
    for (const unit of ["tablet", "capsule", "patch", "injection"] as const)
      expect([at(10, unit), at(10.25, unit)]).toEqual([null, "confirm_large_dose"]);
    for (const unit of ["drop", "puff", "ml", "application"] as const)
      expect([at(20, unit), at(20.25, unit)]).toEqual([null, "confirm_large_dose"]);
    expect([at(300, "unit"), at(301, "unit"), at(500, "tablet")]).toEqual([null, "confirm_large_dose", "confirm_large_dose"]);
    // Unknown unit (an edit that keeps it) and as-needed estimates are not judged.
    expect([at(500, undefined), doseWarning("Inhaler", { type: "asNeeded", perWeek: 500 }, "puff")]).toEqual([null, null]);
  });
});
