import rawTimeZones from "@vvo/tzdb/raw-time-zones.json";
import { describe, expect, it } from "vitest";
import { offsetAt } from "../../src/domain/time";
import { resolveTimeZone, timeZoneOptions, timeZonesAt, type TimeZoneRecord } from "../../src/domain/timezones";
import { TIME_ZONE_NAME } from "../../src/shared/settings-schemas";
import { clockIn, matchTimeZone } from "../../islands/settings/zones";
import { inLocale } from "../../src/i18n/current";

const JANUARY = Date.UTC(2025, 0, 15, 12);
const JULY = Date.UTC(2025, 6, 15, 12);

describe("the time-zone list", () => {
  const list = timeZonesAt(JANUARY);

  it("carries each zone's offset at that instant", () => {
    expect(list.find((z) => z.name === "Asia/Kathmandu")!.currentOffsetInMinutes).toBe(345);
    expect(list.find((z) => z.name === "America/New_York")!.currentOffsetInMinutes).toBe(-300);
    expect(timeZonesAt(JULY).find((z) => z.name === "America/New_York")!.currentOffsetInMinutes).toBe(-240);
    for (const zone of list) expect(zone.currentOffsetInMinutes * 60_000).toBe(offsetAt(JANUARY, zone.name));
  });

  it("is sorted by current offset, then alternative name, then first city", () => {
    for (let i = 1; i < list.length; i++) {
      const [a, b] = [list[i - 1], list[i]];
      const order =
        a.currentOffsetInMinutes - b.currentOffsetInMinutes ||
        a.alternativeName.localeCompare(b.alternativeName) ||
        a.mainCities[0].localeCompare(b.mainCities[0]);
      expect(order, `${a.name} before ${b.name}`).toBeLessThanOrEqual(0);
    }
  });

  it("keeps every valid reference zone, three-part names included, and carries the reference fields", () => {
    expect(list).toHaveLength((rawTimeZones as TimeZoneRecord[]).length);
    expect(list.some((z) => z.name === "America/Argentina/Buenos_Aires")).toBe(true);
    expect(Object.keys(list[0]).sort()).toEqual(
      [
        "name",
        "alternativeName",
        "group",
        "continentCode",
        "continentName",
        "countryName",
        "countryCode",
        "mainCities",
        "rawOffsetInMinutes",
        "abbreviation",
        "rawFormat",
        "currentOffsetInMinutes",
      ].sort(),
    );
  });

  it("drops names that break the rule: letters, _, + or -, at most three '/'-parts of 1-256 characters", () => {
    const base = (rawTimeZones as TimeZoneRecord[]).find((z) => z.name === "Europe/Paris")!;
    const names = [
      "Europe/Paris",
      "Etc/GMT+5",
      "Too/Many/Parts/Here",
      "Bad Name/Space",
      "",
      `Europe/${"a".repeat(257)}`,
      "Europe/",
      "<script>/x",
    ];
    const kept = timeZonesAt(
      JANUARY,
      names.map((name) => ({ ...base, name })),
    ).map((z) => z.name);
    expect(kept).toEqual(["Europe/Paris"]);
    expect(TIME_ZONE_NAME.test(`A/${"b".repeat(256)}/c`)).toBe(true);
  });
});

describe("zone names in the page's language (the list was English in every language)", () => {
  const kolkata = (locale: string) =>
    inLocale({ language: locale.split("-")[0]!, locale }, () => timeZoneOptions(JANUARY).find((o) => o.name === "Asia/Kolkata"));

  it("names each zone with Intl's generic name and offset in the locale, beside its city", () => {
    expect(kolkata("en")).toEqual({ name: "Asia/Kolkata", city: "Kolkata", zone: "India Standard Time", offset: "GMT+05:30" });
    expect(kolkata("es")).toMatchObject({ zone: "hora estándar de la India", offset: "GMT+05:30" });
    expect(kolkata("de")).toMatchObject({ zone: "Indische Normalzeit" });
    expect(kolkata("zh")).toMatchObject({ zone: "印度时间" });
    expect(kolkata("hi")).toMatchObject({ zone: "भारतीय मानक समय" });
    // ar-EG writes Arabic-Indic digits, the offset too.
    expect(kolkata("ar-EG")).toMatchObject({ zone: "توقيت الهند", offset: "غرينتش+٠٥:٣٠" });
  });

  it("the city is the zone's own, with the list's accents where it has them", () => {
    const options = timeZoneOptions(JANUARY);
    const city = (name: string) => options.find((o) => o.name === name)?.city;
    expect([city("Asia/Kolkata"), city("America/Bogota"), city("America/Argentina/Buenos_Aires"), city("America/Mexico_City")]).toEqual([
      "Kolkata",
      "Bogotá",
      "Buenos Aires",
      "Mexico City",
    ]);
  });

  it("sorts by offset, then by the name as the locale sorts it, then by city", () => {
    const options = inLocale({ language: "es", locale: "es" }, () => timeZoneOptions(JANUARY));
    const at = (name: string) => options.findIndex((o) => o.name === name);
    expect(at("Pacific/Kiritimati")).toBe(options.length - 1);
    expect(at("Europe/Berlin")).toBeLessThan(at("Africa/Cairo"));
    const cet = options.filter((o) => o.zone === "hora de Europa central").map((o) => o.city);
    expect(cet).toEqual([...cet].sort(new Intl.Collator("es").compare));
  });
});

describe("zones in requests", () => {
  it("answers the list's name for a name or an alias, UTC for the record default, null otherwise", () => {
    expect(resolveTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
    expect(resolveTimeZone("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(resolveTimeZone("US/Eastern")).toBe("America/New_York");
    expect(resolveTimeZone("UTC")).toBe("UTC");
    expect(resolveTimeZone("Mars/Olympus_Mons")).toBeNull();
    expect(resolveTimeZone("Etc/GMT+5")).toBeNull();
    expect(resolveTimeZone("constructor")).toBeNull();
  });

  it("the select keeps the user's current zone when the list has no entry for it", () => {
    const options = timeZoneOptions(JANUARY, "UTC");
    expect(options.find((o) => o.name === "UTC")).toEqual({
      name: "UTC",
      city: "UTC",
      zone: "Coordinated Universal Time",
      offset: "GMT+00:00",
    });
    expect(timeZoneOptions(JANUARY, "Europe/Paris").filter((o) => o.name === "Europe/Paris")).toHaveLength(1);
    expect(timeZoneOptions(JANUARY, "Europe/Paris")).toHaveLength(options.length - 1);
  });
});

describe("the select in the browser", () => {
  const options = timeZoneOptions(JANUARY);

  it("preselects the browser's zone: by name, by the name the browser uses for it, or by identical offsets all year", () => {
    expect(matchTimeZone(options, "Europe/Paris", JANUARY)).toBe("Europe/Paris");
    expect(matchTimeZone(options, "Asia/Calcutta", JANUARY)).toBe("Asia/Kolkata");
    for (const zone of ["UTC", "Europe/Vatican", "America/Fort_Wayne"]) {
      const match = matchTimeZone(options, zone, JANUARY)!;
      expect(options.some((o) => o.name === match)).toBe(true);
      for (let t = JANUARY; t < JANUARY + 365 * 86_400_000; t += 7 * 86_400_000) expect(offsetAt(t, match)).toBe(offsetAt(t, zone));
    }
    expect(matchTimeZone(options, "Not/A_Zone", JANUARY)).toBeNull();
  });

  it("shows each zone's local time as the locale writes it (h:mm AM/PM in English)", () => {
    // ICU may put a narrow no-break space before AM/PM.
    const clock = (zone: string, at: number) => clockIn(zone, at).replace(/\s/g, " ");
    expect(clock("UTC", Date.UTC(2025, 0, 1, 0, 5))).toBe("12:05 AM");
    expect(clock("Asia/Kathmandu", Date.UTC(2025, 0, 1, 0, 5))).toBe("5:50 AM");
    expect(clock("America/Los_Angeles", Date.UTC(2025, 6, 1, 19, 30))).toBe("12:30 PM");
    expect(clock("America/New_York", Date.UTC(2025, 0, 1, 23, 59))).toBe("6:59 PM");
    expect(inLocale({ language: "de", locale: "de" }, () => clockIn("Asia/Kathmandu", Date.UTC(2025, 0, 1, 0, 5)))).toBe("05:50");
    expect(clockIn("Not/A_Zone", 0)).toBe("");
  });
});
