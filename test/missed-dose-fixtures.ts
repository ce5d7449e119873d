import { eq } from "drizzle-orm";
import { vi } from "vitest";
import { medications, memberships, people, pushSubscriptions, users } from "../src/db/schema";
import { runMissedDosePlan, type MissedCheckMessage } from "../src/reminders/missed-dose-plan";
import type { Queued } from "./dose-push-fixtures";
import { doseEnv } from "./dose-push-fixtures";
import { db } from "./helpers";
import { newDevice, type Device } from "./push-fixtures";
import { at, makeUser } from "./reminders-fixtures";

// Missed-dose alert fixtures: "Dad" (a person without an account) owned by one account, with timed
// medications, and members whose alert settings, devices and addresses each test chooses. Written
// directly: the membership and invitation routes have their own tests.

export interface MemberOptions {
  alerts?: boolean;
  minutes?: number;
  devices?: number;
  showNames?: boolean;
  locale?: string | null;
  /** When alerts were turned on (default: long before any dose here). */
  since?: number | null;
  /** The member's address takes mail (confirmed, consenting, no bounce); default true. */
  emailable?: boolean;
}

export interface Member {
  id: number;
  email: string;
  devices: Device[];
}

export async function caredFor(options: {
  timezone: string;
  name?: string;
  medications: Array<{ name: string; times: string[]; regimen?: string }>;
  members: MemberOptions[];
}) {
  const owner = await makeUser({ timezone: options.timezone, hour: 9, savedAt: "2020-01-01T00:00:00Z" });
  const [person] = await db()
    .insert(people)
    .values({ name: options.name ?? "Dad", accountUserId: null, createdAt: at("2020-01-01T00:00:00Z") })
    .returning({ id: people.id });
  const personId = person!.id;
  await db()
    .insert(memberships)
    .values({ personId, userId: owner.id, role: "owner", createdAt: at("2020-01-01T00:00:00Z") });
  const medicationIds: number[] = [];
  for (const x of options.medications) {
    const times = x.times.map((t) => ({ at: t, dose: 1 }));
    const regimen = { changes: [{ effectiveFrom: "2020-01-01", schedule: { type: "daily", dose: times.length, times } }], pauses: [] };
    const [row] = await db()
      .insert(medications)
      .values({
        userId: owner.id,
        personId,
        name: x.name,
        pillsPerDay: times.length,
        pillsRemaining: 500,
        countedOn: "2020-01-01",
        pillsPerRefill: 30,
        regimen: x.regimen ?? JSON.stringify(regimen),
      })
      .returning({ id: medications.id });
    medicationIds.push(row!.id);
  }
  const members: Member[] = [];
  for (const o of options.members) {
    const user = await makeUser({ timezone: "UTC", hour: 9, savedAt: "2020-01-01T00:00:00Z", locale: o.locale ?? null });
    await db()
      .update(users)
      .set({
        pushShowNames: o.showNames ?? false,
        ...(o.emailable === false ? { deliveryProblem: "bounced" as const, emailConsent: false } : {}),
      })
      .where(eq(users.id, user.id));
    const alerts = o.alerts ?? true;
    await db()
      .insert(memberships)
      .values({
        personId,
        userId: user.id,
        role: "helper",
        missedDoseAlerts: alerts,
        missedDoseAfterMinutes: o.minutes ?? 60,
        missedDoseAlertsSince: alerts ? (o.since === undefined ? at("2020-01-01T00:00:00Z") : o.since) : null,
        createdAt: at("2020-01-01T00:00:00Z"),
      });
    const devices: Device[] = [];
    for (let i = 0; i < (o.devices ?? 1); i++) {
      const device = await newDevice();
      await db()
        .insert(pushSubscriptions)
        .values({
          userId: user.id,
          endpoint: device.subscription.endpoint,
          ...device.subscription.keys,
          label: "Phone",
          createdAt: at("2020-01-01T00:00:00Z"),
        });
      devices.push(device);
    }
    members.push({ id: user.id, email: user.email, devices });
  }
  return { owner, personId, medicationIds, members };
}

export type Check = { body: MissedCheckMessage; delaySeconds: number | undefined };

/** Runs the missed-dose plan of the tick at `tick`, `lateMs` after it; answers the checks it queued for `personId`. */
export async function planChecks(queue: { take: () => Queued[] }, tick: string, personId: number, lateMs = 5_000): Promise<Check[]> {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at(tick) + lateMs);
  await runMissedDosePlan(doseEnv, { kind: "missed-plan", scheduledTime: at(tick), afterPersonId: 0 });
  return (queue.take() as unknown as Check[]).filter((q) => q.body.kind === "missed-check" && q.body.personId === personId);
}

/** Sets the clock to `when` (ms or ISO) for what the queue consumer does next. */
export const clockAt = (when: number | string) => vi.setSystemTime(typeof when === "string" ? at(when) : when);
