import * as m from "../../src/generated/i18n";
import { daysLeftText, formatRefillDate, noPharmacyText, pharmacyNameOf } from "../../src/domain/dashboard";
import { statusOf, wholeDaysLeft, type Medication, type MedicationStatus } from "../../src/domain/medications";
import { prescriptionNoticeShown } from "../../src/domain/prescription";
import { personPage } from "../lib/person";

/** One medication as the table and the cards display it. */
export interface MedicationRow {
  medication: Medication;
  pharmacy: string;
  hasPharmacy: boolean;
  dose: string;
  remaining: string;
  daysLeft: string;
  /** 'Paused until {date}' on a day inside a pause that ends; null otherwise. */
  paused: string | null;
  lastRefill: string;
  status: MedicationStatus;
  /** 'Ask your doctor for a new prescription', 'Prescription expires {date}' or 'Prescription expired {date}' (expired: in the error colour), when one applies. */
  prescription: { text: string; expired: boolean } | null;
}

export function toRow(medication: Medication, pharmacyNames: Map<number, string>, today: string, notificationDays: number): MedicationRow {
  const pharmacy = pharmacyNameOf(medication, pharmacyNames);
  return {
    medication,
    pharmacy: pharmacy ?? noPharmacyText(),
    hasPharmacy: pharmacy !== undefined,
    // Worded by the server in the page's language (the API's answers carry them too): the unit
    // plurals and the schedule wording stay out of the dashboard's JavaScript.
    dose: medication.doseText,
    remaining: medication.remainingText,
    // Paused with no end, or a course over: it never runs out, so no number of days.
    daysLeft: medication.daysLeft === null ? (medication.courseText ?? m.status_paused()) : daysLeftText(wholeDaysLeft(medication)),
    // 'Paused until {date}' under the days left, else a course's next step or end (worded by the server).
    paused: medication.daysLeft === null ? null : (medication.pauseText ?? medication.courseText),
    lastRefill: formatRefillDate(medication.lastRefillDate),
    status: statusOf(medication, notificationDays),
    prescription: prescriptionNoticeShown(medication, today, notificationDays),
  };
}

export interface RowActions {
  onRefill: (medication: Medication) => void;
  onDelete: (medication: Medication) => void;
}

export const editHref = (medication: Medication) => personPage(`/edit-medication/${medication.id}`);
export const medicationHref = (medication: Medication) => personPage(`/medications/${medication.id}`);
