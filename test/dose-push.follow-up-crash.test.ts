import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runDosePlan } from "../src/reminders/dose-push-plan";
import type { DosePushMessage } from "../src/reminders/dose-push-queue";
import { captureDoseQueue, doseEnv, doseUser } from "./dose-push-fixtures";
import { standInsPerTest } from "./push-fixtures";
import { at, consume } from "./reminders-fixtures";

// A dose push's follow-up must not depend on the invocation that claimed the first push living on
// to queue it: the claim makes every later delivery of the same message send nothing, so a
// follow-up queued only after the claim is lost with a crash in between. The crash is the database
// failing once after the claim (the batch that records what the push services answered), as an
// isolate dying there would: the message is retried, and the follow-up still arrives exactly once.

const mocks = standInsPerTest();
let queue: ReturnType<typeof captureDoseQueue>;
beforeEach(() => {
  queue = captureDoseQueue();
});
afterEach(() => {
  queue.restore();
  vi.useRealTimers();
});

/** The D1 binding, with its `n`-th batch (counted from now) failing as a crashed isolate would. */
function crashingDb(n: number): D1Database {
  let batches = 0;
  return new Proxy(doseEnv.DB, {
    get(target, prop) {
      if (prop === "batch")
        return (statements: D1PreparedStatement[]) => {
          if (++batches === n) return Promise.reject(new Error("the isolate went away"));
          return target.batch(statements);
        };
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const followUps = () => queue.pushes().filter((q) => (q.body as DosePushMessage).push === "follow-up");

describe("dose push follow-up", () => {
  it("a crash after claiming the first push (before its follow-up was queued) still delivers the follow-up, once per device", async () => {
    const user = await doseUser({ timezone: "UTC", devices: 2, followUp: 15, medications: [{ name: "Metformin", times: ["10:10"] }] });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at("2027-06-01T10:00:05Z"));
    await runDosePlan(doseEnv, { kind: "dose-plan", scheduledTime: at("2027-06-01T10:00:00Z"), afterUserId: 0 });
    const [first] = queue.take();
    vi.setSystemTime(at("2027-06-01T10:10:01Z"));

    // Batch 1 reads the user's time, then the claim (a single statement), the pushes, and batch 2
    // (recording them) fails: the invocation ends there and the queue redelivers the message.
    const crashed = await consume([first!.body], { ...doseEnv, DB: crashingDb(2) });
    expect(crashed.result.retryMessages.map((r) => r.msgId)).toEqual(crashed.ids);
    const redelivered = await consume([first!.body], doseEnv);
    expect(redelivered.result.retryMessages).toEqual([]);
    for (const device of user.devices) expect(await mocks.push.received(device)).toHaveLength(1);

    // Every follow-up that was queued is delivered (twice over, as Queues may): one push per device.
    const queued = followUps();
    expect(queued.length).toBeGreaterThan(0);
    expect(queued[0]!.body).toMatchObject({ push: "follow-up", claim: "follow-up", dueAt: at("2027-06-01T10:25:00Z") });
    vi.setSystemTime(at("2027-06-01T10:25:01Z"));
    for (const q of [...queued, ...queued]) await consume([q.body], doseEnv);
    for (const device of user.devices) {
      const received = await mocks.push.received(device);
      expect(received).toHaveLength(2);
      expect(received[1].tag).toBe("dose-2027-06-01-1010");
    }
  });

  it("a queue that refuses the follow-up leaves nothing claimed: the retried message sends the first push and its follow-up", async () => {
    const user = await doseUser({ timezone: "UTC", followUp: 15, medications: [{ name: "Metformin", times: ["10:10"] }] });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at("2027-06-01T10:00:05Z"));
    await runDosePlan(doseEnv, { kind: "dose-plan", scheduledTime: at("2027-06-01T10:00:00Z"), afterUserId: 0 });
    const [first] = queue.take();
    vi.setSystemTime(at("2027-06-01T10:10:01Z"));
    // The capture's own spy: this one send fails, the next ones are captured again.
    vi.mocked(doseEnv.REMINDER_QUEUE!.send).mockRejectedValueOnce(new Error("queue unavailable"));
    const failed = await consume([first!.body], doseEnv);
    expect(failed.result.retryMessages.map((r) => r.msgId)).toEqual(failed.ids);
    await consume([first!.body], doseEnv);
    const queued = followUps();
    vi.setSystemTime(at("2027-06-01T10:25:01Z"));
    for (const q of queued) await consume([q.body], doseEnv);
    expect(await mocks.push.received(user.devices[0]!)).toHaveLength(2);
  });
});
