import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { at, deleteCreatedUsers, makeUser, mockPostmark, postmarkEnv, tick, userWithMedication } from "./reminders-fixtures";

// Each tick logs one structured JSON line with counts only — what `wrangler tail` shows and an
// operator charts. Dates in 2022, which no other reminder test uses.

let postmark: ReturnType<typeof mockPostmark>;
let logged: string[];
beforeEach(() => {
  postmark = mockPostmark();
  logged = [];
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  await deleteCreatedUsers();
});

const tickLines = () =>
  logged
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((l) => l.event === "reminder_tick");

describe("the tick's log line", () => {
  it("one JSON line per tick: due, sent, skipped, retried, failed, duration — and no address or name", async () => {
    const noQueue = { ...postmarkEnv, REMINDER_QUEUE: undefined };
    const sent = await userWithMedication({
      timezone: "UTC",
      hour: 9,
      savedAt: "2022-04-01T00:00:00Z",
      daysLeft: 2,
      countedOn: "2022-04-01",
      fullName: "Pat Private",
    });
    const retrying = await userWithMedication({
      timezone: "UTC",
      hour: 9,
      savedAt: "2022-04-01T00:00:00Z",
      daysLeft: 2,
      countedOn: "2022-04-01",
    });
    const nothing = await makeUser({ timezone: "UTC", hour: 9, savedAt: "2022-04-01T00:00:00Z" });
    postmark.deactivate(retrying.email); // permanently rejected: counted as failed
    await tick("2022-04-01T09:00:00Z", noQueue);

    const lines = tickLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toEqual({
      event: "reminder_tick",
      scheduledTime: "2022-04-01T09:00:00.000Z",
      due: 3,
      sent: 1,
      skipped: 1,
      retried: 0,
      pushed: 0,
      retrying: 0,
      failed: 1,
      batchErrors: 0,
      queued: 0,
      complete: true,
      durationMs: expect.any(Number),
    });
    const everything = logged.join("\n");
    for (const secret of [sent.email, retrying.email, nothing.email, "Pat Private", "@"]) expect(everything).not.toContain(secret);

    // A tick with nobody due still logs its line: a healthy quiet hour is visible too.
    await tick(at("2022-04-01T10:00:00Z"), noQueue);
    expect(tickLines().at(-1)).toMatchObject({ due: 0, sent: 0, complete: true });
  });

  it("a tick that cannot send (no APP_SECRET) logs its line too, marked incomplete", async () => {
    await tick("2022-04-01T11:00:00Z", { ...postmarkEnv, APP_SECRET: "", REMINDER_QUEUE: undefined });
    expect(tickLines()).toEqual([expect.objectContaining({ scheduledTime: "2022-04-01T11:00:00.000Z", due: 0, complete: false })]);
  });
});
