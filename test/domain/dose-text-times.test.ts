import { describe, expect, it } from "vitest";
import { doseText } from "../../src/domain/dose-text";
import { inLocale } from "../../src/i18n/current";

// A schedule with times of day is worded with them ('1 tablet at 8:00 AM and 8:00 PM'), each time
// on the locale's own clock: a patient reading only 'Dose: 2 tablets daily' cannot tell once at 2
// from twice at 1, and the reminders go at these times.

const TODAY = "2026-11-25"; // a Wednesday
const TWICE = [
  { at: "20:00", dose: 1 },
  { at: "08:00", dose: 1 },
];
const inLanguage = (language: string, locale: string, make: () => string) => inLocale({ language, locale }, make);

describe("dose text with times", () => {
  it("Times of day: a daily dose at two times names both, in clock order, in English's 12-hour clock", () => {
    expect(doseText({ type: "daily", dose: 2, times: TWICE }, "tablet", TODAY)).toBe("1 tablet at 8:00 AM and 8:00 PM");
  });

  it("Times of day: each language writes its own clock and its own 'and'", () => {
    const daily = { type: "daily", dose: 2, times: TWICE } as const;
    expect(inLanguage("de", "de", () => doseText(daily, "tablet", TODAY))).toBe("1 Tablette um 08:00 und 20:00");
    expect(inLanguage("fr", "fr", () => doseText(daily, "tablet", TODAY))).toBe("1 comprimé à 08:00 et 20:00");
    expect(inLanguage("en", "en-GB", () => doseText(daily, "tablet", TODAY))).toBe("1 tablet at 08:00 and 20:00");
  });

  it("Times of day: different amounts are grouped by amount, never summed into one", () => {
    const times = [
      { at: "08:00", dose: 1 },
      { at: "13:00", dose: 2 },
      { at: "20:00", dose: 1 },
    ];
    expect(doseText({ type: "daily", dose: 4, times }, "tablet", TODAY)).toBe("1 tablet at 8:00 AM and 8:00 PM, 2 tablets at 1:00 PM");
  });

  it("Times of day: weekdays, weekly and interval schedules keep their days with the times", () => {
    const one = [{ at: "09:30", dose: 6 }];
    expect(doseText({ type: "weekdays", dose: 1, days: ["fri", "mon"], times: [{ at: "07:15", dose: 1 }] }, "tablet", TODAY)).toBe(
      "1 tablet at 7:15 AM, Mon, Fri",
    );
    expect(doseText({ type: "weekdays", dose: 6, days: ["sun"], times: one }, "tablet", TODAY)).toBe("6 tablets at 9:30 AM, every Sunday");
    expect(doseText({ type: "interval", dose: 6, everyDays: 7, startsOn: "2026-11-23", times: one }, "tablet", TODAY)).toBe(
      "6 tablets at 9:30 AM, every 7 days, next on Monday, Nov 30",
    );
  });

  it("Times of day: without times (or with an empty list) the wording is today's", () => {
    expect(doseText({ type: "daily", dose: 2, times: [] }, "tablet", TODAY)).toBe("2 tablets daily");
  });
});
