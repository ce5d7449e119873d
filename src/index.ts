import { app } from "./app";
import type { Env } from "./env";
import { checkConfiguration } from "./http/configuration";
import { pruneTables } from "./maintenance/prune";
import { consumeReminderQueue } from "./reminders/queue-consumer";
import { runReminderTick } from "./reminders/tick";

/** wrangler.toml [triggers]: the hourly job (the reminder tick, then pruning). (Not exported: workerd takes named exports for entrypoints.) */
const REMINDER_CRON = "0 * * * *";

export default {
  fetch: app.fetch,

  async scheduled(controller, env, _ctx) {
    if (controller.cron !== REMINDER_CRON) {
      console.error(`[scheduled] no job for cron "${controller.cron}"`);
      return;
    }
    // A misconfigured production Worker sends nothing (and says why), as it answers nothing.
    if (!checkConfiguration(env, "reminder tick")) return;
    const now = controller.scheduledTime;
    // Reminders first, then the pruning, also after a tick that threw (pruneTables never throws).
    const summary = await runReminderTick(env, now).finally(() => pruneTables(env, now));
    // A failed batch is already logged per user; failing the invocation makes it visible in the dashboard too.
    if (summary.batchErrors > 0) throw new Error(`reminder tick ${new Date(now).toISOString()}: ${summary.batchErrors} batch(es) failed`);
  },

  // REMINDER_QUEUE's consumer (wrangler.toml): batches of due users the tick could not do itself,
  // and the dose pushes. Each message is acked or retried on its own; nothing here throws.
  async queue(batch, env, _ctx) {
    // Left unacknowledged: retried once the settings are fixed, or taken by the next tick.
    if (!checkConfiguration(env, "reminder batch")) return batch.retryAll();
    await consumeReminderQueue(batch, env);
  },
} satisfies ExportedHandler<Env>;
