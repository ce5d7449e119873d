import { describe, expect, it } from "vitest";
import { nameKey, planImport } from "../../src/domain/import-plan";
import type { ImportItem } from "../../src/domain/medication-csv";

const item = (row: number, name: string, pharmacy: string, phoneNumber = ""): ImportItem => ({
  row,
  medication: {
    name,
    pillsPerDay: 1,
    pillsRemaining: 30,
    pillsPerRefill: 30,
    lastRefillDate: null,
    refillsLeft: null,
    prescriptionExpiresOn: null,
  } as ImportItem["medication"],
  pharmacy: { name: pharmacy, phoneNumber },
});

describe("nameKey", () => {
  it("trims, collapses inner spaces and folds case, beyond ASCII", () => {
    expect(nameKey("  CORNER \t  Drugs ")).toBe("corner drugs");
    expect(nameKey("ÉPICERIE")).toBe(nameKey("épicerie"));
    expect(nameKey("E\u0301picerie")).toBe(nameKey("Épicerie"));
    expect(nameKey("Corner Drugs")).not.toBe(nameKey("CornerDrugs"));
  });
});

describe("planImport", () => {
  const account = {
    pharmacies: [
      { id: 7, name: "Corner Drugs", phoneNumber: "+12125550100" },
      { id: 3, name: "corner drugs", phoneNumber: "+12125550199" },
      { id: 9, name: "Quiet", phoneNumber: "" },
    ],
    medications: [{ name: "Lisinopril", pharmacyId: 7 }],
  };

  it("an equal phone wins; without a phone the oldest pharmacy of that name; another phone is another branch", () => {
    const plan = planImport(
      [
        item(2, "A", "CORNER DRUGS", "+12125550100"),
        item(3, "B", "corner  drugs"),
        item(4, "C", "Corner Drugs", "+12125550111"),
        item(5, "D", "quiet", "+12125550122"),
      ],
      account,
    );
    expect(plan.rows.map((r) => r.pharmacyId)).toEqual([7, 3, null, 9]);
    expect(plan.newPharmacies).toEqual([{ name: "Corner Drugs", phoneNumber: "+12125550111" }]);
  });

  it("lists rows already tracked at the same pharmacy and skips them unless chosen", () => {
    const items = [
      item(2, " LISINOPRIL ", "Corner Drugs"),
      item(3, "Lisinopril", "Quiet"),
      item(4, "lisinopril", "corner drugs", "+12125550100"),
    ];
    const one = { ...account, pharmacies: account.pharmacies.filter((p) => p.id !== 3) };
    const skip = planImport(items, one);
    expect([skip.duplicates, skip.skipped, skip.rows.map((r) => r.item.row)]).toEqual([[2, 4], 2, [3]]);
    const some = planImport(items, one, { duplicates: "skip", importAsNew: new Set([4]) });
    expect([some.duplicates, some.skipped, some.rows.map((r) => r.item.row)]).toEqual([[2, 4], 1, [3, 4]]);
    const all = planImport(items, one, { duplicates: "import", importAsNew: new Set() });
    expect([all.skipped, all.rows.length]).toEqual([0, 3]);
  });
});
