import { describe, expect, it } from "vitest";
import { reminderLog, type ReminderStatus } from "../src/db/schema";
import { todayIn } from "../src/domain/countdown";
import { addDays } from "../src/domain/time";
import { call, db, signUp } from "./helpers";

// 'Reminders sent': the last 30 local days of reminder e-mails from the reminder log, on the
// notifications screen and as GET /api/reminders/recent; only the signed-in user's.

async function logDays(userId: number, rows: Array<[daysAgo: number, status: ReminderStatus, medications: string[] | null]>) {
  const today = todayIn("UTC");
  await db()
    .insert(reminderLog)
    .values(
      rows.map(([daysAgo, status, medications]) => ({ userId, localDate: addDays(today, -daysAgo), status, medications, updatedAt: 0 })),
    );
}

describe("reminders sent", () => {
  it("GET /api/reminders/recent: the last 30 days with an e-mail, newest first, with the medications named and how it ended", async () => {
    const account = await signUp();
    const other = await signUp();
    await logDays(account.id, [
      [0, "sent", ["Metformin", "Lisinopril"]],
      [1, "retry", ["Metformin"]],
      [2, "bounced", ["Metformin"]],
      [3, "nothing_due", null],
      [4, "failed", ["Metformin"]],
      [5, "rejected", ["Metformin"]],
      [29, "sent", ["Atorvastatin"]],
      [30, "sent", ["Too old"]],
    ]);
    await logDays(other.id, [[0, "sent", ["Not yours"]]]);
    const today = todayIn("UTC");
    const res = await call("GET", "/api/reminders/recent", { cookie: account.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { date: today, medications: ["Metformin", "Lisinopril"], status: "delivered" },
      { date: addDays(today, -1), medications: ["Metformin"], status: "retrying" },
      { date: addDays(today, -2), medications: ["Metformin"], status: "bounced" },
      { date: addDays(today, -4), medications: ["Metformin"], status: "failed" },
      { date: addDays(today, -5), medications: ["Metformin"], status: "bounced" },
      { date: addDays(today, -29), medications: ["Atorvastatin"], status: "delivered" },
    ]);
  });

  it("401 without a session", async () => {
    expect((await call("GET", "/api/reminders/recent")).status).toBe(401);
  });

  it("the notifications screen lists them under 'Reminders sent'; an empty list says so", async () => {
    const account = await signUp();
    const empty = await call("GET", "/notifications", { cookie: account.cookie });
    expect(empty.text).toContain("Reminders sent");
    expect(empty.text).toContain("No reminder e-mails in the last 30 days.");

    await logDays(account.id, [
      [0, "sent", ["Metformin", "Lisinopril"]],
      [1, "retry", ["Atorvastatin"]],
      [2, "bounced", ["Warfarin"]],
    ]);
    const page = await call("GET", "/notifications", { cookie: account.cookie });
    expect(page.status).toBe(200);
    for (const text of ["Metformin, Lisinopril", "Delivered", "Atorvastatin", "Retrying", "Warfarin", "Bounced"])
      expect(page.text).toContain(text);
    expect(page.text).not.toContain("No reminder e-mails");
  });
});
