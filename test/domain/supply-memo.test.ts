import { describe, expect, it } from "vitest";
import { supplyToday } from "../../src/data/supply-memo";
import { parseRegimen, supplyOn } from "../../src/domain/regimen";
import { UNLOGGED } from "../../src/domain/logged-doses";

// The kept supply must be exactly what a fresh walk answers, and a change of any input a new answer.

const weekly = JSON.stringify({
  changes: [{ effectiveFrom: "2026-11-01", schedule: { type: "interval", dose: 6, everyDays: 7, startsOn: "2026-11-06" } }],
  pauses: [],
});
const row = { pillsRemaining: 24, countedOn: "2026-11-20", pillsPerDay: 6 / 7, regimen: weekly, ...UNLOGGED };
const fresh = (r: typeof row, today: string) =>
  supplyOn({ pillsRemaining: r.pillsRemaining, countedOn: r.countedOn, regimen: parseRegimen(r.regimen, r.pillsPerDay) }, today);

describe("supplyToday", () => {
  it("answers what a fresh walk answers, again and again", () => {
    for (let i = 0; i < 3; i++) expect(supplyToday(row, "2026-11-26").supply).toEqual(fresh(row, "2026-11-26"));
  });

  it("answers anew when today, the count, its date or the regimen differ", () => {
    const first = supplyToday(row, "2026-11-26").supply;
    const variants: Array<[typeof row, string]> = [
      [row, "2026-11-28"],
      [{ ...row, pillsRemaining: 12 }, "2026-11-26"],
      [{ ...row, countedOn: "2026-11-10" }, "2026-11-26"],
      [{ ...row, regimen: weekly.replace('"everyDays":7', '"everyDays":14') }, "2026-11-26"],
    ];
    for (const [changed, today] of variants) {
      const answer = supplyToday(changed, today).supply;
      expect(answer).toEqual(fresh(changed, today));
      expect(answer).not.toEqual(first);
    }
  });
});
