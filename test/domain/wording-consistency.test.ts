import { describe, expect, it } from "vitest";
import { doseText } from "../../src/domain/dose-text";
import { inLocale } from "../../src/i18n/current";
import { CONFIRMATION_LINK_HOURS } from "../../src/domain/limits";
import * as m from "../../src/generated/i18n";
import { confirmationEmail } from "../../src/mail/templates/AddressEmails";

// One term per concept, as the patient reads it: a weekly dose says "every" before its day in
// Chinese and Arabic, and the confirmation e-mail's and its resend toast's "24 hours" are in the reader's digits.

const TODAY = "2026-11-25";
const zh = { language: "zh", locale: "zh" };
const ar = { language: "ar", locale: "ar-EG" };

describe("weekday doses say 'every'", () => {
  it("Chinese: 每 before the days, whether one day or several", () => {
    const several = inLocale(zh, () => doseText({ type: "weekdays", dose: 1, days: ["mon", "wed", "fri"] }, "tablet", TODAY));
    expect(several).toMatch(/^每周一.*周三.*周五 1 片$/);
    const one = inLocale(zh, () => doseText({ type: "weekdays", dose: 1, days: ["sun"] }, "tablet", TODAY));
    expect(one).toMatch(/^每(?:星期|周)日 1 片$/);
    const timed = inLocale(zh, () =>
      doseText({ type: "weekdays", dose: 1, days: ["mon", "thu"], times: [{ at: "08:00", dose: 1 }] }, "tablet", TODAY),
    );
    expect(timed.startsWith("每周一")).toBe(true);
  });

  it("Arabic: كل before a weekday", () => {
    const one = inLocale(ar, () => doseText({ type: "weekdays", dose: 6, days: ["sun"] }, "tablet", TODAY));
    expect(one).toContain("كل يوم الأحد");
    const several = inLocale(ar, () => doseText({ type: "weekdays", dose: 1, days: ["mon", "wed"] }, "tablet", TODAY));
    expect(several).toContain("أيام الاثنين");
  });
});

describe("the confirmation e-mail", () => {
  it("writes how long the link works in the reader's digits (٢٤ in Arabic, Egypt)", () => {
    const mail = inLocale(ar, () => confirmationEmail({ to: "a@example.com", link: "https://example.com/confirm", change: false }));
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("٢٤ ساعة");
      expect(body).not.toMatch(/\b24\b/);
    }
    const english = confirmationEmail({ to: "a@example.com", link: "https://example.com/confirm", change: false });
    expect(english.text).toContain("within 24 hours");
  });

  it("the resend toast too: the same hours, in the reader's digits", () => {
    // The toast's island passes the same constant the e-mail's link lifetime is built from.
    const toast = inLocale(ar, () => m.toast_confirmation_resent({ email: "a@example.com", hours: CONFIRMATION_LINK_HOURS }));
    expect(toast).toContain("٢٤ ساعة");
    expect(toast).not.toMatch(/24/);
    expect(m.toast_confirmation_resent({ email: "a@example.com", hours: CONFIRMATION_LINK_HOURS })).toMatch(/It works for 24 hours\.$/);
  });
});
