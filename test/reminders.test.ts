import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { db } from "./helpers";
import { at, deleteCreatedUsers, logRows, makeUser, mockPostmark, tick, userRow, userWithMedication } from "./reminders-fixtures";

// When the hourly job e-mails whom: the first tick at or after the user's local hour, once per
// local day, whatever the ticks do (repeat, overlap, arrive late), across DST.

let postmark: ReturnType<typeof mockPostmark>;
beforeEach(() => {
  postmark = mockPostmark();
});
afterEach(async () => {
  postmark.restore();
  await deleteCreatedUsers();
});

describe("due at the first tick at or after the local hour", () => {
  it("New York, 9 AM: not at 8 AM, at 9 AM, and not again later that day", async () => {
    const user = await userWithMedication({
      timezone: "America/New_York",
      hour: 9,
      savedAt: "2025-01-14T12:00:00Z",
      daysLeft: 3,
      countedOn: "2025-01-14",
    });
    await tick("2025-01-14T13:00:00Z"); // 08:00 EST
    expect(postmark.attempted(user.email)).toBe(0);
    await tick("2025-01-14T14:00:00Z"); // 09:00 EST
    expect(postmark.delivered(user.email)).toBe(1);
    await tick("2025-01-14T15:00:00Z");
    await tick("2025-01-15T04:00:00Z"); // 23:00 EST
    expect(postmark.attempted(user.email)).toBe(1);
    expect((await userRow(user.id)).nextNotificationAt).toBe(at("2025-01-15T14:00:00Z"));
    await tick("2025-01-15T14:00:00Z"); // the next morning
    expect(postmark.delivered(user.email)).toBe(2);
  });

  it.each([
    ["Asia/Kolkata", "+05:30", "2025-01-14T03:30:00Z"],
    ["Asia/Kathmandu", "+05:45", "2025-01-14T03:15:00Z"],
  ])("%s (%s) gets 9 AM's e-mail at the tick after it, 9:30 / 9:45 local", async (timezone, _offset, nineLocal) => {
    const user = await userWithMedication({ timezone, hour: 9, savedAt: "2025-01-13T20:00:00Z", daysLeft: 2, countedOn: "2025-01-14" });
    expect((await userRow(user.id)).nextNotificationAt).toBe(at(nineLocal));
    await tick("2025-01-14T03:00:00Z");
    expect(postmark.attempted(user.email)).toBe(0);
    await tick("2025-01-14T04:00:00Z");
    expect(postmark.delivered(user.email)).toBe(1);
    await tick("2025-01-14T05:00:00Z");
    expect(postmark.attempted(user.email)).toBe(1);
  });

  it("a skipped hour (2 AM on 2025-03-09 in New York) sends at the next tick, 3 AM EDT", async () => {
    const user = await userWithMedication({
      timezone: "America/New_York",
      hour: 2,
      savedAt: "2025-03-08T12:00:00Z",
      daysLeft: 1,
      countedOn: "2025-03-08",
    });
    await tick("2025-03-09T06:00:00Z"); // 01:00 EST
    expect(postmark.attempted(user.email)).toBe(0);
    await tick("2025-03-09T07:00:00Z"); // 03:00 EDT: the clock jumped over 2 AM
    expect(postmark.delivered(user.email)).toBe(1);
    expect((await userRow(user.id)).nextNotificationAt).toBe(at("2025-03-10T06:00:00Z")); // 02:00 EDT
  });

  it("a repeated hour (1 AM twice on 2025-11-02 in New York) sends once", async () => {
    const user = await userWithMedication({
      timezone: "America/New_York",
      hour: 1,
      savedAt: "2025-11-01T12:00:00Z",
      daysLeft: 1,
      countedOn: "2025-11-01",
    });
    await tick("2025-11-02T05:00:00Z"); // 01:00 EDT
    await tick("2025-11-02T06:00:00Z"); // 01:00 EST
    expect(postmark.attempted(user.email)).toBe(1);
    expect((await userRow(user.id)).nextNotificationAt).toBe(at("2025-11-03T06:00:00Z"));
  });
});

describe("ticks that repeat, overlap or come late send once", () => {
  it("the same tick delivered twice", async () => {
    const user = await userWithMedication({
      timezone: "Europe/Paris",
      hour: 8,
      savedAt: "2025-02-01T00:00:00Z",
      daysLeft: 5,
      countedOn: "2025-02-01",
    });
    await tick("2025-02-01T07:00:00Z");
    await tick("2025-02-01T07:00:00Z");
    expect(postmark.attempted(user.email)).toBe(1);
    expect(await logRows(user.id)).toMatchObject([{ localDate: "2025-02-01", status: "sent", attempts: 1 }]);
  });

  it("two invocations of the same tick at once", async () => {
    const users = await Promise.all(
      ["a", "b", "c"].map(() =>
        userWithMedication({ timezone: "Europe/Paris", hour: 8, savedAt: "2025-02-01T00:00:00Z", daysLeft: 5, countedOn: "2025-02-01" }),
      ),
    );
    await Promise.all([tick("2025-02-01T07:00:00Z"), tick("2025-02-01T07:00:00Z"), tick("2025-02-01T07:00:00Z")]);
    for (const user of users) expect(postmark.attempted(user.email)).toBe(1);
  });

  it("a late tick still sends once, and the missed tick arriving afterwards sends nothing", async () => {
    const user = await userWithMedication({
      timezone: "UTC",
      hour: 9,
      savedAt: "2025-02-01T00:00:00Z",
      daysLeft: 5,
      countedOn: "2025-02-01",
    });
    await tick("2025-02-01T12:00:00Z"); // 9, 10 and 11 o'clock never fired
    await tick("2025-02-01T10:00:00Z"); // ... until now
    await tick("2025-02-01T13:00:00Z");
    expect(postmark.attempted(user.email)).toBe(1);
    expect((await userRow(user.id)).nextNotificationAt).toBe(at("2025-02-02T09:00:00Z"));
  });

  it("saving a new hour after today's e-mail does not send a second one today", async () => {
    const user = await userWithMedication({
      timezone: "UTC",
      hour: 9,
      savedAt: "2025-02-01T00:00:00Z",
      daysLeft: 5,
      countedOn: "2025-02-01",
    });
    await tick("2025-02-01T09:00:00Z");
    // The settings API recomputes the due time from now: 18:00 today.
    await db()
      .update(users)
      .set({ notificationHour: 18, nextNotificationAt: at("2025-02-01T18:00:00Z") })
      .where(eq(users.id, user.id));
    await tick("2025-02-01T18:00:00Z");
    expect(postmark.attempted(user.email)).toBe(1);
    expect((await userRow(user.id)).nextNotificationAt).toBe(at("2025-02-02T18:00:00Z"));
    await tick("2025-02-02T18:00:00Z");
    expect(postmark.delivered(user.email)).toBe(2);
  });
});

describe("nothing is sent", () => {
  it("when no medication is within notificationDays of running out; the day is logged and the due time moves on", async () => {
    const user = await userWithMedication({
      timezone: "UTC",
      hour: 9,
      days: 7,
      savedAt: "2025-02-01T00:00:00Z",
      daysLeft: 12,
      countedOn: "2025-02-01",
    });
    await tick("2025-02-01T09:00:00Z");
    expect(postmark.calls).toHaveLength(0);
    expect(await logRows(user.id)).toMatchObject([{ localDate: "2025-02-01", status: "nothing_due" }]);
    expect((await userRow(user.id)).nextNotificationAt).toBe(at("2025-02-02T09:00:00Z"));
  });

  it("when the user has no medications", async () => {
    const user = await makeUser({ timezone: "UTC", hour: 9, savedAt: "2025-02-01T00:00:00Z" });
    await tick("2025-02-01T09:00:00Z");
    expect(postmark.calls).toHaveLength(0);
    expect(await logRows(user.id)).toMatchObject([{ status: "nothing_due" }]);
  });

  it("when consent is off: the user is not even selected", async () => {
    const user = await makeUser({ timezone: "UTC", hour: 9, savedAt: "2025-02-01T00:00:00Z", consent: false });
    await tick("2025-02-01T09:00:00Z");
    expect(postmark.calls).toHaveLength(0);
    expect(await logRows(user.id)).toEqual([]);
  });

  it("counts down to the day: 12 days of pills reach the 7-day window five days later, at local midnight of the user's zone", async () => {
    // Auckland is UTC+13 in February: its days start 13 hours before UTC's.
    const user = await userWithMedication({
      timezone: "Pacific/Auckland",
      hour: 7,
      days: 7,
      savedAt: "2025-02-01T00:00:00Z",
      daysLeft: 12,
      countedOn: "2025-02-01",
    });
    for (let day = 1; day <= 5; day++) await tick(`2025-02-0${day}T18:00:00Z`); // 07:00 on Feb 2..6 local
    const log = await logRows(user.id);
    expect(log.map((r) => [r.localDate, r.status])).toEqual([
      ["2025-02-02", "nothing_due"],
      ["2025-02-03", "nothing_due"],
      ["2025-02-04", "nothing_due"],
      ["2025-02-05", "nothing_due"],
      ["2025-02-06", "sent"],
    ]);
    expect(postmark.messagesTo(user.email)[0].TextBody).toContain("7 tablets left, 7 days of supply; runs out Feb 13, 2025");
  });
});
