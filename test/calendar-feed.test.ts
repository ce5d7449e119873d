import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { hashToken } from "../src/auth/session";
import { FEED_FETCH_LIMIT } from "../src/data/calendar";
import { calendarFeeds, medications, users } from "../src/db/schema";
import { todayIn } from "../src/domain/countdown";
import { statusForDaysLeft } from "../src/domain/medications";
import { parseRegimen, supplyOn } from "../src/domain/regimen";
import { addDays } from "../src/domain/time";
import { reminderContent } from "../src/reminders/due";
import {
  ageCount,
  call,
  createMedication,
  db,
  resetTokenFrom,
  sessionCookie,
  setTimezone,
  signUp,
  storedRow,
  uniqueIp,
  type Account,
} from "./helpers";

// The calendar feed: its secret's lifecycle, owner isolation, and every feed read back by ical.js
// (a maintained RFC 5545 parser), its dates checked against the countdown in several time zones.

const subscribe = async (account: Account) => {
  const res = await call("POST", "/api/calendar-feed", { cookie: account.cookie });
  expect(res.status, res.text).toBe(201);
  return res.body.url as string;
};
const feedPath = (url: string) => new URL(url).pathname;
const fetchFeed = (url: string) => call("GET", feedPath(url));
/** The same account signed in on another device (a thief who knows the password, or holds a session). */
async function signInElsewhere(account: Account) {
  const res = await call("POST", "/api/login", { body: { username: account.username, password: account.password }, ip: uniqueIp() });
  expect(res.status).toBe(200);
  return sessionCookie(res);
}

interface ParsedEvent {
  uid: string;
  summary: string;
  start: string;
  end: string;
  trigger: string;
}

/** The feed as ical.js reads it: calendar properties and its events. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events: ParsedEvent[] = calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    const alarm = vevent.getFirstSubcomponent("valarm")!;
    expect(event.startDate.isDate).toBe(true);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      trigger: String(alarm.getFirstPropertyValue("trigger")),
    };
  });
  return { calendar, events };
}

describe("calendar feed secret", () => {
  it("is created, shown once, reset (old URL 404) and turned off; only its hash is stored", async () => {
    const account = await signUp();
    expect((await call("GET", "/api/calendar-feed", { cookie: account.cookie })).body).toEqual({ enabled: false });
    const first = await subscribe(account);
    expect(first).toMatch(/^http:\/\/localhost\/calendar\/[a-z0-9]{52}\.ics$/);
    expect((await call("GET", "/api/calendar-feed", { cookie: account.cookie })).body).toEqual({ enabled: true });
    const token = /calendar\/(.+)\.ics$/.exec(first)![1]!;
    const [row] = await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, account.id));
    expect(row!.tokenHash).toBe(await hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await fetchFeed(first)).status).toBe(200);

    const second = await subscribe(account);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);

    expect((await call("DELETE", "/api/calendar-feed", { cookie: account.cookie })).status).toBe(204);
    expect((await fetchFeed(second)).status).toBe(404);
    expect((await call("GET", "/api/calendar-feed", { cookie: account.cookie })).body).toEqual({ enabled: false });
  });

  it("needs a session to manage, none to fetch, and answers 404 for anything that is not a live secret", async () => {
    for (const method of ["GET", "POST", "DELETE"]) expect((await call(method, "/api/calendar-feed")).status).toBe(401);
    for (const path of ["/calendar/abc.ics", `/calendar/${"a".repeat(52)}.ics`, `/calendar/${"a".repeat(52)}`, "/calendar/..%2F.ics"]) {
      expect((await call("GET", path)).status, path).toBe(404);
    }
  });

  it("shows each owner only their own medications, and one owner's reset leaves the other's URL working", async () => {
    const alice = await signUp();
    const bob = await signUp();
    await createMedication(alice, { name: "Alice med" });
    await createMedication(bob, { name: "Bob med" });
    const aliceUrl = await subscribe(alice);
    const bobUrl = await subscribe(bob);
    await subscribe(bob);
    const feed = await fetchFeed(aliceUrl);
    expect(feed.status).toBe(200);
    expect(
      parse(feed.text)
        .events.map((e) => e.summary)
        .sort(),
    ).toEqual(["Refill Alice med", "Alice med runs out"].sort());
    expect((await fetchFeed(bobUrl)).status).toBe(404);
  });

  it("is throttled per secret", async () => {
    const account = await signUp();
    const url = await subscribe(account);
    for (let i = 0; i < FEED_FETCH_LIMIT; i++) expect((await fetchFeed(url)).status).toBe(200);
    const blocked = await fetchFeed(url);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another secret has its own budget.
    const other = await signUp();
    expect((await fetchFeed(await subscribe(other))).status).toBe(200);
  });
});

describe("a calendar feed made by a stolen session does not outlive account recovery", { timeout: 30_000 }, () => {
  /** The owner takes the account back with `action`; the thief's feed must stop serving the list. */
  const recoveries: Record<string, (owner: Account) => Promise<unknown>> = {
    "changing the password": async (owner) => {
      const res = await call("PUT", "/api/user/password", {
        cookie: owner.cookie,
        body: { currentPassword: owner.password, newPassword: "taken back for good", confirmPassword: "taken back for good" },
      });
      expect(res.status).toBe(200);
    },
    "signing out everywhere else": async (owner) =>
      expect((await call("DELETE", "/api/user/sessions", { cookie: owner.cookie })).status).toBe(200),
    "resetting the password": async (owner) => {
      await call("POST", "/api/forgot-password", { body: { email: owner.email }, ip: uniqueIp() });
      const token = await resetTokenFrom(owner.email);
      expect(
        (
          await call("POST", "/api/reset-password", {
            body: { token, password: "taken back for good", confirmPassword: "taken back for good" },
          })
        ).status,
      ).toBe(200);
    },
  };

  it.each(Object.keys(recoveries))("%s removes the feed: its URL answers 404, and the owner can make a new one", async (recovery) => {
    const owner = await signUp();
    await createMedication(owner, { name: "Private med" });
    const thief = { ...owner, cookie: await signInElsewhere(owner) };
    const stolen = await subscribe(thief);
    expect((await fetchFeed(stolen)).text).toContain("Private med");

    await recoveries[recovery]!(owner);
    expect((await fetchFeed(stolen)).status).toBe(404);
    expect(await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, owner.id))).toEqual([]);
    if (recovery === "resetting the password") return; // the reset ended the owner's session too
    expect((await call("GET", "/api/calendar-feed", { cookie: owner.cookie })).body).toEqual({ enabled: false });
    expect((await fetchFeed(await subscribe(owner))).status).toBe(200);
  });

  it("the Security section says when the current feed was made", async () => {
    const owner = await signUp();
    expect((await call("GET", "/profile", { cookie: owner.cookie })).text).not.toContain("Calendar feed made");
    await subscribe(owner);
    const [row] = await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, owner.id));
    const made = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(row!.createdAt);
    expect((await call("GET", "/profile", { cookie: owner.cookie })).text).toContain(`Calendar feed made ${made}`);
  });
});

describe("calendar feed content (RFC 5545, read by ical.js)", () => {
  it("has the calendar's name, refresh interval, CRLF lines folded at 75 octets, and escaped names without doses", async () => {
    const account = await signUp();
    const name = `Crème, "forte"; 50\\100 ${"é".repeat(60)}`;
    await createMedication(account, { name, pillsPerDay: 2, pillsRemaining: 40 });
    const feed = await fetchFeed(await subscribe(account));
    expect(feed.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(feed.text.endsWith("\r\n")).toBe(true);
    const lines = feed.text.split("\r\n");
    expect(lines.every((line) => !line.includes("\n") && !line.includes("\r"))).toBe(true);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    expect(feed.text).toContain('SUMMARY:Refill Crème\\, "forte"\\; 50\\\\100');

    const { calendar, events } = parse(feed.text);
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Medication refills");
    expect(String(calendar.getFirstPropertyValue("refresh-interval"))).toBe("PT12H");
    expect(calendar.getFirstPropertyValue("x-published-ttl")).toBe("PT12H");
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(events.map((e) => e.summary).sort()).toEqual([`${name} runs out`, `Refill ${name}`].sort());
  });

  it("is written in the owner's saved language; a name is isolated only where its direction differs from the language's", async () => {
    const account = await signUp();
    await createMedication(account, { name: "Metformin", pillsPerDay: 1, pillsRemaining: 30 });
    const url = await subscribe(account);
    await db().update(users).set({ locale: "de-DE" }).where(eq(users.id, account.id));
    const { calendar, events } = parse((await fetchFeed(url)).text);
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Nachbestellungen von Medikamenten");
    expect(events.map((e) => e.summary).sort()).toEqual(["Metformin geht aus", "Metformin nachbestellen"].sort());
    await db().update(users).set({ locale: "fr" }).where(eq(users.id, account.id));
    expect(
      parse((await fetchFeed(url)).text)
        .events.map((e) => e.summary)
        .sort(),
    ).toEqual(["Fin de Metformin", "Renouveler Metformin"].sort());
    // In Arabic the Latin name runs the other way: isolated, so the sentence around it keeps its order.
    await db().update(users).set({ locale: "ar" }).where(eq(users.id, account.id));
    const arabic = parse((await fetchFeed(url)).text).events.map((e) => e.summary);
    expect(arabic.every((summary) => summary.includes("\u2068Metformin\u2069"))).toBe(true);
  });

  it("a browser or proxy cache cannot keep the feed behind its secret URL: Cache-Control no-store", async () => {
    const account = await signUp();
    await createMedication(account, { name: "Cached" });
    const feed = await fetchFeed(await subscribe(account));
    expect(feed.status).toBe(200);
    expect(feed.headers.get("Cache-Control")).toBe("no-store");
  });

  it("a name with NUL, VT, FF or other control characters does not put them in the feed (RFC 5545 forbids them)", async () => {
    const account = await signUp();
    const controls = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code))
      .filter((ch) => !"\t\n\r".includes(ch))
      .join("");
    // The API refuses such a name now (issue 29): this is one stored before it did.
    const { id } = await createMedication(account, { name: "Renamed below" });
    await db()
      .update(medications)
      .set({ name: `Nul\u0000Vt\u000bFf\u000cEsc\u001bDel\u007f${controls}Tab\tLine\nEnd` })
      .where(eq(medications.id, id));
    const feed = await call("GET", feedPath(await subscribe(account)));
    expect(feed.status).toBe(200);
    // Byte by byte: no control character but HTAB, and CR only as the CRLF that ends a line.
    const bytes = new TextEncoder().encode(feed.text);
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i]!;
      if (byte === 0x0d) expect(bytes[i + 1], `CR at ${i}`).toBe(0x0a);
      else if (byte === 0x0a) expect(bytes[i - 1], `LF at ${i}`).toBe(0x0d);
      else expect(byte < 0x20 && byte !== 0x09 ? byte : byte === 0x7f ? byte : null, `byte ${i}`).toBeNull();
    }
    const { events } = parse(feed.text);
    const name = "NulVtFfEscDelTab\tLine\nEnd";
    expect(events.map((e) => e.summary).sort()).toEqual([`${name} runs out`, `Refill ${name}`].sort());
  });

  it("keeps UIDs stable across fetches and changes, so calendar apps update events in place", async () => {
    const account = await signUp();
    const medication = await createMedication(account, { pillsPerDay: 1, pillsRemaining: 30 });
    const url = await subscribe(account);
    const before = parse((await fetchFeed(url)).text).events;
    await call("POST", "/api/medications/refill", { cookie: account.cookie, body: { medicationId: medication.id, pillsToAdd: 30 } });
    const after = parse((await fetchFeed(url)).text).events;
    expect(after.map((e) => e.uid)).toEqual(before.map((e) => e.uid));
    expect(new Set(after.map((e) => e.uid)).size).toBe(2);
    expect(after[0]!.start).not.toBe(before[0]!.start);
  });

  const zones = ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe"];
  it.each(zones)("puts both events on the countdown's dates in %s, each with an alarm at the reminder hour", async (zone) => {
    const account = await signUp();
    await setTimezone(account, zone);
    await db().update(users).set({ notificationDays: 5, notificationHour: 7 }).where(eq(users.id, account.id));
    const steady = await createMedication(account, { name: "Steady", pillsPerDay: 1.5, pillsRemaining: 40 });
    const empty = await createMedication(account, { name: "Empty", pillsPerDay: 2, pillsRemaining: 3 });
    await ageCount(steady.id, 3);
    await ageCount(empty.id, 4);
    const url = await subscribe(account);
    const { events } = parse((await fetchFeed(url)).text);

    const today = todayIn(zone);
    for (const m of [steady, empty]) {
      const row = (await storedRow(m.id))!;
      const runsOut = supplyOn({ ...row, regimen: parseRegimen(row.regimen, row.pillsPerDay) }, today).runsOutOn!;
      const refill = events.find((e) => e.uid.startsWith(`refill-${m.id}@`))!;
      const out = events.find((e) => e.uid.startsWith(`runs-out-${m.id}@`))!;
      expect(out).toMatchObject({ summary: `${m.name} runs out`, start: runsOut, end: addDays(runsOut, 1), trigger: "PT7H" });
      expect(refill).toMatchObject({
        summary: `Refill ${m.name}`,
        start: addDays(runsOut, -5),
        end: addDays(runsOut, -4),
        trigger: "PT7H",
      });
    }
    // 40 - 3 × 1.5 = 35.5 pills: 23 days; 3 - 4 × 2 < 0: none left, it runs out today.
    expect(events.find((e) => e.uid.startsWith(`runs-out-${steady.id}@`))!.start).toBe(addDays(today, 23));
    expect(events.find((e) => e.uid.startsWith(`runs-out-${empty.id}@`))!.start).toBe(today);
  });

  it("with notification days 14, the refill event is the first day the threshold rule and the e-mail say 'Refill Needed'", async () => {
    const account = await signUp();
    await setTimezone(account, "UTC");
    await db().update(users).set({ notificationDays: 14 }).where(eq(users.id, account.id));
    const medication = await createMedication(account, { name: "Fourteen", pillsPerDay: 2, pillsRemaining: 61 }); // 30 whole days
    const { events } = parse((await fetchFeed(await subscribe(account))).text);
    const today = todayIn("UTC");
    const refill = events.find((e) => e.uid.startsWith(`refill-${medication.id}@`))!.start;
    const runsOut = events.find((e) => e.uid.startsWith(`runs-out-${medication.id}@`))!.start;
    expect([refill, runsOut]).toEqual([addDays(today, 16), addDays(today, 30)]);

    const row = (await storedRow(medication.id))!;
    const asReminder = { ...row, pharmacyName: null, pharmacyPhone: null };
    const daysLeftOn = (date: string) =>
      Math.floor(supplyOn({ ...row, regimen: parseRegimen(row.regimen, row.pillsPerDay) }, date).daysLeft!);
    const dayBefore = addDays(refill, -1);
    expect(statusForDaysLeft(daysLeftOn(dayBefore), 14)).toBe("running-low");
    expect(statusForDaysLeft(daysLeftOn(refill), 14)).toBe("refill-needed");
    expect(reminderContent([asReminder], 14, dayBefore).upcoming.map((i) => i.medicationId)).toEqual([medication.id]);
    expect(reminderContent([asReminder], 14, refill).immediate.map((i) => i.medicationId)).toEqual([medication.id]);
  });
});
