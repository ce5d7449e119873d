import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Regimen, supplyOn } from "../../src/domain/regimen";
import { addDays } from "../../src/domain/time";
import { storedChange, storedPause, timelineOf } from "../../src/domain/timeline";

// A stored regimen carries each date's day number (storedChange, storedPause) so the walk parses no
// date; an older row or an island's copy has none and is parsed. Both must count alike.

const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const date = fc.integer({ min: -719_162, max: 2_932_896 }).map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));

/** A regimen as stored before day numbers: sorted changes, sorted pauses that do not overlap. */
const plainRegimen = fc
  .record({
    start: fc.integer({ min: 0, max: 40 }),
    changes: fc.array(fc.record({ gap: fc.integer({ min: 1, max: 30 }), dose: fc.integer({ min: 1, max: 8 }) }), { maxLength: 20 }),
    pauses: fc.array(fc.record({ gap: fc.integer({ min: 1, max: 20 }), length: fc.integer({ min: 0, max: 5 }) }), { maxLength: 20 }),
    openEnded: fc.boolean(),
    endsIn: fc.option(fc.integer({ min: 0, max: 200 })),
  })
  .map(({ start, changes, pauses, openEnded, endsIn }): Regimen => {
    const base = "2026-01-01";
    let day = start;
    const dated = [{ effectiveFrom: base, schedule: { type: "daily" as const, dose: 1 } }];
    for (const { gap, dose } of changes)
      dated.push({ effectiveFrom: addDays(base, (day += gap)), schedule: { type: "daily", dose: dose / 4 } });
    day = start;
    const held = pauses.map(({ gap, length }, i) => {
      const from = addDays(base, (day += gap));
      const until = openEnded && i === pauses.length - 1 ? null : addDays(base, (day += length));
      return { from, until };
    });
    return { changes: dated, pauses: held, endsOn: endsIn === null ? null : addDays(base, endsIn) };
  });

describe("stored day numbers", () => {
  it("storedChange and storedPause write each date's day number, from the date alone (property)", () => {
    fc.assert(
      fc.property(date, fc.option(date), (from, until) => {
        expect(storedChange({ effectiveFrom: from, schedule: { type: "daily", dose: 1 }, fromDay: 12 }).fromDay).toBe(dayOf(from));
        const pause = storedPause({ from, until, fromDay: 3, untilDay: 4 });
        expect([pause.fromDay, pause.untilDay]).toEqual([dayOf(from), until === null ? null : dayOf(until)]);
      }),
    );
  });

  it("a regimen with and without them counts alike, and reading one without them writes nothing to it (property)", () => {
    fc.assert(
      fc.property(plainRegimen, fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 120 }), (regimen, count, ago) => {
        const before = JSON.stringify(regimen);
        const stored: Regimen = { ...regimen, changes: regimen.changes.map(storedChange), pauses: regimen.pauses.map(storedPause) };
        const today = "2026-03-01";
        const countedOn = addDays(today, -ago);
        expect(supplyOn({ pillsRemaining: count, countedOn, regimen: stored }, today)).toEqual(
          supplyOn({ pillsRemaining: count, countedOn, regimen }, today),
        );
        timelineOf(regimen);
        expect(JSON.stringify(regimen)).toBe(before);
      }),
    );
  });
});
