// Days of supply, status, and the dashboard's summary cards. Pure functions, shared by
// the server (first render, e-mails) and the islands.
import * as m from "../generated/i18n";
import type { CourseStepAnswer } from "./course";
import type { Schedule, ScheduleChange, Unit } from "./regimen";
import { addDays } from "./time";

/**
 * A medication as the API answers it. pillsRemaining is today's count in `unit` and daysLeft and
 * runsOutOn are supplyOn's (src/domain/regimen.ts): every screen reads them from here.
 */
export interface Medication {
  id: number;
  name: string;
  pharmacyId: number | null;
  /** The average daily use of today's schedule (for older clients). */
  pillsPerDay: number;
  pillsRemaining: number;
  unit: Unit;
  /** The schedule in force today (a dose schedule always with `times`, empty when none). */
  schedule: Schedule;
  /** 'schedule': unlogged doses are assumed taken at the end of their day; 'log': only logged ones count. */
  countBy: "schedule" | "log";
  /**
   * The scheduled doses of today's logged occurrences (taken or skipped), which `pillsRemaining`
   * already follows: a copy counted down later (offline) charges today's schedule less these.
   * Missing in a copy kept before it existed: none.
   */
  loggedTodayPlanned?: number;
  /** Changes that take effect after today. */
  scheduleChanges: ScheduleChange[];
  /** The pause in effect today or the next one to come (until null: until resumed). */
  pausedFrom: string | null;
  pausedUntil: string | null;
  /** Days from today to runsOutOn; null when it never runs out (paused with no end). */
  daysLeft: number | null;
  runsOutOn: string | null;
  pillsPerRefill: number;
  lastRefillDate: string | null;
  /** Refills the prescription still allows; null when not tracked. */
  refillsLeft: number | null;
  /** The local date the prescription expires; null when not tracked. */
  prescriptionExpiresOn: string | null;
  /** The package a refill comes in: how many items and the amount each holds (null: none given). */
  packageItems: number | null;
  packageAmount: number | null;
  /** The schedule in force today, worded in the request's language: '6 tablets every 7 days'. */
  doseText: string;
  /** Today's count in its unit, worded in the request's language: '200 puffs', '5 ml'. */
  remainingText: string;
  /** 'Paused until {date}' or 'Paused' when today falls in the pause, else null (pause-text.ts). */
  pauseText: string | null;
  /** The last day taken (a course's end or a plain one); null: no end. */
  endsOn: string | null;
  /** The course's steps with their first days (course.ts), or null when it is not a course. */
  course: CourseStepAnswer[] | null;
  /** Past endsOn: nothing is counted or reminded any more. */
  finished: boolean;
  /** 'Then 2 tablets daily from 30 Nov; ends 14 Dec', 'Ends 14 Dec', 'Finished 14 Dec', worded on the server; else null. */
  courseText: string | null;
}

export interface Pharmacy {
  id: number;
  name: string;
  /** As stored: E.164 ('+12125550123') when valid, else as typed (older entries); may be empty. */
  phoneNumber: string;
}

/** How a stored phone number is shown: worked out on the server (src/domain/phone.ts). */
export interface PhoneView {
  /** The number in international format ('+1 212 555 0123'), or as typed. */
  phoneDisplay: string;
  /** Its `tel:` link (E.164 when valid), or null when there is nothing to dial. */
  phoneHref: string | null;
}

/** A pharmacy as GET /api/pharmacies and the pharmacies page give it. */
export type PharmacyView = Pharmacy & PhoneView;

/** 'Paused': paused with no end, so it never runs out (supplyOn's daysLeft is null). 'Finished': past its last day. */
export type MedicationStatus = "refill-needed" | "running-low" | "well-stocked" | "paused" | "finished";

/** A status's label in the current language: 'Refill Needed', 'Running Low', 'Well Stocked'. */
export function statusLabel(status: MedicationStatus): string {
  switch (status) {
    case "refill-needed":
      return m.status_refill_needed();
    case "running-low":
      return m.status_running_low();
    case "well-stocked":
      return m.status_well_stocked();
    case "paused":
      return m.status_paused();
    case "finished":
      return m.status_finished();
  }
}

/** The labels by status, each read in the current language. */
export const STATUS_LABEL: Readonly<Record<MedicationStatus, string>> = {
  get "refill-needed"() {
    return statusLabel("refill-needed");
  },
  get "running-low"() {
    return statusLabel("running-low");
  },
  get "well-stocked"() {
    return statusLabel("well-stocked");
  },
  get paused() {
    return statusLabel("paused");
  },
  get finished() {
    return statusLabel("finished");
  },
};

/** 'Running Low' spans this many days above the user's notification days (7 → 8–15 days). */
export const RUNNING_LOW_SPAN_DAYS = 8;

/** Days of supply left (supplyOn's, whole days); a medication that never runs out has all the days there are. */
export const daysLeft = (m: Pick<Medication, "daysLeft">) => m.daysLeft ?? Number.POSITIVE_INFINITY;

/** The list's days left: whole days already. */
export const wholeDaysLeft = (m: Pick<Medication, "daysLeft">) => daysLeft(m);

/** The last day count that is still 'Running Low' for the user's notification days (7 → 15). */
export const runningLowUntil = (notificationDays: number) => notificationDays + RUNNING_LOW_SPAN_DAYS;

/**
 * The one threshold rule, for whole days left: 'Refill Needed' at or below the user's notification
 * days (the e-mail's and the calendar's reminder window), 'Running Low' up to RUNNING_LOW_SPAN_DAYS
 * more, 'Well Stocked' beyond. The cards, badges, status filter, sort, reminder e-mail and calendar
 * feed all ask it, so they never disagree (they used fixed 7 and 15 in some places and the user's
 * setting in others). The default 7 gives the original ≤ 7 / 8–15 / above 15.
 */
export function statusForDaysLeft(days: number, notificationDays: number): MedicationStatus {
  if (days <= notificationDays) return "refill-needed";
  if (days <= runningLowUntil(notificationDays)) return "running-low";
  return "well-stocked";
}

/** A medication's status as of its current count (whole days left, statusForDaysLeft); 'Paused' when it never runs out; 'Finished' past its last day. */
export const statusOf = (
  m: Pick<Medication, "daysLeft"> & Partial<Pick<Medication, "finished" | "endsOn">>,
  notificationDays: number,
): MedicationStatus => {
  if (m.finished) return "finished";
  // Never running out before its last day: covered to the end.
  if (m.daysLeft === null) return m.endsOn ? "well-stocked" : "paused";
  return statusForDaysLeft(wholeDaysLeft(m), notificationDays);
};

/** The summary cards: how many medications have each status. */
export function statusCounts(medications: Medication[], notificationDays: number): Record<MedicationStatus, number> {
  const counts = { "refill-needed": 0, "running-low": 0, "well-stocked": 0, paused: 0, finished: 0 };
  for (const m of medications) counts[statusOf(m, notificationDays)]++;
  return counts;
}

/**
 * The day the reminders start, notificationDays before the run-out date: the first day the
 * threshold rule (statusForDaysLeft) calls it 'Refill Needed', as whole days left fall by one a day
 * to 0 on the run-out day. Null when it never runs out (paused with no end).
 */
export const remindFrom = (m: Pick<Medication, "runsOutOn">, notificationDays: number): string | null =>
  m.runsOutOn === null ? null : addDays(m.runsOutOn, -notificationDays);

// Names sort the way people read: case- and accent-insensitive, numbers by value ("Vitamin B2" < "Vitamin B12").
export const nameCollator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

const isLetter = (code: number) => code >= 97 && code <= 122; // a-z, after folding A-Z
const isDigit = (code: number) => code >= 48 && code <= 57;

/** The end of the run of digits that starts at `from`. */
function digitsEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && isDigit(text.charCodeAt(end))) end++;
  return end;
}

/**
 * The collator's order (its sign), answered without it where that is easy. A numeric collator takes
 * ICU's slow path, about 0.4 µs a call: sorting 100 medications was a tenth of the CPU of
 * GET /api/medications. Past a prefix of the same ASCII letters (either case), spaces and digit
 * runs, the first ASCII letters that differ decide alphabetically, and differing numbers (written
 * without leading zeros) by value; that is the collator's primary order, so the answer is the same.
 * Anything else — accents, punctuation, leading zeros, one name a prefix of the other — goes to the
 * collator. test/domain/medications.test.ts checks the two agree on random names.
 */
export function compareNames(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x >= 65 && x <= 90) x += 32;
    if (y >= 65 && y <= 90) y += 32;
    if (isDigit(x) && isDigit(y)) {
      if (x === 48 || y === 48) break;
      const endA = digitsEnd(a, i);
      const endB = digitsEnd(b, i);
      if (endA !== endB) return endA - endB; // more digits, larger number
      for (let j = i; j < endA; j++) if (a.charCodeAt(j) !== b.charCodeAt(j)) return a.charCodeAt(j) - b.charCodeAt(j);
      i = endA;
      continue;
    }
    if (x === y && (isLetter(x) || x === 32)) {
      i++;
      continue;
    }
    if (x !== y && isLetter(x) && isLetter(y)) return x - y;
    break;
  }
  return nameCollator.compare(a, b);
}

/** Orders by name, then by id so equal names keep a stable order. */
export const compareByName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  compareNames(a.name, b.name) || a.id - b.id;
