import type { ImportItem } from "./medication-csv";

// What an import will do with each valid row, decided against what the account already has: which
// pharmacy it goes to (one of the account's, or one the import creates) and whether it is a
// medication the account already tracks. Pure; the write (src/data/import.ts) follows the plan.

/** A name as people mean it: trimmed, inner spaces collapsed, case folded ('  CORNER  drugs' = 'Corner Drugs'). */
export const nameKey = (name: string) => name.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();

export interface KnownPharmacy {
  id: number;
  name: string;
  phoneNumber: string;
}
export interface KnownMedication {
  name: string;
  pharmacyId: number | null;
}

/** What the patient chose for rows already on the list: skip them all (default), import them all, and rows imported as new anyway. */
export interface DuplicateChoice {
  duplicates: "skip" | "import";
  importAsNew: ReadonlySet<number>;
}

/** A row to write: to one of the account's pharmacies (`pharmacyId`), or to `newPharmacy`, created by the import. */
export interface PlannedRow {
  item: ImportItem;
  pharmacyId: number | null;
  newPharmacy: { name: string; phoneNumber: string } | null;
}

export interface ImportPlan {
  rows: PlannedRow[];
  newPharmacies: Array<{ name: string; phoneNumber: string }>;
  /** Rows (as a spreadsheet numbers them) naming a medication the account has at the same pharmacy. */
  duplicates: number[];
  skipped: number;
}

/**
 * Same name (nameKey), and phones that agree: equal, or one of them missing (a row without a phone
 * is the pharmacy of that name). Different phones are different branches. An equal phone wins.
 */
function findPharmacy<P extends { name: string; phoneNumber: string }>(
  known: readonly P[],
  name: string,
  phoneNumber: string,
): P | undefined {
  const key = nameKey(name);
  const named = known.filter((pharmacy) => nameKey(pharmacy.name) === key);
  return named.find((p) => p.phoneNumber === phoneNumber) ?? named.find((p) => p.phoneNumber === "" || phoneNumber === "");
}

export function planImport(
  items: readonly ImportItem[],
  account: { pharmacies: readonly KnownPharmacy[]; medications: readonly KnownMedication[] },
  choice: DuplicateChoice = { duplicates: "skip", importAsNew: new Set() },
): ImportPlan {
  // The account's pharmacies by id order, so a name held twice resolves to the older one.
  const existing = [...account.pharmacies].sort((a, b) => a.id - b.id);
  const tracked = new Set(account.medications.map((m) => `${m.pharmacyId}\n${nameKey(m.name)}`));
  const newPharmacies: ImportPlan["newPharmacies"] = [];
  const rows: PlannedRow[] = [];
  const duplicates: number[] = [];
  for (const item of items) {
    const { name, phoneNumber } = item.pharmacy;
    const own = findPharmacy(existing, name, phoneNumber);
    if (own) {
      if (tracked.has(`${own.id}\n${nameKey(item.medication.name)}`)) {
        duplicates.push(item.row);
        if (choice.duplicates === "skip" && !choice.importAsNew.has(item.row)) continue;
      }
      rows.push({ item, pharmacyId: own.id, newPharmacy: null });
      continue;
    }
    // The file's own repeats of a new pharmacy fold by the same rule: the first row's spelling is kept.
    let created = findPharmacy(newPharmacies, name, phoneNumber);
    if (!created) newPharmacies.push((created = { name, phoneNumber }));
    else if (created.phoneNumber === "" && phoneNumber !== "") created.phoneNumber = phoneNumber;
    rows.push({ item, pharmacyId: null, newPharmacy: created });
  }
  return { rows, newPharmacies, duplicates, skipped: items.length - rows.length };
}
