import { describe, expect, it } from "vitest";
import { passwordResetEmail } from "../src/mail/templates/PasswordResetEmail";
import { reminderEmail, reminderMessage } from "../src/mail/templates/ReminderEmail";
import { unsubscribeUrl } from "../src/mail/unsubscribe";
import { needsReminder, notificationRecords, reminderContent, type ReminderMedication } from "../src/reminders/due";
import { statusForDaysLeft } from "../src/domain/medications";
import { isolate } from "../src/i18n/Rich";
import { formatDate } from "../src/shared/format";
import { UNLOGGED } from "../src/domain/logged-doses";

// What the reminder says: pure functions, no database.

const med = (id: number, pillsRemaining: number, extra: Partial<ReminderMedication> = {}): ReminderMedication => ({
  id,
  name: `Med ${id}`,
  pillsRemaining,
  pillsPerDay: 1,
  regimen: '{"changes":[],"pauses":[]}',
  ...UNLOGGED,
  unit: "tablet",
  refillsLeft: null,
  prescriptionExpiresOn: null,
  countedOn: "2025-01-10",
  pharmacyName: "Corner Pharmacy",
  pharmacyPhone: "+12125550199",
  ...extra,
});

describe("reminderContent", () => {
  it("skips a paused medication, and one paused with no end", () => {
    const paused = (from: string, until: string | null) =>
      JSON.stringify({ changes: [{ effectiveFrom: "2025-01-01", schedule: { type: "daily", dose: 1 } }], pauses: [{ from, until }] });
    const content = reminderContent(
      [med(1, 2, { regimen: paused("2025-01-09", "2025-01-12") }), med(2, 2, { regimen: paused("2025-01-11", null) }), med(3, 2)],
      7,
      "2025-01-10",
    );
    expect(content.immediate.map((i) => i.medicationId)).toEqual([3]);
  });

  it("splits at notificationDays and 15 days, soonest first, with run-out dates", () => {
    // Whole days: 8 tablets at 1 a day last 8 days, 16 last 16.
    const content = reminderContent(
      [med(1, 8), med(2, 7), med(3, 15), med(4, 16), med(5, 0), med(6, 8, { pillsPerDay: 2 })],
      7,
      "2025-01-10",
    );
    expect(content.immediate.map((i) => [i.medicationId, i.daysLeft, i.runsOutOn])).toEqual([
      [5, 0, "2025-01-10"],
      [6, 4, "2025-01-14"],
      [2, 7, "2025-01-17"],
    ]);
    expect(content.upcoming.map((i) => [i.medicationId, i.runsOutOn])).toEqual([
      [1, "2025-01-18"],
      [3, "2025-01-25"],
    ]);
    expect(needsReminder(content)).toBe(true);
    expect(notificationRecords(content)).toEqual([
      { medicationId: 5, type: "refill-needed" },
      { medicationId: 6, type: "refill-needed" },
      { medicationId: 2, type: "refill-needed" },
      { medicationId: 1, type: "upcoming-refill" },
      { medicationId: 3, type: "upcoming-refill" },
    ]);
  });

  it("follows the user's notification days: 14 → Refill Needed up to 14 days, Running Low up to 22", () => {
    const content = reminderContent([med(1, 14), med(2, 15), med(3, 22.9), med(4, 23), med(5, 8), med(6, 16)], 14, "2025-01-10");
    expect(content.immediate.map((i) => i.medicationId)).toEqual([5, 1]);
    expect(content.upcoming.map((i) => i.medicationId)).toEqual([2, 6, 3]);
    expect(content.prescriptions).toEqual([]);
    for (const item of content.immediate) expect(statusForDaysLeft(Math.floor(item.daysLeft), 14)).toBe("refill-needed");
    for (const item of content.upcoming) expect(statusForDaysLeft(Math.floor(item.daysLeft), 14)).toBe("running-low");
    const email = reminderEmail({
      to: "pat@example.com",
      name: "Pat",
      content,
      dashboardUrl: "https://refills.example/",
      settingsUrl: "https://refills.example/notifications",
      unsubscribeUrl: "https://refills.example/unsubscribe?token=7.abc",
    });
    expect(email.text).toContain("Needs a refill now (within 14 days of running out):");
    expect(email.text).toContain(`Upcoming refills (within 22 days):\n- ${isolate("Med 2")}: 15 tablets left, 15 days of supply`);
    expect(email.text).not.toContain("Med 4");
  });

  it("counts down from the stored date, never below zero", () => {
    const content = reminderContent([med(1, 20, { countedOn: "2025-01-01" }), med(2, 3, { countedOn: "2025-01-01" })], 10, "2025-01-11");
    expect(content.immediate.map((i) => [i.medicationId, i.pillsRemaining])).toEqual([
      [2, 0],
      [1, 10],
    ]);
  });

  it("nothing within notificationDays: no reminder, even with upcoming ones", () => {
    const content = reminderContent([med(1, 10)], 7, "2025-01-10");
    expect(content.upcoming).toHaveLength(1);
    expect(needsReminder(content)).toBe(false);
  });
});

describe("reminderEmail", () => {
  const hostile = '<img src=x onerror="alert(1)">';
  const content = reminderContent(
    [
      med(1, 3, { name: hostile, pharmacyName: "Smith & Sons <Pharmacy>", pharmacyPhone: "+12125551234" }),
      med(2, 12, { name: "Atorvastatin", pharmacyName: null, pharmacyPhone: null }),
      med(3, 5, { name: "Lisinopril", pharmacyPhone: "call us" }),
    ],
    7,
    "2025-01-10",
  );
  const email = reminderEmail({
    to: "pat@example.com",
    name: "Pat <script>",
    content,
    dashboardUrl: "https://refills.example/",
    settingsUrl: "https://refills.example/notifications",
    unsubscribeUrl: "https://refills.example/unsubscribe?token=7.abc",
  });

  it("escapes everything it did not write itself", () => {
    expect(email.html).not.toContain(hostile);
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(email.html).toContain("<bdi>Smith &amp; Sons &lt;Pharmacy&gt;</bdi>");
    expect(email.html).toContain("<p>Hello,</p>"); // a name with markup is left out of the greeting
  });

  it("lists what needs a refill now and what is upcoming, with run-out dates and pharmacies", () => {
    expect(email.subject).toBe("Refill reminder: 2 medications need a refill");
    expect(email.text).toContain("Needs a refill now (within 7 days of running out):");
    // User-entered text is isolated (U+2068 … U+2069) in the text part, in <bdi> in the HTML.
    expect(email.text).toContain(
      `- ${isolate(hostile)}: 3 tablets left, 3 days of supply; runs out Jan 13, 2025.\n  Dose: 1 tablet daily\n  Pharmacy: ${isolate("Smith & Sons <Pharmacy>")}, ${isolate("+1 212 555 1234")}`,
    );
    expect(email.text).toContain(`- ${isolate("Lisinopril")}: 5 tablets left, 5 days of supply; runs out Jan 15, 2025.`);
    expect(email.text).toContain(
      `Upcoming refills (within 15 days):\n- ${isolate("Atorvastatin")}: 12 tablets left, 12 days of supply; runs out Jan 22, 2025.\n  Dose: 1 tablet daily\n  Pharmacy: No pharmacy assigned`,
    );
    // The stored E.164 number is shown formatted, as on every page, and dialled as E.164.
    expect(email.html).toContain('<a href="tel:+12125551234" style="color:#0f766e"><bdi dir="ltr">+1 212 555 1234</bdi></a>');
    expect(email.html).toContain('<bdi>Corner Pharmacy</bdi>, <bdi dir="ltr">call us</bdi>'); // kept as typed, no digits: no tel: link
    expect(email.html).toContain("Runs out <strong>Jan 13, 2025</strong>");
    expect(email.text.indexOf("Lisinopril")).toBeLessThan(email.text.indexOf("Atorvastatin"));
  });

  it("links the dashboard and offers one-click unsubscribe in the headers, the text and the HTML", () => {
    expect(email.text).toContain("Open your dashboard: https://refills.example/");
    expect(email.html).toContain('href="https://refills.example/"');
    expect(email.headers).toEqual({
      "List-Unsubscribe": "<https://refills.example/unsubscribe?token=7.abc>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(email.text).toContain("Unsubscribe: https://refills.example/unsubscribe?token=7.abc");
    expect(email.html).toContain('href="https://refills.example/unsubscribe?token=7.abc"');
    expect(email.tag).toBe("refill-reminder");
  });

  it("the test e-mail says so, and says when nothing needs a refill", () => {
    const test = reminderEmail({
      to: "pat@example.com",
      name: "Pat",
      content: reminderContent([], 7, "2025-01-10"),
      dashboardUrl: "https://refills.example/",
      settingsUrl: "https://refills.example/notifications",
      unsubscribeUrl: "https://refills.example/unsubscribe?token=7.abc",
      test: true,
    });
    expect(test.subject).toBe("Test: your medication refill reminder");
    expect(test.text).toContain("This is a test of your refill reminder e-mail.");
    expect(test.text).toContain("Nothing needs a refill right now.");
    expect(test.tag).toBe("refill-reminder-test");
  });

  it("formats dates the way the app does", () => {
    expect(formatDate("2025-01-05")).toBe("Jan 5, 2025");
    expect(formatDate("2024-12-31")).toBe("Dec 31, 2024");
  });

  it("is a whole inline-styled HTML document", () => {
    expect(email.html.startsWith('<!DOCTYPE html><html lang="en" dir="ltr"><head>')).toBe(true);
    expect(email.html).toContain('<body style="margin:0;background:#f8fafc;');
    expect(email.html).not.toContain("<style");
    expect(email.html).not.toContain("<!--"); // no React markers
  });
});

describe("reminderEmail in the medication's unit and schedule", () => {
  const regimen = (schedule: object) => JSON.stringify({ changes: [{ effectiveFrom: "2025-01-01", schedule }], pauses: [] });
  // On 2025-01-10: methotrexate 6 tablets every 7 days from Jan 6 has 6 left (Jan 13's dose, then
  // out on Jan 20); the inhaler 10 puffs at about 6 a week: floor(7 × 10 / 6) = 11 days; insulin
  // 90 units at 30 a day: 3 days; an empty bottle of drops.
  const content = reminderContent(
    [
      med(1, 6, { name: "Methotrexate", regimen: regimen({ type: "interval", dose: 6, everyDays: 7, startsOn: "2025-01-06" }) }),
      med(2, 10, { name: "Salbutamol", unit: "puff", regimen: regimen({ type: "asNeeded", perWeek: 6 }) }),
      med(3, 90, { name: "Insulin", unit: "unit", regimen: regimen({ type: "daily", dose: 30 }) }),
      med(4, 0, { name: "Eye drops", unit: "drop", regimen: regimen({ type: "weekdays", dose: 2, days: ["mon", "wed", "fri"] }) }),
    ],
    7,
    "2025-01-10",
  );
  const input = {
    to: "pat@example.com",
    name: "Pat",
    content,
    dashboardUrl: "https://refills.example/",
    settingsUrl: "https://refills.example/notifications",
    unsubscribeUrl: "https://refills.example/unsubscribe?token=7.abc",
  };

  it("English: counts in the unit and the dose in words, the as-needed estimate said as one", () => {
    const email = reminderEmail(input);
    expect(email.text).not.toContain("pill");
    expect(email.text).toContain(
      `- ${isolate("Insulin")}: 90 units left, 3 days of supply; runs out Jan 13, 2025.\n  Dose: 30 units daily\n`,
    );
    expect(email.text).toContain(`- ${isolate("Eye drops")}: none left; runs out Jan 10, 2025.\n  Dose: 2 drops Mon, Wed, Fri\n`);
    expect(email.text).toContain(
      `- ${isolate("Methotrexate")}: 6 tablets left, 10 days of supply; runs out Jan 20, 2025.\n  Dose: 6 tablets every 7 days, next on Monday, Jan 13\n`,
    );
    expect(email.text).toContain(
      `- ${isolate("Salbutamol")}: 10 puffs left, 11 days of supply; runs out Jan 21, 2025.\n  Dose: As needed, about 6 puffs a week\n`,
    );
    expect(email.html).toContain("Dose: As needed, about 6 puffs a week");
    expect(email.html).toContain("6 tablets left, 10 days of supply");
  });

  it("in Spanish: the unit's plural and the verb agree with the count", () => {
    const email = reminderMessage({
      user: { id: 1, email: "pat@example.com", fullName: null, locale: "es" },
      content,
      baseUrl: "https://refills.example",
      key: new Uint8Array(32).fill(7),
    });
    expect(email.text).toContain(`- ${isolate("Insulin")}: quedan 90 unidades, 3 días de suministro`);
    expect(email.text).toContain(`- ${isolate("Methotrexate")}: quedan 6 pastillas, 10 días de suministro`);
    expect(email.text).toContain("Dosis: 6 pastillas cada 7 días");
    expect(email.text).toContain("Dosis: Según sea necesario, aprox. 6 inhalaciones a la semana");
    expect(email.text).toContain(`- ${isolate("Eye drops")}: no queda nada;`);
  });
});

describe("escaping in the e-mails' HTML", () => {
  const breakOut = '"onmouseover=alert(1) x="';
  const email = reminderEmail({
    to: "pat@example.com",
    name: breakOut,
    content: reminderContent(
      [med(1, 2, { name: `<script>alert(1)</script>${breakOut}`, pharmacyName: breakOut, pharmacyPhone: `5${breakOut}` })],
      7,
      "2025-01-10",
    ),
    dashboardUrl: `https://refills.example/${breakOut}`,
    settingsUrl: `https://refills.example/notifications?${breakOut}`,
    unsubscribeUrl: `https://refills.example/unsubscribe?token=${breakOut}`,
  });

  it("text and attribute values cannot open a tag or close an attribute", () => {
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain('"onmouseover');
    expect(email.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;&quot;onmouseover=alert(1) x=&quot;");
    expect(email.html).toContain('href="https://refills.example/&quot;onmouseover=alert(1) x=&quot;"');
    expect(email.html).toContain('href="https://refills.example/unsubscribe?token=&quot;onmouseover=alert(1) x=&quot;"');
    expect(email.html).toContain('<a href="tel:51" style="color:#0f766e"><bdi dir="ltr">5&quot;onmouseover=alert(1) x=&quot;</bdi></a>');
    // A name that is not plain letters is left out of the greeting altogether (mail/templates/greeting.ts).
    expect(email.text.startsWith("Hello,\n")).toBe(true);
    expect(email.html).toContain("<p>Hello,</p>");
  });

  it("the password-reset e-mail escapes its link and leaves out a name with markup", () => {
    const reset = passwordResetEmail({
      to: "pat@example.com",
      name: "<b>pat</b>",
      link: `https://refills.example/reset-password?token=${breakOut}`,
    });
    expect(reset.html).toContain("<p>Hello,</p>");
    expect(reset.html).not.toContain("pat&lt;");
    expect(reset.html).toContain('href="https://refills.example/reset-password?token=&quot;onmouseover=alert(1) x=&quot;"');
    expect(reset.html).not.toContain('"onmouseover');
    expect(reset.text).toContain(`https://refills.example/reset-password?token=${breakOut}`);
  });
});

describe("reminderMessage", () => {
  const key = new Uint8Array(32).fill(7);
  const content = reminderContent([med(1, 2)], 7, "2025-01-10");
  const user = { id: 42, email: "pat@example.com", fullName: "Pat Doe" };

  it("greets by full name, else nobody, and links the account's pages from the base URL", () => {
    const message = reminderMessage({ user, content, baseUrl: "https://refills.example", key });
    const unsubscribe = unsubscribeUrl("https://refills.example", key, 42);
    expect(message).toEqual(
      reminderEmail({
        to: "pat@example.com",
        name: "Pat Doe",
        content,
        dashboardUrl: "https://refills.example/",
        settingsUrl: "https://refills.example/notifications",
        unsubscribeUrl: unsubscribe,
      }),
    );
    expect(message.headers?.["List-Unsubscribe"]).toBe(`<${unsubscribe}>`);
    expect(message.text.startsWith("Hello \u2068Pat Doe\u2069,\n")).toBe(true);
    expect(
      reminderMessage({ user: { ...user, fullName: null }, content, baseUrl: "https://refills.example", key }).text.startsWith("Hello,\n"),
    ).toBe(true);
    expect(reminderMessage({ user: { ...user, fullName: "" }, content, baseUrl: "https://refills.example", key, test: true }).tag).toBe(
      "refill-reminder-test",
    );
  });
});
