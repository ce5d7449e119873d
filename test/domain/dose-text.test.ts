import { describe, expect, it } from "vitest";
import { doseText } from "../../src/domain/dose-text";
import { inLocale } from "../../src/i18n/current";

// The dashboard's Dose column and the medication page: one sentence per schedule type.

describe("dose text", () => {
  it("writes each schedule type in English", () => {
    expect(doseText({ type: "daily", dose: 1 }, "tablet")).toBe("1 tablet daily");
    expect(doseText({ type: "daily", dose: 1.5 }, "tablet")).toBe("1.5 tablets daily");
    expect(doseText({ type: "weekdays", dose: 1, days: ["fri", "mon", "wed"] }, "tablet")).toBe("1 tablet Mon, Wed, Fri");
    expect(doseText({ type: "interval", dose: 6, everyDays: 7, startsOn: "2026-11-23" }, "tablet")).toBe("6 tablets every 7 days");
    expect(doseText({ type: "interval", dose: 1, everyDays: 28, startsOn: "2026-11-23" }, "injection")).toBe("1 injection every 28 days");
    expect(doseText({ type: "asNeeded", perWeek: 6 }, "puff")).toBe("As needed, about 6 puffs a week");
    expect(doseText({ type: "daily", dose: 5 }, "ml")).toBe("5 ml daily");
  });

  it("uses the locale's weekday names and plurals", () => {
    const inFrench = inLocale({ language: "fr", locale: "fr" }, () => doseText({ type: "weekdays", dose: 2, days: ["mon", "wed"] }, "capsule"));
    expect(inFrench).toBe("2 gélules lun., mer.");
    const inGerman = inLocale({ language: "de", locale: "de" }, () => doseText({ type: "interval", dose: 6, everyDays: 7, startsOn: "2026-11-23" }, "tablet"));
    expect(inGerman).toBe("6 Tabletten alle 7 Tage");
    const inSpanish = inLocale({ language: "es", locale: "es" }, () => doseText({ type: "asNeeded", perWeek: 6 }, "puff"));
    expect(inSpanish).toBe("Según sea necesario, aprox. 6 inhalaciones a la semana");
  });
});
