import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The supply rule lives in exactly two places: supplyOn (src/domain/regimen.ts, with the walk it
// runs on) and its SQL twin in src/data/supply.ts (held together by test/node/supply-sql.test.ts).
// A third copy drifts: a SQL "schedule in force" elsewhere, a daily-only countdown beside supplyOn,
// or the medication's texts worded in two places. These read the source, so a new copy fails here.

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join("src", "generated") ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
const all = [...sources("src"), ...sources("islands")];
const read = (path: string) => readFileSync(path, "utf8");
const where = (pattern: RegExp) => all.filter((path) => pattern.test(read(path))).sort();

describe("the supply rule in exactly two places", () => {
  it("the stored regimen's schedule and its day's cost are read in SQL by src/data/supply.ts alone (a third SQL copy)", () => {
    // Reading a schedule, or a dose, out of the regimen column's JSON is the rule's SQL half.
    expect(where(/json_extract\([^)]*'\$(\.changes\[\d+\])?\.(schedule|dose|perWeek|everyDays|startsOn|days)'/)).toEqual([
      join("src", "data", "supply.ts"),
    ]);
  });

  it("no daily-only countdown beside supplyOn: only src/domain/regimen.ts makes a daily regimen (currentPills, refilledCount)", () => {
    expect(where(/\bdailyRegimen\(/)).toEqual([join("src", "domain", "regimen.ts")]);
    // Nor a count worked out as pills per day × days.
    expect(where(/pillsPerDay\s*\*\s*(daysBetween|days\b)/)).toEqual([]);
  });

  it("the medication's worded texts are built by one function, which the server and the offline island both call", () => {
    const builders = [join("src", "data", "medication-row.ts"), join("islands", "dashboard", "offline-countdown.ts")];
    for (const path of builders) {
      const code = read(path);
      expect(code, path).toMatch(/\bmedicationTexts\(/);
      expect(code, path).not.toMatch(/\b(doseText|remainingText|pauseText):\s*[\w.]+\(/);
    }
    expect(where(/\bremainingText:\s*[\w.]+\(/)).toEqual([join("src", "domain", "medication-texts.ts")]);
  });
});
