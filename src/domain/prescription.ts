import * as m from "../generated/i18n";
import { formatDate } from "../i18n/format";
import { daysLeft, runOutDate, type Medication } from "./medications";
import { addDays, daysBetween } from "./time";

// A prescription runs out of refills (or expires) long before the pills do: the pharmacy then
// cannot fill it and the patient needs a doctor first. The notice says so in time.

/** Which notice applies: no refills left, or the prescription expires on `date`. */
export type PrescriptionNotice = { kind: "ask-doctor" } | { kind: "expires"; date: string };

type PrescriptionFacts = Pick<Medication, "pillsRemaining" | "pillsPerDay" | "refillsLeft" | "prescriptionExpiresOn">;

/**
 * The notice for a medication as of `today` (its current count), or null: no refills left while
 * within notificationDays of running out, or a prescription that expires before the run-out date
 * or within notificationDays.
 */
export function prescriptionNoticeOf(med: PrescriptionFacts, today: string, notificationDays: number): PrescriptionNotice | null {
  if (med.refillsLeft === 0 && daysLeft(med) <= notificationDays) return { kind: "ask-doctor" };
  const expires = med.prescriptionExpiresOn;
  if (expires !== null && (expires < runOutDate(med, today, addDays) || daysBetween(today, expires) <= notificationDays)) return { kind: "expires", date: expires };
  return null;
}

/** The notice in the current language: 'Ask your doctor for a new prescription', 'Prescription expires Mar 5, 2026'. */
export const prescriptionNoticeText = (notice: PrescriptionNotice): string =>
  notice.kind === "ask-doctor" ? m.prescription_ask_doctor() : m.prescription_expires({ date: formatDate(notice.date) });

/** The notice's words for a medication as of `today`, or null. */
export function prescriptionNotice(med: PrescriptionFacts, today: string, notificationDays: number): string | null {
  const notice = prescriptionNoticeOf(med, today, notificationDays);
  return notice && prescriptionNoticeText(notice);
}

export const needsNewPrescription = (med: PrescriptionFacts, today: string, notificationDays: number) => prescriptionNoticeOf(med, today, notificationDays) !== null;
