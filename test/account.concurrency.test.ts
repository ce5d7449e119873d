import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../src/db/schema";
import { call, db, emailsTo, signUp, uniqueIp, uniqueName } from "./helpers";

describe("accounts under concurrency", () => {
  it("30 parallel wrong passwords: at most 5 are checked, the rest answer 429", async () => {
    const { user } = await signUp();
    const client = uniqueIp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        call("POST", "/api/login", { body: { username: user.username, password: "wrong guess" }, ip: client }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it("10 parallel reset requests for one address send at most 3 e-mails", async () => {
    const { user } = await signUp();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => call("POST", "/api/forgot-password", { body: { email: user.email }, ip: `203.0.113.${i + 1}` })),
    );
    // The e-mail is sent after the answer (waitUntil); call() waits for it, so the outbox has settled.
    const sent = (await emailsTo(user.email)).filter((m) => m.subject === "Reset your Refill Tracker password").length;
    expect(sent).toBe(3);
  });

  it("5 parallel registrations of one username: one account, one session, four 409s", async () => {
    const username = uniqueName();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call("POST", "/api/register", {
          body: { username, password: `password-${i}`, email: `${username}+${i}@example.com`, fullName: "Racer", healthDataConsent: true },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const [row] = await db().select().from(users).where(eq(users.username, username));
    expect(await db().select().from(sessions).where(eq(sessions.userId, row.id))).toHaveLength(1);
    const winner = answers.find((a) => a.status === 201)!;
    expect(winner.body.email).toBe(row.email);
  });
});
