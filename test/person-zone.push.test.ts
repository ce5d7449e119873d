import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { medications, memberships, people } from "../src/db/schema";
import { runDosePlan } from "../src/reminders/dose-push-plan";
import type { DosePushMessage } from "../src/reminders/dose-push-queue";
import { db, signUp } from "./helpers";
import { caredFor, planChecks } from "./missed-dose-fixtures";
import { captureDoseQueue, doseEnv, doseUser } from "./dose-push-fixtures";
import { standInsPerTest } from "./push-fixtures";
import { at, deleteCreatedPeople, deleteCreatedUsers, trackUsers } from "./reminders-fixtures";

// The dose push of a person without an account goes out at the person's local minute, not the
// receiving member's: Dad in Auckland takes Warfarin at 08:00; his daughter's devices are in Los
// Angeles. 20:00 UTC on 1 June 2027 is 08:00 on 2 June in Auckland and 13:00 on 1 June in Los Angeles.

standInsPerTest();
let queue: ReturnType<typeof captureDoseQueue>;
const made: number[] = [];
const TICK = "2027-06-01T20:00:00Z";
beforeEach(() => {
  queue = captureDoseQueue();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at(TICK) + 5_000);
});
afterEach(async () => {
  queue.restore();
  vi.useRealTimers();
  await deleteCreatedUsers();
  await deleteCreatedPeople(made);
});

/** Dad in `zone`, owned by `owner`, taking Warfarin at 08:00. */
async function dadIn(owner: { id: number }, zone: string) {
  const [dad] = await db()
    .insert(people)
    .values({ name: "Dad", createdAt: at(TICK), timezone: zone })
    .returning({ id: people.id });
  made.push(dad!.id);
  await db()
    .insert(memberships)
    .values({ personId: dad!.id, userId: owner.id, role: "owner", createdAt: at(TICK) });
  const regimen = {
    changes: [{ effectiveFrom: "2020-01-01", schedule: { type: "daily", dose: 1, times: [{ at: "08:00", dose: 1 }] } }],
    pauses: [],
  };
  await db()
    .insert(medications)
    .values({
      userId: owner.id,
      personId: dad!.id,
      name: "Warfarin",
      pillsPerDay: 1,
      pillsRemaining: 500,
      countedOn: "2020-01-01",
      pillsPerRefill: 30,
      regimen: JSON.stringify(regimen),
    });
  return dad!.id;
}

const planned = async (userId: number, tick: string) => {
  await runDosePlan(doseEnv, { kind: "dose-plan", scheduledTime: at(tick), afterUserId: 0 });
  return queue
    .take()
    .map((q) => q.body)
    .filter((b): b is DosePushMessage => b.kind === "dose-push" && b.userId === userId);
};

describe("a dose push about a person without an account", () => {
  it("is planned at the person's 08:00 in Auckland, not at the daughter's 08:00 in Los Angeles", async () => {
    const daughter = await signUp();
    trackUsers([daughter.id]);
    await doseUser({ userId: daughter.id, timezone: "America/Los_Angeles", medications: [] });
    const dad = await dadIn(daughter, "Pacific/Auckland");

    const queued = await planned(daughter.id, TICK);
    expect(queued.map((b) => [b.person, b.date, b.at, b.dueAt])).toEqual([[dad, "2027-06-02", "08:00", at(TICK)]]);
    // The daughter's own 08:00 (15:00 UTC) plans nothing for Dad.
    vi.setSystemTime(at("2027-06-01T15:00:00Z") + 5_000);
    expect(await planned(daughter.id, "2027-06-01T15:00:00Z")).toEqual([]);
  });
});

describe("a missed-dose alert about a person without an account", () => {
  it("is planned after the person's 08:30 in Auckland, whatever the owning account's zone", async () => {
    const dad = await caredFor({ timezone: "UTC", medications: [{ name: "Warfarin", times: ["08:30"] }], members: [{ devices: 1 }] });
    await db().update(people).set({ timezone: "Pacific/Auckland" }).where(eq(people.id, dad.personId));
    const [member] = dad.members;
    // 20:00 UTC: 08:00 on 2 June in Auckland; the 08:30 dose, checked an hour later.
    const checks = await planChecks(queue, TICK, dad.personId);
    expect(checks.map((c) => [c.body.userId, c.body.date, c.body.at])).toEqual([[member!.id, "2027-06-02", "08:30"]]);
  });
});
