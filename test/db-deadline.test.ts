import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDb, DB_DEADLINE_MS } from "../src/db/client";
import { medications, reminderLog, users } from "../src/db/schema";
import { call, medicationInput, uniqueIp, uniqueName } from "./helpers";
import { at, mockPostmark, postmarkEnv, tick } from "./reminders-fixtures";
import { resume, stall, stallingDbEnv } from "./support/libsql-http";

// Turso accepting connections and never answering (the test proxy goes silent): every request
// gives up after DB_DEADLINE_MS and answers 503 with the readable message, instead of hanging
// until the platform kills it.

afterEach(resume);

const UNAVAILABLE = "Service temporarily unavailable. Please try again.";

async function registerOverHttp() {
  const username = uniqueName("deadline");
  const res = await call("POST", "/api/register", {
    env: stallingDbEnv(),
    ip: uniqueIp(),
    body: {
      username,
      password: "correct horse battery",
      email: `${username}@example.com`,
      fullName: "Deadline",
      emailConsent: true,
      healthDataConsent: true,
    },
  });
  expect(res.status).toBe(201);
  return /((?:__Host-)?session=[^;]+)/.exec(res.headers.get("Set-Cookie") ?? "")![1]!;
}

const timed = async <T>(run: () => Promise<T>) => {
  const started = Date.now();
  const value = await run();
  return { value, ms: Date.now() - started };
};

describe("a database that stops answering", () => {
  it("API reads and writes answer 503 'Service temporarily unavailable. Please try again.' after the deadline", {
    timeout: 30_000,
  }, async () => {
    const cookie = await registerOverHttp();
    await stall(0);
    for (const [method, path, body] of [
      ["GET", "/api/medications", undefined],
      ["POST", "/api/pharmacies", { name: "Corner", phoneNumber: "2125551234" }],
      ["POST", "/api/medications", medicationInput(1)],
    ] as const) {
      const { value: res, ms } = await timed(() => call(method, path, { env: stallingDbEnv(), cookie, body }));
      expect(res.status, `${method} ${path}`).toBe(503);
      expect(res.body).toEqual({ message: UNAVAILABLE, code: "error_unavailable" });
      expect(ms).toBeGreaterThanOrEqual(DB_DEADLINE_MS - 50);
      expect(ms).toBeLessThan(DB_DEADLINE_MS + 2_000);
    }
  });

  it("a page answers the friendly 503 page after the deadline; once the database answers again, so does the page", {
    timeout: 30_000,
  }, async () => {
    const cookie = await registerOverHttp();
    await stall(0);
    const { value: page, ms } = await timed(() => call("GET", "/", { env: stallingDbEnv(), cookie }));
    expect(page.status).toBe(503);
    expect(page.text).toContain("We&#x27;ll be right back");
    expect(ms).toBeLessThan(DB_DEADLINE_MS + 2_000);
    await resume();
    expect((await call("GET", "/", { env: stallingDbEnv(), cookie })).status).toBe(200);
  });
});

describe("the hourly job on a database that stops answering", () => {
  // Users written straight to the HTTP database, due in 2021 (no other test's users are due then).
  async function dueUserOverHttp() {
    const http = createDb(stallingDbEnv());
    const username = uniqueName("deadline_tick");
    const [user] = await http
      .insert(users)
      .values({
        username,
        usernameKey: username,
        emailConfirmedAt: 0,
        passwordHash: "x",
        email: `${username}@example.com`,
        timezone: "UTC",
        timezoneChosen: true,
        notificationHour: 9,
        notificationDays: 7,
        emailConsent: true,
        nextNotificationAt: at("2021-06-01T09:00:00Z"),
        createdAt: 0,
      })
      .returning({ id: users.id, email: users.email });
    await http
      .insert(medications)
      .values({ userId: user!.id, name: "Metformin", pillsPerDay: 1, pillsRemaining: 2, countedOn: "2021-06-01", pillsPerRefill: 30 });
    return { user: user!, http };
  }

  it("stalls after the sends: the batch gives up at the deadline, its claim stays for a later tick, which finds the e-mail at Postmark and sends nothing again", {
    timeout: 30_000,
  }, async () => {
    const { user, http } = await dueUserOverHttp();
    const postmark = mockPostmark();
    let clock = at("2021-06-01T09:00:01Z");
    vi.spyOn(Date, "now").mockImplementation(() => clock);
    vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const send = vi.mocked(globalThis.fetch).getMockImplementation()!;
      vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        const answer = await send(input, init);
        if (url.startsWith("https://api.postmarkapp.com/email")) await stall(0); // the database goes silent mid-batch
        return answer;
      });
      const started = performance.now();
      await expect(tick("2021-06-01T09:00:00Z", { ...postmarkEnv, ...stallingDbEnv(), REMINDER_QUEUE: undefined })).rejects.toThrow(
        /batch\(es\) failed/,
      );
      expect(performance.now() - started).toBeLessThan(DB_DEADLINE_MS * 3);
      expect(postmark.delivered(user.email)).toBe(1);
      await resume();
      vi.mocked(globalThis.fetch).mockImplementation(send);
      expect(await http.select({ status: reminderLog.status }).from(reminderLog).where(eq(reminderLog.userId, user.id))).toEqual([
        { status: "sending" },
      ]);

      clock = at("2021-06-01T10:00:01Z");
      await tick("2021-06-01T10:00:00Z", { ...postmarkEnv, ...stallingDbEnv(), REMINDER_QUEUE: undefined });
      expect(postmark.delivered(user.email)).toBe(1);
      expect(postmark.searches).toHaveLength(1);
      expect(await http.select({ status: reminderLog.status }).from(reminderLog).where(eq(reminderLog.userId, user.id))).toEqual([
        { status: "sent" },
      ]);
    } finally {
      vi.restoreAllMocks();
      await http.delete(medications).where(eq(medications.userId, user.id));
      await http.delete(users).where(eq(users.id, user.id));
    }
  });
});
