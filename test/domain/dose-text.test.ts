import { describe, expect, it } from "vitest";
import { doseText } from "../../src/domain/dose-text";
import { nextIntervalDose } from "../../src/domain/weekly-text";
import { inLocale } from "../../src/i18n/current";

// The dashboard's Dose column and the medication page: one sentence per schedule type. A weekly or
// interval dose names its day ('every Sunday', 'next on Monday, Nov 30').

const TODAY = "2026-11-25"; // a Wednesday
const WEEKLY_INTERVAL = { type: "interval", dose: 6, everyDays: 7, startsOn: "2026-11-23" } as const;

describe("dose text", () => {
  it("writes each schedule type in English", () => {
    expect(doseText({ type: "daily", dose: 1 }, "tablet", TODAY)).toBe("1 tablet daily");
    expect(doseText({ type: "daily", dose: 1.5 }, "tablet", TODAY)).toBe("1.5 tablets daily");
    expect(doseText({ type: "weekdays", dose: 1, days: ["fri", "mon", "wed"] }, "tablet", TODAY)).toBe("1 tablet Mon, Wed, Fri");
    expect(doseText(WEEKLY_INTERVAL, "tablet", TODAY)).toBe("6 tablets every 7 days, next on Monday, Nov 30");
    expect(doseText({ type: "interval", dose: 1, everyDays: 28, startsOn: "2026-11-23" }, "injection", TODAY)).toBe(
      "1 injection every 28 days, next on Monday, Dec 21",
    );
    expect(doseText({ type: "asNeeded", perWeek: 6 }, "puff", TODAY)).toBe("As needed, about 6 puffs a week");
    expect(doseText({ type: "daily", dose: 5 }, "ml", TODAY)).toBe("5 ml daily");
  });

  it("Weekly drugs: a dose on one day of the week names that day in full", () => {
    expect(doseText({ type: "weekdays", dose: 6, days: ["sun"] }, "tablet", TODAY)).toBe("6 tablets every Sunday");
    const inSpanish = inLocale({ language: "es", locale: "es" }, () =>
      doseText({ type: "weekdays", dose: 6, days: ["sun"] }, "tablet", TODAY),
    );
    expect(inSpanish).toBe("6 pastillas cada domingo");
    const inChinese = inLocale({ language: "zh", locale: "zh" }, () =>
      doseText({ type: "weekdays", dose: 1, days: ["sun"] }, "tablet", TODAY),
    );
    expect(inChinese).toBe("每星期日 1 片");
  });

  it("Weekly drugs: an interval names its next dose day, counted from today (its start while that is ahead)", () => {
    expect(nextIntervalDose(WEEKLY_INTERVAL, "2026-11-23")).toBe("2026-11-23");
    expect(nextIntervalDose(WEEKLY_INTERVAL, "2026-11-24")).toBe("2026-11-30");
    expect(nextIntervalDose(WEEKLY_INTERVAL, "2026-11-30")).toBe("2026-11-30");
    expect(nextIntervalDose(WEEKLY_INTERVAL, "2026-11-01")).toBe("2026-11-23");
    expect(doseText(WEEKLY_INTERVAL, "tablet", "2026-11-30")).toBe("6 tablets every 7 days, next on Monday, Nov 30");
  });

  it("uses the locale's weekday names and plurals", () => {
    const inFrench = inLocale({ language: "fr", locale: "fr" }, () =>
      doseText({ type: "weekdays", dose: 2, days: ["mon", "wed"] }, "capsule", TODAY),
    );
    expect(inFrench).toBe("2 gélules lun., mer.");
    const inGerman = inLocale({ language: "de", locale: "de" }, () => doseText(WEEKLY_INTERVAL, "tablet", TODAY));
    expect(inGerman).toBe("6 Tabletten alle 7 Tage, nächste am Montag, 30. Nov.");
    const inSpanish = inLocale({ language: "es", locale: "es" }, () => doseText({ type: "asNeeded", perWeek: 6 }, "puff", TODAY));
    expect(inSpanish).toBe("Según sea necesario, aprox. 6 inhalaciones a la semana");
  });
});
