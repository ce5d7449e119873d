import type { NotificationType } from "../db/schema";
import { statusForDaysLeft } from "../domain/medications";
import { prescriptionDueSoon, prescriptionNoticeOf, type PrescriptionNotice } from "../domain/prescription";
import { loggedOf, type LoggedRow } from "../domain/logged-doses";
import { courseNews, type CourseNews } from "../domain/course";
import { hasEndedOn, parseRegimen, scheduleOn, supplyOn, type Schedule, type Unit } from "../domain/regimen";

// What a reminder says, as of one local date: pure, so the hourly job, the test e-mail and the
// tests share it. "Immediate" and "upcoming" are the dashboard's 'Refill Needed' and 'Running Low'
// (statusForDaysLeft, the one threshold rule, on the user's notificationDays); "prescriptions" are
// the others whose prescription needs a doctor soon (prescriptionDueSoon).

/** What a reminder needs of one medication: its stored count and regimen, name and pharmacy. */
export interface ReminderMedication extends LoggedRow {
  pillsRemaining: number;
  pillsPerDay: number;
  countedOn: string;
  /** The regimen column (JSON, src/domain/regimen.ts). */
  regimen: string;
  unit: Unit;
  id: number;
  name: string;
  pharmacyName: string | null;
  pharmacyPhone: string | null;
  refillsLeft: number | null;
  prescriptionExpiresOn: string | null;
}

export interface ReminderItem {
  medicationId: number;
  name: string;
  /** Today's count, in `unit` (the API's name for it, as every shape's). */
  pillsRemaining: number;
  unit: Unit;
  /** The schedule in force today (the e-mail words it in the recipient's language). */
  schedule: Schedule;
  /** A course's next step or last day (src/domain/course.ts), worded by the e-mail; null when none. */
  course: CourseNews;
  daysLeft: number;
  /** The local date the supply runs out (supplyOn's). */
  runsOutOn: string;
  pharmacyName: string | null;
  pharmacyPhone: string | null;
  /** 'Ask your doctor for a new prescription', 'Prescription expires {date}' or 'Prescription expired {date}', when one applies (worded by the template, in the recipient's language). */
  prescription: PrescriptionNotice | null;
  /** The prescription alone is reason enough for the e-mail (prescriptionDueSoon). */
  prescriptionDue: boolean;
}

export interface ReminderContent {
  today: string;
  notificationDays: number;
  immediate: ReminderItem[];
  upcoming: ReminderItem[];
  /** Supply not low, but the prescription needs a doctor soon. */
  prescriptions: ReminderItem[];
}

/** What one other person's part of a reminder says, under that person's name. */
export interface PersonContent {
  personId: number;
  name: string;
  content: ReminderContent;
}

export function reminderContent(medications: ReminderMedication[], notificationDays: number, today: string): ReminderContent {
  const immediate: ReminderItem[] = [];
  const upcoming: ReminderItem[] = [];
  const prescriptions: ReminderItem[] = [];
  for (const m of medications) {
    const regimen = parseRegimen(m.regimen, m.pillsPerDay);
    const supply = supplyOn({ pillsRemaining: m.pillsRemaining, countedOn: m.countedOn, regimen, logged: loggedOf(m) }, today);
    // A paused medication is not taken, nor one past its last day: nothing to remind about (nor when it never runs out).
    if (supply.paused || hasEndedOn(regimen, today) || supply.daysLeft === null || supply.runsOutOn === null) continue;
    const days = supply.daysLeft;
    const prescription = prescriptionNoticeOf(
      { daysLeft: days, runsOutOn: supply.runsOutOn, refillsLeft: m.refillsLeft, prescriptionExpiresOn: m.prescriptionExpiresOn },
      today,
      notificationDays,
    );
    const item: ReminderItem = {
      medicationId: m.id,
      name: m.name,
      pillsRemaining: supply.pillsRemaining,
      unit: m.unit,
      schedule: scheduleOn(regimen, today),
      course: courseNews(regimen, today),
      daysLeft: days,
      runsOutOn: supply.runsOutOn,
      pharmacyName: m.pharmacyName,
      pharmacyPhone: m.pharmacyPhone,
      prescription,
      prescriptionDue: prescriptionDueSoon(prescription, today),
    };
    const status = statusForDaysLeft(Math.floor(days), notificationDays);
    if (status === "refill-needed") immediate.push(item);
    else if (status === "running-low") upcoming.push(item);
    else if (item.prescriptionDue) prescriptions.push(item);
  }
  const soonestFirst = (a: ReminderItem, b: ReminderItem) =>
    a.daysLeft - b.daysLeft || a.name.localeCompare(b.name) || a.medicationId - b.medicationId;
  return {
    today,
    notificationDays,
    immediate: immediate.sort(soonestFirst),
    upcoming: upcoming.sort(soonestFirst),
    prescriptions: prescriptions.sort(soonestFirst),
  };
}

/**
 * The daily e-mail goes out only when some medication is within notificationDays of running out,
 * or some prescription needs a doctor soon (prescriptionDueSoon), whatever the supply.
 */
export const needsReminder = (content: ReminderContent) =>
  content.immediate.length > 0 || content.prescriptions.length > 0 || content.upcoming.some((item) => item.prescriptionDue);

/**
 * The notification records a sent reminder leaves, one per medication it named (each one's last
 * reminder), a medication named only for its prescription included.
 */
export function notificationRecords(content: ReminderContent): Array<{ medicationId: number; type: NotificationType }> {
  return [
    ...content.immediate.map((item) => ({ medicationId: item.medicationId, type: "refill-needed" as const })),
    ...content.upcoming.map((item) => ({ medicationId: item.medicationId, type: "upcoming-refill" as const })),
    ...content.prescriptions.map((item) => ({ medicationId: item.medicationId, type: "prescription" as const })),
  ];
}
