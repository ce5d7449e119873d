import { describe, expect, it } from "vitest";
import { filterByStatus } from "../../src/domain/dashboard";
import type { Medication } from "../../src/domain/medications";
import { prescriptionNotice } from "../../src/domain/prescription";
import { inLocale } from "../../src/i18n/current";

const ASK_FOR_PRESCRIPTION = "Ask your doctor for a new prescription";

const today = "2026-03-01";
let nextId = 1;
const med = (overrides: Partial<Medication>): Medication => ({
  id: nextId++,
  name: "Medication",
  pharmacyId: 1,
  pillsPerDay: 1,
  pillsRemaining: 30,
  pillsPerRefill: 30,
  lastRefillDate: null,
  refillsLeft: null,
  prescriptionExpiresOn: null,
  ...overrides,
});

describe("prescriptionNotice", () => {
  it("no refills left matters only within notificationDays of running out", () => {
    expect(prescriptionNotice(med({ refillsLeft: 0, pillsRemaining: 7 }), today, 7)).toBe(ASK_FOR_PRESCRIPTION);
    expect(prescriptionNotice(med({ refillsLeft: 0, pillsRemaining: 7.5 }), today, 7)).toBeNull();
    expect(prescriptionNotice(med({ refillsLeft: 0, pillsRemaining: 20 }), today, 21)).toBe(ASK_FOR_PRESCRIPTION);
    expect(prescriptionNotice(med({ refillsLeft: 1, pillsRemaining: 2 }), today, 7)).toBeNull();
    expect(prescriptionNotice(med({ refillsLeft: null, pillsRemaining: 0 }), today, 7)).toBeNull();
  });

  it("a prescription that expires before the run-out date, or within notificationDays, is named with its date", () => {
    // 30 pills at 1 a day run out on Mar 31.
    expect(prescriptionNotice(med({ prescriptionExpiresOn: "2026-03-30" }), today, 7)).toBe("Prescription expires Mar 30, 2026");
    expect(prescriptionNotice(med({ prescriptionExpiresOn: "2026-03-31" }), today, 7)).toBeNull();
    expect(prescriptionNotice(med({ pillsRemaining: 3, prescriptionExpiresOn: "2026-03-08" }), today, 7)).toBe("Prescription expires Mar 8, 2026");
    expect(prescriptionNotice(med({ pillsRemaining: 3, prescriptionExpiresOn: "2026-03-09" }), today, 7)).toBeNull();
    expect(prescriptionNotice(med({ prescriptionExpiresOn: "2026-02-01" }), today, 7)).toBe("Prescription expires Feb 1, 2026");
  });

  it("no refills left near the run-out wins over the expiry", () => {
    expect(prescriptionNotice(med({ refillsLeft: 0, pillsRemaining: 2, prescriptionExpiresOn: "2026-03-02" }), today, 7)).toBe(ASK_FOR_PRESCRIPTION);
  });

  it("speaks the current language", () => {
    inLocale({ language: "fr", locale: "fr" }, () => {
      expect(prescriptionNotice(med({ refillsLeft: 0, pillsRemaining: 2 }), today, 7)).toBe("Demandez une nouvelle ordonnance à votre médecin");
      expect(prescriptionNotice(med({ prescriptionExpiresOn: "2026-03-30" }), today, 7)).toBe("L’ordonnance expire le 30 mars 2026");
    });
  });

  it("the status filter 'Needs a new prescription' keeps exactly the medications with a notice", () => {
    const list = [med({ name: "a", refillsLeft: 0, pillsRemaining: 3 }), med({ name: "b", prescriptionExpiresOn: "2026-03-05" }), med({ name: "c", refillsLeft: 3, pillsRemaining: 3 }), med({ name: "d" })];
    expect(filterByStatus(list, "new-prescription", { today, notificationDays: 7 }).map((m) => m.name)).toEqual(["a", "b"]);
  });
});
