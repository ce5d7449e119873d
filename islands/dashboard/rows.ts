import { daysLeftText, formatRefillDate, NO_PHARMACY, pharmacyNameOf, pillsText } from "../../src/domain/dashboard";
import { statusOf, wholeDaysLeft, type Medication, type MedicationStatus } from "../../src/domain/medications";

/** One medication as the table and the cards display it. */
export interface MedicationRow {
  medication: Medication;
  pharmacy: string;
  hasPharmacy: boolean;
  dailyDose: string;
  remaining: string;
  daysLeft: string;
  lastRefill: string;
  status: MedicationStatus;
}

export function toRow(medication: Medication, pharmacyNames: Map<number, string>): MedicationRow {
  const pharmacy = pharmacyNameOf(medication, pharmacyNames);
  return {
    medication,
    pharmacy: pharmacy ?? NO_PHARMACY,
    hasPharmacy: pharmacy !== undefined,
    dailyDose: pillsText(medication.pillsPerDay),
    remaining: pillsText(medication.pillsRemaining),
    daysLeft: daysLeftText(wholeDaysLeft(medication)),
    lastRefill: formatRefillDate(medication.lastRefillDate),
    status: statusOf(medication),
  };
}

export interface RowActions {
  onRefill: (medication: Medication) => void;
  onDelete: (medication: Medication) => void;
}

export const editHref = (medication: Medication) => `/edit-medication/${medication.id}`;
