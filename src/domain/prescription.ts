import { formatDate } from "../shared/format";
import { daysLeft, runOutDate, type Medication } from "./medications";
import { addDays, daysBetween } from "./time";

// A prescription runs out of refills (or expires) long before the pills do: the pharmacy then
// cannot fill it and the patient needs a doctor first. The notice says so in time.

export const ASK_FOR_PRESCRIPTION = "Ask your doctor for a new prescription";
export const prescriptionExpiresText = (date: string) => `Prescription expires ${formatDate(date)}`;

type PrescriptionFacts = Pick<Medication, "pillsRemaining" | "pillsPerDay" | "refillsLeft" | "prescriptionExpiresOn">;

/**
 * The notice for a medication as of `today` (its current count), or null: no refills left while
 * within notificationDays of running out, or a prescription that expires before the run-out date
 * or within notificationDays.
 */
export function prescriptionNotice(m: PrescriptionFacts, today: string, notificationDays: number): string | null {
  if (m.refillsLeft === 0 && daysLeft(m) <= notificationDays) return ASK_FOR_PRESCRIPTION;
  const expires = m.prescriptionExpiresOn;
  if (expires !== null && (expires < runOutDate(m, today, addDays) || daysBetween(today, expires) <= notificationDays)) return prescriptionExpiresText(expires);
  return null;
}

export const needsNewPrescription = (m: PrescriptionFacts, today: string, notificationDays: number) => prescriptionNotice(m, today, notificationDays) !== null;
