import { app } from "./app";
import type { Env } from "./env";
import { runReminderTick } from "./reminders/tick";

/** wrangler.toml [triggers]: the hourly reminder tick. (Not exported: workerd takes named exports for entrypoints.) */
const REMINDER_CRON = "0 * * * *";

export default {
  fetch: app.fetch,

  async scheduled(controller, env, _ctx) {
    if (controller.cron !== REMINDER_CRON) {
      console.error(`[scheduled] no job for cron "${controller.cron}"`);
      return;
    }
    const summary = await runReminderTick(env, controller.scheduledTime);
    // A failed page is already logged per user; failing the invocation makes it visible in the dashboard too.
    if (summary.pageErrors > 0) throw new Error(`reminder tick ${new Date(controller.scheduledTime).toISOString()}: ${summary.pageErrors} page(s) failed`);
  },
} satisfies ExportedHandler<Env>;
