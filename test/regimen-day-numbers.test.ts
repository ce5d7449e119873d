import fc from "fast-check";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { medications } from "../src/db/schema";
import { todayIn } from "../src/domain/countdown";
import type { Regimen } from "../src/domain/regimen";
import { addDays } from "../src/domain/time";
import { CSV_COLUMNS } from "../src/shared/import-schemas";
import { call, createPharmacy, db, medicationInput, signUp, storedRow } from "./helpers";

// The countdown at the limits reads each stored change's and pause's day number instead of parsing
// its date (src/domain/timeline.ts). Every writer stores them, computed on the server from the date
// it stores (never taken from the request), so a stored number always equals its date's day.
// Held here for every writer: add (with a pause, with a course), a schedule change, a pause, a
// resume (SQL json_set) and the CSV import, over random dates; no answer shows the numbers.

const today = () => todayIn("UTC");
/** The day number of a date, from Date (independent of src/domain/time.ts's dayNumber). */
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

function expectDayNumbers(regimen: Regimen) {
  expect(regimen.changes.length).toBeGreaterThan(0);
  for (const change of regimen.changes) expect(change.fromDay, change.effectiveFrom).toBe(dayOf(change.effectiveFrom));
  for (const pause of regimen.pauses) {
    expect(pause.fromDay, pause.from).toBe(dayOf(pause.from));
    expect(pause.untilDay, String(pause.until)).toBe(pause.until === null ? null : dayOf(pause.until));
  }
}

const storedRegimen = async (id: number) => JSON.parse((await storedRow(id)).regimen) as Regimen;

describe("every writer stores each regimen date's day number next to it, equal to the date's", () => {
  it("add, change of schedule, pause, resume: random dates (property)", async () => {
    const user = await signUp();
    const pharmacy = await createPharmacy(user);
    const cookie = user.cookie;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 0, max: 60 }),
        fc.boolean(),
        async (countedAgo, changeIn, pauseDays, openEnded) => {
          const countedOn = addDays(today(), -countedAgo);
          // A client that sends day numbers of its own: they are not read, the server computes them.
          const added = await call("POST", "/api/medications", {
            cookie,
            body: { ...medicationInput(pharmacy.id, { countedOn }), fromDay: 1, untilDay: 2 },
          });
          expect(added.status, added.text).toBe(201);
          const { id } = added.body;
          expectDayNumbers(await storedRegimen(id));

          const changed = await call("PATCH", `/api/medications/${id}`, {
            cookie,
            body: medicationInput(pharmacy.id, { schedule: { type: "daily", dose: 2 }, effectiveFrom: addDays(today(), changeIn) }),
          });
          expect(changed.status, changed.text).toBe(200);
          expectDayNumbers(await storedRegimen(id));

          const pausedFrom = addDays(today(), -Math.min(countedAgo, pauseDays));
          const pausedUntil = openEnded ? "" : addDays(today(), pauseDays);
          const paused = await call("PUT", `/api/medications/${id}/pause`, { cookie, body: { pausedFrom, pausedUntil } });
          expect(paused.status, paused.text).toBe(200);
          expectDayNumbers(await storedRegimen(id));

          const resumed = await call("DELETE", `/api/medications/${id}/pause`, { cookie });
          expect(resumed.status, resumed.text).toBe(200);
          const regimen = await storedRegimen(id);
          expectDayNumbers(regimen);
          // A pause under way was ended yesterday by SQL (json_set), its day number with it.
          if (pausedFrom < today()) expect(regimen.pauses.at(-1)?.until).toBe(addDays(today(), -1));

          for (const answer of [added, changed, paused, resumed]) expect(answer.text).not.toMatch(/fromDay|untilDay/);
          await db().delete(medications).where(eq(medications.id, id));
        },
      ),
      { numRuns: 6 },
    );
  });

  it("add with a course, and the CSV import", async () => {
    const user = await signUp();
    const pharmacy = await createPharmacy(user);
    const course = [
      { schedule: { type: "daily", dose: 3 }, days: 7 },
      { schedule: { type: "daily", dose: 2 }, days: 40 },
    ];
    const added = await call("POST", "/api/medications", {
      cookie: user.cookie,
      body: medicationInput(pharmacy.id, { course, pausedFrom: addDays(today(), 3), pausedUntil: addDays(today(), 5) }),
    });
    expect(added.status, added.text).toBe(201);
    const regimen = await storedRegimen(added.body.id);
    expect(regimen.changes).toHaveLength(2);
    expect(regimen.pauses).toHaveLength(1);
    expectDayNumbers(regimen);

    const name = `Imported ${Date.now()}`;
    const file = [CSV_COLUMNS.join(","), `${name},1,30,30,${addDays(today(), -3)},Corner,,,`].join("\r\n");
    const imported = await call("POST", "/api/medications/import", { cookie: user.cookie, rawBody: file, contentType: "text/csv" });
    expect(imported.status, imported.text).toBe(201);
    const [row] = await db().select().from(medications).where(eq(medications.name, name));
    expectDayNumbers(JSON.parse(row!.regimen) as Regimen);
  });
});
