import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { medications, notifications, users } from "../src/db/schema";
import { reminderEmail } from "../src/mail/templates/ReminderEmail";
import { isolate } from "../src/i18n/Rich";
import { needsReminder, notificationRecords, reminderContent, type ReminderMedication } from "../src/reminders/due";
import { db } from "./helpers";
import { addMedication, at, deleteCreatedUsers, logRows, makeUser, mockPostmark, tick } from "./reminders-fixtures";
import { UNLOGGED } from "../src/domain/logged-doses";

// Prescriptions need lead time: the daily e-mail goes out for a prescription that expires (or has
// run out of refills with the supply ending) within 30 days, even when no supply is low; once a day.

const today = "2025-01-10";
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
  countedOn: today,
  pharmacyName: "Corner Pharmacy",
  pharmacyPhone: "+12125550199",
  ...extra,
});

const emailOf = (content: ReturnType<typeof reminderContent>) =>
  reminderEmail({
    to: "pat@example.com",
    name: "Pat",
    content,
    dashboardUrl: "https://refills.example/",
    settingsUrl: "https://refills.example/notifications",
    unsubscribeUrl: "https://refills.example/u",
  });

describe("the reminder's rule with prescriptions", () => {
  it("a prescription expiring within 30 days is due on its own, with no supply low", () => {
    const content = reminderContent([med(1, 90, { prescriptionExpiresOn: "2025-02-09" }), med(2, 90)], 7, today);
    expect([content.immediate, content.upcoming]).toEqual([[], []]);
    expect(content.prescriptions.map((i) => i.medicationId)).toEqual([1]);
    expect(needsReminder(content)).toBe(true);
    // Named in the e-mail, so it leaves its 'last reminder' record like a medication running low.
    expect(notificationRecords(content)).toEqual([{ medicationId: 1, type: "prescription" }]);
  });

  it("31 days ahead is not due yet; no refills left with the supply ending within 30 days is", () => {
    expect(needsReminder(reminderContent([med(1, 90, { prescriptionExpiresOn: "2025-02-10" })], 7, today))).toBe(false);
    expect(needsReminder(reminderContent([med(1, 30, { refillsLeft: 0 })], 7, today))).toBe(true);
    expect(needsReminder(reminderContent([med(1, 31, { refillsLeft: 0 })], 7, today))).toBe(false);
    expect(needsReminder(reminderContent([med(1, 31, { refillsLeft: 2 })], 7, today))).toBe(false);
  });

  it("a running-low medication whose prescription needs the doctor makes the e-mail due too", () => {
    const content = reminderContent([med(1, 12, { refillsLeft: 0 })], 7, today);
    expect(content.upcoming.map((i) => i.medicationId)).toEqual([1]);
    expect(needsReminder(content)).toBe(true);
  });

  it("the e-mail lists them under their own heading, an expired one in the error colour", () => {
    const content = reminderContent(
      [
        med(1, 90, { name: "Lisinopril", prescriptionExpiresOn: "2025-02-01" }),
        med(2, 200, { name: "Atorvastatin", prescriptionExpiresOn: "2025-01-02" }),
      ],
      7,
      today,
    );
    const email = emailOf(content);
    expect(email.subject).toBe("Prescription reminder: ask your doctor in time");
    expect(email.text).toContain(
      `Prescriptions to renew (within 30 days):\n- ${isolate("Lisinopril")}: 90 tablets left, 90 days of supply; runs out Apr 10, 2025.`,
    );
    expect(email.text).toContain("  Prescription expires Feb 1, 2025.");
    expect(email.text).toContain("  Prescription expired Jan 2, 2025.");
    expect(email.text).not.toContain("Nothing needs a refill right now.");
    expect(email.html).toContain('<strong style="color:#b91c1c">Prescription expired Jan 2, 2025</strong>');
  });
});

describe("the hourly job", () => {
  let postmark: ReturnType<typeof mockPostmark>;
  beforeEach(() => {
    postmark = mockPostmark();
  });
  afterEach(async () => {
    postmark.restore();
    await deleteCreatedUsers();
  });

  it("sends for an expiring prescription with plenty of pills, once that day, and records the medication's last reminder", async () => {
    const user = await makeUser({ timezone: "Europe/Paris", hour: 8, savedAt: "2025-02-01T00:00:00Z" });
    const id = await addMedication(user.id, { name: "Lisinopril", pillsRemaining: 90, countedOn: "2025-02-01" });
    const plenty = await addMedication(user.id, { name: "Atorvastatin", pillsRemaining: 90, countedOn: "2025-02-01" });
    await db().update(medications).set({ prescriptionExpiresOn: "2025-02-20" }).where(eq(medications.id, id));
    await tick("2025-02-01T07:00:00Z");
    // Due again the same day (as when the settings are saved once more): the day's log keeps it to one.
    await db()
      .update(users)
      .set({ nextNotificationAt: at("2025-02-01T08:00:00Z") })
      .where(eq(users.id, user.id));
    await tick("2025-02-01T08:00:00Z");
    expect(postmark.delivered(user.email)).toBe(1);
    const [message] = postmark.messagesTo(user.email);
    expect(message!.TextBody).toContain("Prescription expires Feb 20, 2025.");
    expect(await logRows(user.id)).toMatchObject([{ localDate: "2025-02-01", status: "sent" }]);
    const records = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(records.map((r) => [r.medicationId, r.type, r.sentAt])).toEqual([[id, "prescription", at("2025-02-01T07:00:00Z")]]);
    expect(records.map((r) => r.medicationId)).not.toContain(plenty);
  });

  it("nothing due when the prescription is further out than 30 days", async () => {
    const user = await makeUser({ timezone: "Europe/Paris", hour: 8, savedAt: "2025-02-01T00:00:00Z" });
    const id = await addMedication(user.id, { pillsRemaining: 90, countedOn: "2025-02-01" });
    await db().update(medications).set({ prescriptionExpiresOn: "2025-03-10", refillsLeft: 0 }).where(eq(medications.id, id));
    await tick("2025-02-01T07:00:00Z");
    expect(postmark.attempted(user.email)).toBe(0);
  });
});
