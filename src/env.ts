import type { Db } from "./db/client";
import type { SessionRecord, User } from "./auth/session";
import type { ReminderPageMessage } from "./reminders/fanout";

/** Worker bindings and settings (wrangler.toml, .dev.vars, `wrangler secret`). */
export interface Env {
  DB: D1Database;
  ASSETS: Fetcher;
  TURSO_DATABASE_URL?: string;
  TURSO_AUTH_TOKEN?: string;
  POSTMARK_SERVER_TOKEN?: string;
  MAIL_FROM?: string;
  APP_URL?: string;
  APP_SECRET?: string;
  /** Reminder fan-out (wrangler.toml [[queues]]). Optional: without it the tick works inline only. */
  REMINDER_QUEUE?: Queue<ReminderPageMessage>;
}

export interface AppVariables {
  db: Db;
  user: User | null;
  session: SessionRecord | null;
  secureHeadersNonce?: string;
  /** Islands rendered so far in this response: each gets its own useId prefix. */
  islandCount?: number;
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };
