import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { formatDate } from "../src/i18n/format";
import * as m from "../src/generated/i18n";
import { inLocale } from "../src/i18n/current";
import { isolate } from "../src/i18n/Rich";
import { unitCountText } from "../src/domain/unit-text";
import { accountLocaleScope, inAccountLocale } from "../src/mail/locale";
import { passwordResetEmail } from "../src/mail/templates/PasswordResetEmail";
import { emailsTo } from "./helpers";
import { addMedication, deleteCreatedUsers, makeUser, tick } from "./reminders-fixtures";

// The reminder job writes each e-mail in its account's saved language (users.locale), with the
// locale's dates and digits, the direction of its script, and user-entered text isolated. The
// e-mails are read back from the development outbox (no Postmark token).

const outbox = { ...env, POSTMARK_SERVER_TOKEN: "" };
const hi = { language: "hi", locale: "hi" };
const arEG = { language: "ar", locale: "ar-EG" };
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669]/;

afterEach(deleteCreatedUsers);

/** A user due at 09:00 local on 2025-01-14 with one medication 3 days from running out (on Jan 17). */
async function patient(locale: string, timezone: string, fullName: string, medication: string, pharmacy: string) {
  const user = await makeUser({ timezone, hour: 9, savedAt: "2025-01-13T20:00:00Z", fullName, locale });
  await addMedication(user.id, {
    name: medication,
    pillsRemaining: 3,
    countedOn: "2025-01-14",
    pharmacy: { name: pharmacy, phoneNumber: "+20212345678" },
  });
  return user;
}

async function onlyEmailTo(to: string) {
  const mails = await emailsTo(to);
  expect(mails, `e-mails to ${to}`).toHaveLength(1);
  return mails[0]!;
}

describe("reminder e-mails in the account's language", () => {
  it("Hindi and Egyptian Arabic: subject, words, dates, digits, direction and isolated names", async () => {
    const priya = await patient("hi", "Asia/Kolkata", "प्रिया", "Metformin", "Apollo Pharmacy");
    const amal = await patient("ar-EG", "Africa/Cairo", "أمل", "Lisinopril", "صيدلية النيل");
    await tick("2025-01-14T07:00:00Z", outbox); // 12:30 in Kolkata, 09:00 in Cairo

    const hindi = await onlyEmailTo(priya.email);
    inLocale(hi, () => {
      expect(hindi.subject).toBe(m.mail_reminder_subject({ count: 1 }));
      expect(hindi.subject).toBe("रीफ़िल रिमाइंडर: 1 दवा का रीफ़िल ज़रूरी है");
      expect(hindi.text).toContain(m.mail_hello({ name: isolate("प्रिया") }));
      expect(hindi.text).toContain(m.mail_reminder_intro());
      expect(hindi.text).toContain(
        `- ${m.mail_reminder_item({ name: isolate("Metformin"), supply: m.mail_reminder_supply({ amount: unitCountText("tablet", 3), count: 3, days: 3 }), date: formatDate("2025-01-17") })}`,
      );
      expect(hindi.text).toContain(
        m.mail_reminder_pharmacy({
          pharmacy: m.mail_reminder_pharmacy_phone({ pharmacy: isolate("Apollo Pharmacy"), phone: isolate("+20 2 12345678") }),
        }),
      );
      expect(hindi.html).toContain(m.mail_reminder_intro());
      expect(hindi.html).toContain(m.mail_reminder_consent());
    });
    expect(hindi.html.startsWith('<!DOCTYPE html><html lang="hi" dir="ltr">')).toBe(true);
    expect(hindi.html).toContain("<bdi>Metformin</bdi>");
    expect(hindi.html).toContain("<bdi>Apollo Pharmacy</bdi>");
    expect(hindi.html).toContain("नमस्ते <bdi>प्रिया</bdi>,");
    expect(hindi.text).not.toContain("Refill reminder");

    const arabic = await onlyEmailTo(amal.email);
    inLocale(arEG, () => {
      expect(arabic.subject).toBe(m.mail_reminder_subject({ count: 1 }));
      expect(arabic.subject).toBe("تذكير بإعادة الصرف: دواء واحد يحتاج إلى إعادة صرف");
      expect(arabic.text).toContain(m.mail_reminder_intro());
      expect(arabic.text).toContain(m.mail_reminder_supply({ amount: unitCountText("tablet", 3), count: 3, days: 3 }));
      expect(arabic.text).toContain(m.mail_reminder_dose({ dose: "قرص واحد يوميًا" }));
      expect(arabic.text).toContain(formatDate("2025-01-17"));
      expect(arabic.html).toContain(m.mail_reminder_now_title({ days: 7 }));
    });
    // The days-left count and the date in Arabic-Indic digits.
    expect(arabic.text).toContain("المتبقي: ٣ أقراص، ٣ أيام من الإمداد");
    expect(inLocale(arEG, () => formatDate("2025-01-17"))).toMatch(ARABIC_INDIC_DIGIT);
    expect(arabic.html.startsWith('<!DOCTYPE html><html lang="ar-EG" dir="rtl">')).toBe(true);
    expect(arabic.html).toContain('<div dir="rtl"');
    expect(arabic.html).toContain("<bdi>Lisinopril</bdi>");
    expect(arabic.html).toContain("<bdi>صيدلية النيل</bdi>");
    expect(arabic.html).toContain("padding-right:20px");
    expect(arabic.text).toContain(isolate("Lisinopril"));
    expect(arabic.text).toContain(isolate("صيدلية النيل"));
    // The stored E.164 number, formatted as on every page, left to right inside the Arabic text.
    expect(arabic.text).toContain(isolate("+20 2 12345678"));
    expect(arabic.html).toContain('<a href="tel:+20212345678" style="color:#0f766e"><bdi dir="ltr">+20 2 12345678</bdi></a>');
  });

  it("no saved language, or one without a catalog: English", async () => {
    const none = await makeUser({ timezone: "Africa/Cairo", hour: 9, savedAt: "2025-01-13T20:00:00Z" });
    const traditional = await makeUser({ timezone: "Africa/Cairo", hour: 9, savedAt: "2025-01-13T20:00:00Z", locale: "zh-TW" });
    for (const user of [none, traditional]) await addMedication(user.id, { pillsRemaining: 2, countedOn: "2025-01-14" });
    await tick("2025-01-14T07:00:00Z", outbox);
    for (const user of [none, traditional]) {
      const mail = await onlyEmailTo(user.email);
      expect(mail.subject).toBe("Refill reminder: 1 medication needs a refill");
      expect(mail.text).toContain("2 tablets left, 2 days of supply; runs out Jan 16, 2025.\n  Dose: 1 tablet daily\n");
      expect(mail.html.startsWith('<!DOCTYPE html><html lang="en" dir="ltr">')).toBe(true);
    }
  });
});

describe("inAccountLocale", () => {
  it("reads the saved tag: its catalog and its canonical locale; English otherwise", () => {
    expect(accountLocaleScope("pt-br")).toEqual({ language: "pt", locale: "pt-BR" });
    expect(accountLocaleScope("ar-EG")).toEqual({ language: "ar", locale: "ar-EG" });
    expect(accountLocaleScope(null)).toEqual({ language: "en", locale: "en" });
    expect(accountLocaleScope("zh-TW")).toEqual({ language: "en", locale: "en" });
    expect(accountLocaleScope("xx-nonsense-")).toEqual({ language: "en", locale: "en" });
  });

  it("writes the other e-mails in the account's language too", () => {
    const reset = inAccountLocale("es-MX", () =>
      passwordResetEmail({ to: "ana@example.com", name: "Ana", link: "https://refills.example/reset-password?token=abc" }),
    );
    expect(reset.subject).toBe("Restablece tu contraseña de Refill Tracker");
    expect(reset.text).toContain("Hola, \u2068Ana\u2069:");
    expect(reset.html).toContain('<html lang="es-MX" dir="ltr">');
  });
});
