import type { Env } from "../env";
import { runDosePush } from "./dose-push";
import { runDosePlan } from "./dose-push-plan";
import { asDosePlanMessage, asDosePushMessage } from "./dose-push-queue";
import { consumeReminderBatches } from "./fanout";
import { consumeMissedDoseMessage } from "./missed-dose";
import { errorSummary } from "../log/error-summary";

// REMINDER_QUEUE carries refill batches (src/reminders/fanout.ts) and dose pushes (dose-push*.ts):
// each message goes to its own consumer, and is acked or retried on its own.

export async function consumeReminderQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const refills: Message<unknown>[] = [];
  for (const message of batch.messages) {
    if (await consumeMissedDoseMessage(env, message)) continue;
    const push = asDosePushMessage(message.body);
    const plan = push ? null : asDosePlanMessage(message.body);
    if (push) {
      const outcome = await runDosePush(env, push);
      if (outcome.retry) message.retry();
      else message.ack();
    } else if (plan) {
      try {
        await runDosePlan(env, plan);
        message.ack();
      } catch (err) {
        // Pushes already queued are claimed when sent: planning the hour again doubles none.
        console.error(`[dose-push] plan message ${message.id} (attempt ${message.attempts}) failed, retried: ${errorSummary(err)}`);
        message.retry();
      }
    } else refills.push(message);
  }
  if (refills.length > 0) await consumeReminderBatches({ ...batch, messages: refills } as MessageBatch<unknown>, env);
}
