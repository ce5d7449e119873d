import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MISSED_DOSE_CLAIM_RETENTION } from "../src/data/missed-dose";
import { prune } from "../src/data/prune";
import { doseEvents, medications, memberships, missedDoseClaims, pushSubscriptions } from "../src/db/schema";
import { captureDoseQueue, deliver, doseEnv } from "./dose-push-fixtures";
import { call, db, signUp } from "./helpers";
import { caredFor, clockAt, planChecks } from "./missed-dose-fixtures";
import { newDevice, standInsPerTest } from "./push-fixtures";
import { at, consume } from "./reminders-fixtures";

// Missed-dose alerts to a person's members: the hourly plan queues one check per (member, timed dose
// of the hour), delayed by the member's minutes; the check sends one push (or, with no device, one
// e-mail) naming the person, only while the dose is unlogged, once per member and occurrence. Only
// the push service, Postmark (fetch) and the queue are stood in for.

const mocks = standInsPerTest();
let queue: ReturnType<typeof captureDoseQueue>;
beforeEach(() => {
  queue = captureDoseQueue();
});
afterEach(() => {
  queue.restore();
  vi.useRealTimers();
});

const MIN = 60;
const DAILY_1010 = JSON.stringify({
  changes: [{ effectiveFrom: "2020-01-01", schedule: { type: "daily", dose: 1, times: [{ at: "10:10", dose: 1 }] } }],
  pauses: [],
});

describe("missed-dose alerts", () => {
  it("reaches the opted-in member once: a redelivered check and a re-run hour alert once, naming the person and the time on the person's clock", async () => {
    const dad = await caredFor({
      timezone: "America/New_York",
      medications: [{ name: "Metformin", times: ["08:30", "20:00"] }],
      members: [{ devices: 2 }],
    });
    const [member] = dad.members;
    // The tick of 12:00Z is 08:00 in New York: the 08:30 dose, checked 60 minutes later.
    const checks = await planChecks(queue, "2027-06-01T12:00:00Z", dad.personId);
    expect(checks.map((c) => [c.body.userId, c.body.date, c.body.at, c.delaySeconds])).toEqual([
      [member!.id, "2027-06-01", "08:30", 30 * MIN + 60 * MIN - 5],
    ]);
    const again = await planChecks(queue, "2027-06-01T12:00:00Z", dad.personId);
    expect(again.map((c) => c.body)).toEqual(checks.map((c) => c.body));

    clockAt("2027-06-01T13:30:00Z");
    await Promise.all([deliver(checks[0]!.body), deliver(again[0]!.body)]);
    await deliver(checks[0]!.body);
    for (const device of member!.devices) {
      const received = await mocks.push.received(device);
      expect(received).toEqual([
        {
          title: "Missed dose",
          body: "\u2068Dad\u2069 hasn't logged the 8:30 AM dose",
          url: "/",
          tag: `missed-${dad.personId}-2027-06-01-0830`,
          lang: "en",
        },
      ]);
    }
    const outbox = await call("GET", "/dev/pushes", { env: doseEnv });
    expect(outbox.body.filter((p: { userId: number }) => p.userId === member!.id)).toHaveLength(2);
    // No e-mail besides the push.
    expect(mocks.postmark.attempted(member!.email)).toBe(0);
  });

  it("sends nothing once the dose is logged (checked when the alert is due), and nothing to the owner's own account", async () => {
    const dad = await caredFor({ timezone: "UTC", medications: [{ name: "Metformin", times: ["10:10"] }], members: [{}] });
    // The owner turned alerts on too: a member, but not the person's own account, so alerted too.
    const [check] = await planChecks(queue, "2027-06-01T10:00:00Z", dad.personId);
    await db()
      .insert(doseEvents)
      .values({
        medicationId: dad.medicationIds[0]!,
        clientId: `t-${dad.medicationIds[0]}`,
        kind: "skipped",
        localDate: "2027-06-01",
        at: "10:10",
        planned: 1,
        recordedAt: at("2027-06-01T10:40:00Z"),
      });
    clockAt("2027-06-01T11:10:00Z");
    await deliver(check!.body);
    expect(mocks.push.requests).toHaveLength(0);
  });

  it("a member without alerts gets none, nor does a person's own account for their own doses", async () => {
    const dad = await caredFor({ timezone: "UTC", medications: [{ name: "Metformin", times: ["10:10"] }], members: [{ alerts: false }] });
    expect(await planChecks(queue, "2027-06-01T10:00:00Z", dad.personId)).toEqual([]);
    // A check already on the queue when alerts were turned off sends nothing either.
    clockAt("2027-06-01T11:10:00Z");
    const forged = {
      kind: "missed-check",
      personId: dad.personId,
      userId: dad.members[0]!.id,
      date: "2027-06-01",
      at: "10:10",
      dueAt: at("2027-06-01T10:10:00Z"),
    };
    await deliver(forged);
    expect(mocks.push.requests).toHaveLength(0);
    // The owner's own person, with alerts on in its own membership: the patient is not alerted about themself.
    const self = await caredFor({ timezone: "UTC", medications: [], members: [] });
    await db().update(memberships).set({ missedDoseAlerts: true, missedDoseAlertsSince: 0 }).where(eq(memberships.userId, self.owner.id));
    const own = (await planChecks(queue, "2027-06-01T10:00:00Z", dad.personId)).concat(
      await planChecks(queue, "2027-06-01T10:00:00Z", self.personId),
    );
    expect(own).toEqual([]);
  });

  it("respects each member's minutes: 30 and 240, and a check that arrives before a member's new minutes waits", async () => {
    const dad = await caredFor({
      timezone: "UTC",
      medications: [{ name: "Metformin", times: ["10:00"] }],
      members: [{ minutes: 30 }, { minutes: 240 }],
    });
    const [soon, late] = dad.members;
    const checks = await planChecks(queue, "2027-06-01T10:00:00Z", dad.personId, 0);
    expect(checks.map((c) => [c.body.userId, c.delaySeconds])).toEqual([
      [soon!.id, 30 * MIN],
      [late!.id, 240 * MIN],
    ]);
    // Both delivered at 10:30 (as if 240 had been 30 when planned): only the 30-minute member now.
    clockAt("2027-06-01T10:30:00Z");
    for (const c of checks) await deliver(c.body);
    expect(await mocks.push.received(soon!.devices[0]!)).toHaveLength(1);
    expect(await mocks.push.received(late!.devices[0]!)).toHaveLength(0);
    const waiting = queue.take().filter((q) => q.body.kind === ("missed-check" as string));
    expect(waiting.map((q) => [(q.body as unknown as { userId: number }).userId, q.delaySeconds])).toEqual([[late!.id, 210 * MIN]]);
    clockAt("2027-06-01T14:00:00Z");
    await deliver(waiting[0]!.body);
    expect(await mocks.push.received(late!.devices[0]!)).toHaveLength(1);
  });

  it("e-mails a member with no push device (plain-text part too), and neither channel when the address bounced", async () => {
    const dad = await caredFor({
      timezone: "Europe/Berlin",
      medications: [{ name: "Metformin", times: ["09:00"] }],
      members: [{ devices: 0 }, { devices: 0, emailable: false }],
    });
    const [mailed, bounced] = dad.members;
    const checks = await planChecks(queue, "2027-06-01T07:00:00Z", dad.personId);
    clockAt("2027-06-01T08:00:00Z");
    for (const c of checks) await deliver(c.body);
    await deliver(checks[0]!.body);
    const [email, ...more] = mocks.postmark.messagesTo(mailed!.email);
    expect(more).toEqual([]);
    expect(email!.Subject).toBe("\u2068Dad\u2069 hasn't logged the 9:00 AM dose");
    expect(email!.TextBody).toContain("\u2068Dad\u2069 hasn't logged the 9:00 AM dose");
    expect(email!.TextBody).not.toContain("Metformin");
    expect(email!.HtmlBody).toContain("<bdi>Dad</bdi> hasn&#x27;t logged the 9:00 AM dose");
    expect(email!.Tag).toBe("missed-dose");
    expect(mocks.postmark.attempted(bounced!.email)).toBe(0);
    expect(mocks.push.requests).toHaveLength(0);
  });

  it("names the medications, in the member's language, only when the member shows names on the lock screen", async () => {
    const dad = await caredFor({
      timezone: "Europe/Berlin",
      name: "Papa",
      medications: [
        { name: "Metformin", times: ["09:00"] },
        { name: "Ramipril", times: ["09:00"] },
      ],
      members: [
        { showNames: true, locale: "de" },
        { showNames: false, locale: "de" },
      ],
    });
    const [shows, hides] = dad.members;
    const checks = await planChecks(queue, "2027-06-01T07:00:00Z", dad.personId);
    clockAt("2027-06-01T08:00:00Z");
    for (const c of checks) await deliver(c.body);
    const [named] = await mocks.push.received(shows!.devices[0]!);
    expect(named.title).toBe("Verpasste Einnahme");
    expect(named.body).toBe("\u2068Papa\u2069 hat die Einnahme um 09:00 nicht eingetragen: \u2068Metformin\u2069 und \u2068Ramipril\u2069");
    const [generic] = await mocks.push.received(hides!.devices[0]!);
    expect(generic.body).toBe("\u2068Papa\u2069 hat die Einnahme um 09:00 nicht eingetragen");
  });

  it("one unreadable medication stops neither its person's other doses nor anyone else's alerts", async () => {
    const broken = await caredFor({
      timezone: "UTC",
      medications: [
        { name: "Broken", times: ["10:10"], regimen: "not json" },
        { name: "Metformin", times: ["10:20"] },
      ],
      members: [{}],
    });
    const fine = await caredFor({ timezone: "UTC", medications: [{ name: "Ramipril", times: ["10:30"] }], members: [{}] });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const brokenChecks = await planChecks(queue, "2027-06-01T10:00:00Z", broken.personId);
    const fineChecks = await planChecks(queue, "2027-06-01T10:00:00Z", fine.personId);
    expect(brokenChecks.map((c) => c.body.at)).toEqual(["10:20"]);
    expect(fineChecks.map((c) => c.body.at)).toEqual(["10:30"]);
    clockAt("2027-06-01T11:20:00Z");
    await deliver(brokenChecks[0]!.body);
    expect(await mocks.push.received(broken.members[0]!.devices[0]!)).toHaveLength(1);
  });

  it("no alert for a dose before the member turned alerts on (PATCH …/membership records when)", async () => {
    const [owner, helper] = await Promise.all([signUp(), signUp()]);
    const dad = await call("POST", "/api/profiles", { cookie: owner!.cookie, body: { name: "Dad" } });
    expect(dad.status, dad.text).toBe(201);
    const personId = dad.body.id as number;
    await db().insert(memberships).values({ personId, userId: helper!.id, role: "helper", createdAt: Date.now() });
    const device = await newDevice();
    await db()
      .insert(pushSubscriptions)
      .values({
        userId: helper!.id,
        endpoint: device.subscription.endpoint,
        ...device.subscription.keys,
        label: "Phone",
        createdAt: Date.now(),
      });
    await db().insert(medications).values({
      userId: owner!.id,
      personId,
      name: "Metformin",
      pillsPerDay: 1,
      pillsRemaining: 30,
      countedOn: "2020-01-01",
      pillsPerRefill: 30,
      regimen: DAILY_1010,
    });
    const on = await call("PATCH", `/api/profiles/${personId}/membership`, { cookie: helper!.cookie, body: { missedDoseAlerts: true } });
    expect(on.status, on.text).toBe(200);
    const since = async () =>
      (
        await db()
          .select({ since: memberships.missedDoseAlertsSince })
          .from(memberships)
          .where(and(eq(memberships.personId, personId), eq(memberships.userId, helper!.id)))
      )[0]!.since;
    const turnedOn = await since();
    expect(turnedOn).toBeGreaterThan(Date.now() - 60_000);
    // Saving again keeps the moment; turning off forgets it.
    await call("PATCH", `/api/profiles/${personId}/membership`, {
      cookie: helper!.cookie,
      body: { missedDoseAlerts: true, missedDoseAfterMinutes: 30 },
    });
    expect(await since()).toBe(turnedOn);
    // A check for a dose a minute before alerts were turned on sends nothing.
    const dueAt = turnedOn! - 60_000;
    vi.useFakeTimers({ toFake: ["Date"] });
    clockAt(dueAt + 30 * 60_000);
    const check = (dueAt: number) => ({ kind: "missed-check", personId, userId: helper!.id, date: "2027-06-01", at: "10:10", dueAt });
    const { result } = await consume([check(dueAt)], doseEnv);
    expect(result.explicitAcks).toHaveLength(1);
    expect(mocks.push.requests).toHaveLength(0);
    // The same dose a minute after alerts were turned on is alerted.
    clockAt(turnedOn! + 61 * 60_000);
    await consume([check(turnedOn! + 60_000)], doseEnv);
    expect(await mocks.push.received(device)).toHaveLength(1);
    vi.useRealTimers();
    await call("PATCH", `/api/profiles/${personId}/membership`, { cookie: helper!.cookie, body: { missedDoseAlerts: false } });
    expect(await since()).toBeNull();
  });

  it("the claims are pruned after 30 days, and end with the membership", async () => {
    const dad = await caredFor({ timezone: "UTC", medications: [{ name: "Metformin", times: ["10:10"] }], members: [{}, {}] });
    const [a, b] = dad.members;
    const now = at("2027-06-01T00:00:00Z");
    await db()
      .insert(missedDoseClaims)
      .values([
        { personId: dad.personId, userId: a!.id, localDate: "2027-04-01", at: "10:10", claimedAt: now - MISSED_DOSE_CLAIM_RETENTION - 1 },
        { personId: dad.personId, userId: a!.id, localDate: "2027-05-30", at: "10:10", claimedAt: now - 86_400_000 },
        { personId: dad.personId, userId: b!.id, localDate: "2027-05-30", at: "10:10", claimedAt: now - 86_400_000 },
      ]);
    // At least this person's old claim (other tests' claims may be past retention too).
    expect((await prune(db(), now)).missedDoseClaims).toBeGreaterThanOrEqual(1);
    await db()
      .delete(memberships)
      .where(and(eq(memberships.personId, dad.personId), eq(memberships.userId, b!.id)));
    const left = await db().select().from(missedDoseClaims).where(eq(missedDoseClaims.personId, dad.personId));
    expect(left.map((r) => [r.userId, r.localDate])).toEqual([[a!.id, "2027-05-30"]]);
  });
});
