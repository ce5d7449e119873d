import { withSupply } from "../support/supply";
import { describe, expect, it } from "vitest";
import { filterByStatus } from "../../src/domain/dashboard";
import type { Medication } from "../../src/domain/medications";
import { PRESCRIPTION_LEAD_DAYS, prescriptionDueSoon, prescriptionNoticeOf, prescriptionNoticeShown } from "../../src/domain/prescription";
import { inLocale } from "../../src/i18n/current";

/** The notice's words, or null. */
const prescriptionNotice = (...args: Parameters<typeof prescriptionNoticeShown>) => prescriptionNoticeShown(...args)?.text ?? null;

const ASK_FOR_PRESCRIPTION = "Ask your doctor for a new prescription";

const today = "2026-03-01";
let nextId = 1;
const med = (overrides: Partial<Medication>): Medication =>
  withSupply(
    {
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
    },
    today,
  );

describe("prescriptionNotice", () => {
  it("no refills left matters within 30 days of running out (a doctor's appointment takes longer than a week)", () => {
    expect(PRESCRIPTION_LEAD_DAYS).toBe(30);
    expect(prescriptionNotice(med({ refillsLeft: 0, pillsRemaining: 30 }), today, 7)).toBe(ASK_FOR_PRESCRIPTION);
    expect(prescriptionNotice(med({ refillsLeft: 0, pillsRemaining: 30.5 }), today, 7)).toBe(ASK_FOR_PRESCRIPTION); // 30 whole days
    expect(prescriptionNotice(med({ refillsLeft: 0, pillsRemaining: 31 }), today, 7)).toBeNull();
    expect(prescriptionNotice(med({ refillsLeft: 0, pillsRemaining: 20 }), today, 7)).toBe(ASK_FOR_PRESCRIPTION);
    expect(prescriptionNotice(med({ refillsLeft: 1, pillsRemaining: 2 }), today, 7)).toBeNull();
    expect(prescriptionNotice(med({ refillsLeft: null, pillsRemaining: 0 }), today, 7)).toBeNull();
  });

  it("or within the notification days when those are more than 30", () => {
    expect(prescriptionNotice(med({ refillsLeft: 0, pillsRemaining: 45 }), today, 45)).toBe(ASK_FOR_PRESCRIPTION);
    expect(prescriptionNotice(med({ refillsLeft: 0, pillsRemaining: 46 }), today, 45)).toBeNull();
  });

  it("a prescription is named with its date 30 days ahead, or when it expires before the run-out date", () => {
    const plenty = { pillsRemaining: 300 };
    expect(prescriptionNotice(med({ ...plenty, prescriptionExpiresOn: "2026-03-31" }), today, 7)).toBe("Prescription expires Mar 31, 2026");
    expect(prescriptionNotice(med({ ...plenty, prescriptionExpiresOn: "2026-04-01" }), today, 7)).toBe("Prescription expires Apr 1, 2026"); // before the run-out
    expect(prescriptionNotice(med({ pillsRemaining: 3, prescriptionExpiresOn: "2026-03-31" }), today, 7)).toBe(
      "Prescription expires Mar 31, 2026",
    );
    expect(prescriptionNotice(med({ pillsRemaining: 3, prescriptionExpiresOn: "2026-04-01" }), today, 7)).toBeNull();
    expect(prescriptionNotice(med({ pillsRemaining: 3, prescriptionExpiresOn: "2026-04-10" }), today, 40)).toBe(
      "Prescription expires Apr 10, 2026",
    );
    expect(prescriptionNotice(med({ prescriptionExpiresOn: today }), today, 7)).toBe("Prescription expires Mar 1, 2026");
  });

  it("a prescription whose date has passed says 'Prescription expired {date}', marked as an error", () => {
    expect(prescriptionNotice(med({ prescriptionExpiresOn: "2026-02-01" }), today, 7)).toBe("Prescription expired Feb 1, 2026");
    expect(prescriptionNoticeShown(med({ prescriptionExpiresOn: "2026-02-28", refillsLeft: 0, pillsRemaining: 2 }), today, 7)).toEqual({
      text: "Prescription expired Feb 28, 2026",
      expired: true,
    });
    expect(prescriptionNoticeShown(med({ prescriptionExpiresOn: "2026-03-05" }), today, 7)).toEqual({
      text: "Prescription expires Mar 5, 2026",
      expired: false,
    });
  });

  it("due for the e-mail on its own: no refills left, an expiry within 30 days, or one that has passed", () => {
    const due = (overrides: Partial<Medication>) => prescriptionDueSoon(prescriptionNoticeOf(med(overrides), today, 7), today);
    expect(due({ refillsLeft: 0, pillsRemaining: 25 })).toBe(true);
    expect(due({ pillsRemaining: 300, prescriptionExpiresOn: "2026-03-31" })).toBe(true);
    expect(due({ pillsRemaining: 300, prescriptionExpiresOn: "2026-04-01" })).toBe(false); // named on the page, not worth an e-mail yet
    expect(due({ pillsRemaining: 300, prescriptionExpiresOn: "2026-02-01" })).toBe(true);
    expect(due({ pillsRemaining: 300 })).toBe(false);
  });

  it("no refills left near the run-out wins over the expiry", () => {
    expect(prescriptionNotice(med({ refillsLeft: 0, pillsRemaining: 2, prescriptionExpiresOn: "2026-03-02" }), today, 7)).toBe(
      ASK_FOR_PRESCRIPTION,
    );
  });

  it("speaks the current language", () => {
    inLocale({ language: "fr", locale: "fr" }, () => {
      expect(prescriptionNotice(med({ refillsLeft: 0, pillsRemaining: 2 }), today, 7)).toBe(
        "Demandez une nouvelle ordonnance à votre médecin",
      );
      expect(prescriptionNotice(med({ prescriptionExpiresOn: "2026-03-30" }), today, 7)).toBe("L’ordonnance expire le 30 mars 2026");
      expect(prescriptionNotice(med({ prescriptionExpiresOn: "2026-02-27" }), today, 7)).toBe("L’ordonnance a expiré le 27 févr. 2026");
    });
  });

  it("the status filter 'Needs a new prescription' keeps exactly the medications with a notice", () => {
    const list = [
      med({ name: "a", refillsLeft: 0, pillsRemaining: 3 }),
      med({ name: "b", prescriptionExpiresOn: "2026-03-05" }),
      med({ name: "c", refillsLeft: 3, pillsRemaining: 3 }),
      med({ name: "d", pillsRemaining: 300 }),
      med({ name: "e", pillsRemaining: 300, prescriptionExpiresOn: "2026-01-05" }),
    ];
    expect(filterByStatus(list, "new-prescription", { today, notificationDays: 7 }).map((m) => m.name)).toEqual(["a", "b", "e"]);
  });
});
