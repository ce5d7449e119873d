import * as m from "../generated/i18n";
import { formatDate } from "../i18n/format";
import { daysLeft, type Medication } from "./medications";
import { daysBetween } from "./time";

// A prescription runs out of refills (or expires) long before the pills do: the pharmacy then
// cannot fill it and the patient needs a doctor first, and an appointment takes weeks. The notice
// says so PRESCRIPTION_LEAD_DAYS ahead (or the user's notice window, when that is longer).

/** How long ahead a prescription needs attention: time to see a doctor. */
export const PRESCRIPTION_LEAD_DAYS = 30;

/** Which notice applies: no refills left, the prescription expires on `date`, or it expired on `date`. */
export type PrescriptionNotice = { kind: "ask-doctor" } | { kind: "expires"; date: string } | { kind: "expired"; date: string };

type PrescriptionFacts = Pick<Medication, "daysLeft" | "runsOutOn" | "refillsLeft" | "prescriptionExpiresOn">;

/**
 * The notice for a medication as of `today` (its current count), or null: a prescription whose
 * date has passed; no refills left while the supply runs out within the lead time; a prescription
 * that expires before the run-out date or within the lead time. The lead time is
 * PRESCRIPTION_LEAD_DAYS, or notificationDays when that is longer.
 */
export function prescriptionNoticeOf(med: PrescriptionFacts, today: string, notificationDays: number): PrescriptionNotice | null {
  const lead = Math.max(PRESCRIPTION_LEAD_DAYS, notificationDays);
  const expires = med.prescriptionExpiresOn;
  if (expires !== null && expires < today) return { kind: "expired", date: expires };
  if (med.refillsLeft === 0 && daysLeft(med) <= lead) return { kind: "ask-doctor" };
  if (expires !== null && ((med.runsOutOn !== null && expires < med.runsOutOn) || daysBetween(today, expires) <= lead))
    return { kind: "expires", date: expires };
  return null;
}

/**
 * Whether the notice is worth the daily e-mail on its own, with no supply low: refills gone with
 * the run-out within the lead time, an expiry within PRESCRIPTION_LEAD_DAYS, or one that has passed.
 */
export function prescriptionDueSoon(notice: PrescriptionNotice | null, today: string): boolean {
  if (!notice) return false;
  if (notice.kind === "expires") return daysBetween(today, notice.date) <= PRESCRIPTION_LEAD_DAYS;
  return true;
}

/** The notice in the current language: 'Ask your doctor for a new prescription', 'Prescription expires Mar 5, 2026', 'Prescription expired Mar 5, 2026'. */
export function prescriptionNoticeText(notice: PrescriptionNotice): string {
  if (notice.kind === "ask-doctor") return m.prescription_ask_doctor();
  if (notice.kind === "expired") return m.prescription_expired({ date: formatDate(notice.date) });
  return m.prescription_expires({ date: formatDate(notice.date) });
}

/** The notice's words for a medication as of `today`, and whether it is an error (expired), or null. */
export function prescriptionNoticeShown(
  med: PrescriptionFacts,
  today: string,
  notificationDays: number,
): { text: string; expired: boolean } | null {
  const notice = prescriptionNoticeOf(med, today, notificationDays);
  return notice && { text: prescriptionNoticeText(notice), expired: notice.kind === "expired" };
}

export const needsNewPrescription = (med: PrescriptionFacts, today: string, notificationDays: number) =>
  prescriptionNoticeOf(med, today, notificationDays) !== null;
