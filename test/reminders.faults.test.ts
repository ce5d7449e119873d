import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  at,
  deleteCreatedUsers,
  logRows,
  mockPostmark,
  postmarkEnv,
  tick,
  userRow,
  type Answer,
  type ReminderUser,
  userWithMedication,
} from "./reminders-fixtures";

// One fault at every position of a run, injected at the fetch boundary (Postmark), or in the
// database's recording step; then the following ticks run normally. Counted: the e-mails Postmark
// accepted per user, i.e. what reaches inboxes. The rule: never more than one extra e-mail per
// fault, and no single fault makes a user miss the day's reminder. (With the message search
// answering, a lost answer costs no extra e-mail at all; the bound is for a search that lags.)
// Dates are in 2023, which no other reminder test uses. The clock is the tick's time, so a claim
// left by a stopped invocation goes stale as it would in production, half an hour later.

const USERS = 3;
const TICK = "2023-05-10T09:00:00Z";
const LATER = ["2023-05-10T10:00:00Z", "2023-05-10T11:00:00Z", "2023-05-10T12:00:00Z"];
const noQueue = { ...postmarkEnv, REMINDER_QUEUE: undefined };

let postmark: ReturnType<typeof mockPostmark>;
let clock = 0;
beforeEach(() => {
  postmark = mockPostmark();
  vi.spyOn(Date, "now").mockImplementation(() => clock);
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  await deleteCreatedUsers();
});

async function dueUsers(n = USERS): Promise<ReminderUser[]> {
  const made: ReminderUser[] = [];
  for (let i = 0; i < n; i++)
    made.push(
      await userWithMedication({ timezone: "UTC", hour: 9, savedAt: "2023-05-10T00:00:00Z", daysLeft: 2, countedOn: "2023-05-10" }),
    );
  return made;
}

async function tickAt(iso: string) {
  clock = at(iso) + 1_000;
  await tick(iso, noQueue);
}

/** A tick whose invocation stops at a Postmark call that never answers: abandoned once that call is made. */
async function stoppedTick(iso: string, callsBeforeStop: number) {
  clock = at(iso) + 1_000;
  void tick(iso, noQueue);
  await vi.waitFor(() => expect(postmark.calls.length).toBeGreaterThan(callsBeforeStop), { timeout: 5_000, interval: 5 });
  // The batch's other sends (in parallel) finish; the invocation never records anything.
  await new Promise((resolve) => setTimeout(resolve, 50));
}

function inboxes(users: ReminderUser[]) {
  const counts = users.map((u) => postmark.delivered(u.email));
  return { counts, extra: counts.reduce((sum, n) => sum + Math.max(0, n - 1), 0), missed: counts.filter((n) => n === 0).length };
}

async function expectAllSentOnce(users: ReminderUser[]) {
  for (const user of users) {
    expect(await logRows(user.id)).toMatchObject([{ localDate: "2023-05-10", status: "sent", medications: ["Metformin"] }]);
    expect((await userRow(user.id)).nextNotificationAt).toBe(at("2023-05-11T09:00:00Z"));
  }
}

const ANSWER_FAULTS: Answer[] = ["network", 503, "accepted-then-lost", "accepted-then-500"];
const STOP_FAULTS = ["hang", "accepted-then-hang"] as const;

describe("one fault at every position of a run", () => {
  const cases = Array.from({ length: USERS }, (_, position) =>
    ANSWER_FAULTS.map((fault) => [String(fault), position, fault] as const),
  ).flat();
  it.each(cases)("Postmark answer %s at call %i: every user gets the day's reminder, no extra e-mail", async (_, position, fault) => {
    const users = await dueUsers();
    postmark.answer(...Array<Answer>(position).fill("ok"), fault);
    await tickAt(TICK);
    for (const time of LATER) await tickAt(time);
    const { counts, extra, missed } = inboxes(users);
    expect(missed, `inboxes ${counts}`).toBe(0);
    expect(extra, `inboxes ${counts}`).toBeLessThanOrEqual(1);
    expect(extra).toBe(0); // the search found the accepted message
    await expectAllSentOnce(users);
    // Only the claim whose earlier attempt was in doubt asked Postmark, once.
    expect(postmark.searches).toHaveLength(1);
  });

  const stops = Array.from({ length: USERS }, (_, position) => STOP_FAULTS.map((fault) => [fault, position, fault] as const)).flat();
  it.each(stops)(
    "the invocation stops at call %i (%s): the next tick takes the stale claims over, asks Postmark, sends what is missing",
    async (_, position, fault) => {
      const users = await dueUsers();
      postmark.answer(...Array<Answer>(position).fill("ok"), fault);
      await stoppedTick(TICK, position);
      for (const user of users) expect(await logRows(user.id)).toMatchObject([{ status: "sending" }]);
      for (const time of LATER) await tickAt(time);
      const { counts, extra, missed } = inboxes(users);
      expect(missed, `inboxes ${counts}`).toBe(0);
      expect(extra, `inboxes ${counts}`).toBe(0);
      await expectAllSentOnce(users);
      expect(postmark.searches).toHaveLength(USERS); // every claim was in doubt
    },
  );

  it("the invocation stops between claim and send (no e-mail went out): the day is not missed", async () => {
    const users = await dueUsers();
    postmark.answer("hang", "hang", "hang");
    await stoppedTick(TICK, USERS - 1);
    for (const time of LATER) await tickAt(time);
    expect(inboxes(users).counts).toEqual([1, 1, 1]);
    await expectAllSentOnce(users);
  });

  it("the recording step fails after every e-mail went out: the retaking tick finds them at Postmark and sends none again", async () => {
    const users = await dueUsers();
    const ids = users.map((u) => u.id).join(",");
    const trigger = `fail_record_${users[0]!.id}`;
    await env.DB.exec(
      `CREATE TRIGGER ${trigger} BEFORE UPDATE OF status ON reminder_log WHEN NEW.user_id IN (${ids}) AND NEW.status <> 'sending' BEGIN SELECT RAISE(ABORT, 'injected fault'); END;`,
    );
    try {
      await expect(tickAt(TICK)).rejects.toThrow(/1 batch\(es\) failed/);
    } finally {
      await env.DB.exec(`DROP TRIGGER IF EXISTS ${trigger};`);
    }
    expect(inboxes(users).counts).toEqual([1, 1, 1]);
    for (const time of LATER) await tickAt(time);
    expect(inboxes(users).counts).toEqual([1, 1, 1]);
    await expectAllSentOnce(users);
  });

  it("a tick running twice at once: one e-mail each", async () => {
    const users = await dueUsers();
    clock = at(TICK) + 1_000;
    await Promise.all([tick(TICK, noQueue), tick(TICK, noQueue)]);
    for (const time of LATER) await tickAt(time);
    expect(inboxes(users).counts).toEqual([1, 1, 1]);
    expect(postmark.calls).toHaveLength(USERS);
  });

  it("a tick running twice at once while an answer is lost after acceptance: still one e-mail each", async () => {
    const users = await dueUsers();
    postmark.answer("accepted-then-lost");
    clock = at(TICK) + 1_000;
    await Promise.all([tick(TICK, noQueue), tick(TICK, noQueue)]);
    for (const time of LATER) await tickAt(time);
    expect(inboxes(users).counts).toEqual([1, 1, 1]);
  });
});

describe("when the message search cannot settle the doubt", () => {
  it("the search fails too: nothing is re-sent blindly; the next tick asks again and finds it", async () => {
    const users = await dueUsers(1);
    postmark.answer("accepted-then-lost");
    postmark.searchAnswers(503);
    await tickAt(TICK);
    await tickAt(LATER[0]!);
    expect(await logRows(users[0]!.id)).toMatchObject([{ status: "retry", attempts: 2, error: expect.stringContaining("could not tell") }]);
    await tickAt(LATER[1]!);
    expect(inboxes(users).counts).toEqual([1]);
    await expectAllSentOnce(users);
  });

  it("the search has not indexed the accepted message yet: one extra e-mail, the bound the fault model allows", async () => {
    const users = await dueUsers(1);
    postmark.answer("accepted-then-lost");
    postmark.searchAnswers("not-indexed-yet");
    await tickAt(TICK);
    for (const time of LATER) await tickAt(time);
    expect(inboxes(users).counts).toEqual([2]);
    await expectAllSentOnce(users);
  });
});

describe("one user's broken or oversized reminder never fails another user's send", () => {
  it("a corrupt medication row (an unreadable regimen) fails that user's day only; the others in the batch are e-mailed", async () => {
    const [broken, fine] = await dueUsers(2);
    // The regimen column no longer parses (pills_per_day 0 is no longer corrupt: the regimen holds the dose).
    await env.DB.prepare("UPDATE medications SET regimen = 'not json' WHERE user_id = ?1").bind(broken!.id).run();
    await tickAt(TICK);
    expect(inboxes([broken!, fine!]).counts).toEqual([0, 1]);
    // Left in 'retry' for the next tick of the day (issue 29, F1; test/reminders.isolation.test.ts), never stuck 'sending'.
    expect(await logRows(broken!.id)).toMatchObject([{ status: "retry", error: expect.stringContaining("could not build the reminder") }]);
    expect((await userRow(broken!.id)).nextNotificationAt).toBe(at(TICK));
    await expectAllSentOnce([fine!]);
  });

  it("a message Postmark refuses as invalid (422, code 300: e.g. too large) is that user's alone", async () => {
    const users = await dueUsers(3);
    const refused = users[1]!;
    const answer = vi.mocked(globalThis.fetch).getMockImplementation()!;
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      if (request.method === "POST" && ((await request.clone().json()) as { To: string }).To === refused.email) {
        return Response.json({ ErrorCode: 300, Message: "Invalid email request" }, { status: 422 });
      }
      return answer(request);
    });
    await tickAt(TICK);
    expect(inboxes(users).counts).toEqual([1, 0, 1]);
    expect(await logRows(refused.id)).toMatchObject([{ status: "rejected", error: expect.stringContaining("422/300") }]);
    await expectAllSentOnce([users[0]!, users[2]!]);
  });
});
