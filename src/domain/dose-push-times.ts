import { occurrencesOn } from "./occurrences";
import type { Regimen } from "./regimen";
import { addDays, dayNumber, localDateAt, offsetAt, startOfOffsetPeriod } from "./time";

// When a dose push goes out: the instant a timed dose's local minute first shows on the user's
// clock. Pure, so the hourly plan, the queue consumer and the tests share it.

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * The instant the clock in `timeZone` first reads `at` ('HH:MM') on `date`. A time the clock skips
 * (a DST gap: 02:30 on a spring-forward night) is the first instant after the gap (the jump, 03:00);
 * a time it shows twice (01:30 on a fall-back night) is its first showing only, so it fires once.
 */
export function doseInstant(date: string, at: string, timeZone: string): number {
  const wall = dayNumber(date) * DAY_MS + (Number(at.slice(0, 2)) * 60 + Number(at.slice(3, 5))) * MINUTE_MS;
  const candidates = [offsetAt(wall - DAY_MS, timeZone), offsetAt(wall + DAY_MS, timeZone), offsetAt(wall, timeZone)]
    .map((offset) => wall - offset)
    .filter((t) => t + offsetAt(t, timeZone) === wall)
    .sort((a, b) => a - b);
  if (candidates.length > 0) return candidates[0]!;
  // In the gap: the offset before it carries the wall time past the jump; the jump is the answer.
  return startOfOffsetPeriod(wall - offsetAt(wall - DAY_MS, timeZone), timeZone);
}

/** What the plan needs of a medication. */
export interface PlanMedication {
  id: number;
  name: string;
  regimen: Regimen;
  /** The local date it was added; no dose is asked before it. */
  addedOn: string | null;
}

/** The medications due at one local date and time: one push per device. */
export interface DoseTime {
  date: string;
  at: string;
  /** When it goes out (doseInstant). */
  dueAt: number;
  medicationIds: number[];
}

/** The medications with a dose scheduled at `at` on `date`. */
export const dueAt = (medications: PlanMedication[], date: string, at: string): PlanMedication[] =>
  medications.filter((x) => (x.addedOn === null || x.addedOn <= date) && occurrencesOn(x.regimen, date).some((o) => o.at === at));

/**
 * The timed doses whose push falls in [from, to) (the tick's hour), grouped by local date and time.
 * Both local dates the hour touches are looked at, so an hour across midnight misses nothing.
 */
export function doseTimesBetween(medications: PlanMedication[], timeZone: string, from: number, to: number): DoseTime[] {
  const first = localDateAt(from, timeZone);
  const last = localDateAt(to - 1, timeZone);
  const dates = first === last ? [first] : [first, addDays(first, 1)];
  const byKey = new Map<string, DoseTime>();
  for (const date of dates)
    for (const medication of medications) {
      if (medication.addedOn !== null && medication.addedOn > date) continue;
      for (const { at } of occurrencesOn(medication.regimen, date)) {
        if (at === null) continue;
        const key = `${date} ${at}`;
        const time = byKey.get(key) ?? { date, at, dueAt: doseInstant(date, at, timeZone), medicationIds: [] };
        if (time.dueAt < from || time.dueAt >= to) continue;
        if (!time.medicationIds.includes(medication.id)) time.medicationIds.push(medication.id);
        byKey.set(key, time);
      }
    }
  return [...byKey.values()].sort((a, b) => a.dueAt - b.dueAt || a.at.localeCompare(b.at));
}

/**
 * The notification's own id for one dose (the dose schemas' CLIENT_ID): the same on every tap of
 * that notification, so a double tap on Taken is one log.
 */
export const doseClientId = (deviceId: number, medicationId: number, date: string, at: string) =>
  `p-${deviceId}-${medicationId}-${date.replaceAll("-", "")}-${at.replace(":", "")}`;
