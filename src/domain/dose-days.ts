import { compareByName } from "./medications";

const byName = (a: DoseEntry, b: DoseEntry) => compareByName({ name: a.name, id: a.medicationId }, { name: b.name, id: b.medicationId });
import { occurrencesOn } from "./occurrences";
import type { Regimen, Unit } from "./regimen";
import { addDays } from "./time";

// The days of GET /api/doses: each day's scheduled doses with what was logged for them, and the
// uses logged besides (extras). Pure: the handler reads the medications and the logs in one round trip.

export type DoseStatus = "due" | "taken" | "skipped" | "unlogged";

export interface DoseMedication {
  id: number;
  name: string;
  unit: Unit;
  regimen: Regimen;
  /** The day it was added (no doses before); null for rows older than the supply history. */
  addedOn: string | null;
}

export interface LoggedEvent {
  id: number;
  medicationId: number;
  kind: "taken" | "skipped" | "extra";
  localDate: string;
  /** 'HH:MM', or '' when untimed (and for extras). */
  at: string;
  amount: number | null;
  takenAt: number | null;
}

export interface DoseEntry {
  medicationId: number;
  name: string;
  unit: Unit;
  at: string | null;
  dose: number;
  status: DoseStatus;
  eventId: number | null;
  amount: number | null;
  takenAt: number | null;
}

export interface ExtraEntry {
  eventId: number;
  medicationId: number;
  name: string;
  unit: Unit;
  amount: number;
  takenAt: number | null;
}

export interface DoseDay {
  date: string;
  doses: DoseEntry[];
  extras: ExtraEntry[];
}

/** Untimed doses first ("any time today"), then by the clock; within a time, by name. */
const byTime = (a: DoseEntry, b: DoseEntry) =>
  a.at === b.at ? byName(a, b) : a.at === null ? -1 : b.at === null ? 1 : a.at < b.at ? -1 : 1;

/** The days from `from` to `to` (both included, at most a few weeks: the handler checks). */
export function doseDays(medications: DoseMedication[], events: LoggedEvent[], from: string, to: string, today: string): DoseDay[] {
  const logged = new Map<string, LoggedEvent>();
  for (const event of events) if (event.kind !== "extra") logged.set(`${event.medicationId}|${event.localDate}|${event.at}`, event);
  const byId = new Map(medications.map((m) => [m.id, m]));
  const days: DoseDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const doses: DoseEntry[] = [];
    for (const m of medications) {
      if (m.addedOn !== null && date < m.addedOn) continue;
      for (const occurrence of occurrencesOn(m.regimen, date)) {
        const event = logged.get(`${m.id}|${date}|${occurrence.at ?? ""}`);
        doses.push({
          medicationId: m.id,
          name: m.name,
          unit: m.unit,
          at: occurrence.at,
          dose: occurrence.dose,
          status: event ? (event.kind as "taken" | "skipped") : date >= today ? "due" : "unlogged",
          eventId: event?.id ?? null,
          amount: event?.amount ?? null,
          takenAt: event?.takenAt ?? null,
        });
      }
    }
    const extras: ExtraEntry[] = [];
    for (const event of events) {
      const m = byId.get(event.medicationId);
      if (event.kind !== "extra" || event.localDate !== date || !m) continue;
      extras.push({ eventId: event.id, medicationId: m.id, name: m.name, unit: m.unit, amount: event.amount ?? 0, takenAt: event.takenAt });
    }
    days.push({ date, doses: doses.sort(byTime), extras });
  }
  return days;
}
