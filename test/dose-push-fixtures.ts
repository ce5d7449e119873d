import { eq } from "drizzle-orm";
import { vi } from "vitest";
import { medications, pushSubscriptions, users } from "../src/db/schema";
import type { DoseQueueMessage } from "../src/reminders/dose-push-queue";
import { db } from "./helpers";
import { newDevice, pushKeys, type Device } from "./push-fixtures";
import { at, consume, makeUser, postmarkEnv } from "./reminders-fixtures";

// Dose-time push fixtures: a patient with timed doses and push devices, and REMINDER_QUEUE captured
// (what is sent, with its delay) so each test decides when and how often a message is consumed.

export const doseEnv = { ...postmarkEnv, ...pushKeys, SUPPORT_EMAIL: "help@refills.example" };

export async function doseUser(options: {
  timezone: string;
  medications: Array<{ name: string; times: string[] }>;
  devices?: number;
  showNames?: boolean;
  locale?: string | null;
  followUp?: number;
  userId?: number;
}) {
  const id =
    options.userId ?? (await makeUser({ timezone: options.timezone, hour: 9, savedAt: "2020-01-01T00:00:00Z", locale: options.locale })).id;
  await db()
    .update(users)
    .set({ timezone: options.timezone, pushShowNames: options.showNames ?? false, doseFollowUpMinutes: options.followUp ?? 30 })
    .where(eq(users.id, id));
  const medicationIds: number[] = [];
  for (const x of options.medications) {
    const times = x.times.map((t) => ({ at: t, dose: 1 }));
    const regimen = { changes: [{ effectiveFrom: "2020-01-01", schedule: { type: "daily", dose: times.length, times } }], pauses: [] };
    const [row] = await db()
      .insert(medications)
      .values({
        userId: id,
        name: x.name,
        pillsPerDay: times.length,
        pillsRemaining: 500,
        countedOn: "2020-01-01",
        pillsPerRefill: 30,
        regimen: JSON.stringify(regimen),
      })
      .returning({ id: medications.id });
    medicationIds.push(row!.id);
  }
  const devices: Array<Device & { id: number }> = [];
  for (let i = 0; i < (options.devices ?? 1); i++) {
    const device = await newDevice();
    const [row] = await db()
      .insert(pushSubscriptions)
      .values({
        userId: id,
        endpoint: device.subscription.endpoint,
        ...device.subscription.keys,
        label: "Phone",
        createdAt: at("2020-01-01T00:00:00Z"),
      })
      .returning({ id: pushSubscriptions.id });
    devices.push({ ...device, id: row!.id });
  }
  return { id, medicationIds, devices };
}

export interface Queued {
  body: DoseQueueMessage;
  delaySeconds: number | undefined;
}

/** Captures REMINDER_QUEUE's send and sendBatch (body and delay). */
export function captureDoseQueue() {
  const queue = doseEnv.REMINDER_QUEUE!;
  const sent: Queued[] = [];
  const metrics = { metadata: { metrics: { backlogCount: 0, backlogBytes: 0, oldestMessageTimestamp: new Date(0) } } };
  const one = vi.spyOn(queue, "send").mockImplementation(async (body, options) => {
    sent.push({ body: structuredClone(body) as unknown as DoseQueueMessage, delaySeconds: options?.delaySeconds });
    return metrics;
  });
  const many = vi.spyOn(queue, "sendBatch").mockImplementation(async (messages) => {
    for (const m of messages) sent.push({ body: structuredClone(m.body) as unknown as DoseQueueMessage, delaySeconds: m.delaySeconds });
    return metrics;
  });
  return {
    sent,
    pushes: () => sent.filter((q) => q.body.kind === "dose-push"),
    take: () => sent.splice(0),
    restore: () => {
      one.mockRestore();
      many.mockRestore();
    },
  };
}

/** Delivers bodies to the Worker's queue handler (as Queues does), one message per batch. */
export const deliver = async (...bodies: unknown[]) => {
  for (const body of bodies) await consume([body], doseEnv);
};
