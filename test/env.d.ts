import type { D1Migration } from "cloudflare:test";
import type { Env as AppBindings } from "../src/env";

declare global {
  namespace Cloudflare {
    interface Env extends AppBindings {
      TEST_MIGRATIONS: D1Migration[];
      // Cloudflare.Env also extends the generated bindings (worker-configuration.d.ts), whose
      // declaration merges first and so wins over AppBindings: restate what src/env.ts narrows.
      REMINDER_QUEUE?: AppBindings["REMINDER_QUEUE"];
      TURSO_DATABASE_URL?: string;
      TURSO_AUTH_TOKEN?: string;
      POSTMARK_SERVER_TOKEN?: string;
      POSTMARK_WEBHOOK_SECRET?: string;
      MAIL_FROM?: string;
      APP_URL?: string;
      APP_SECRET?: string;
    }
  }
}
