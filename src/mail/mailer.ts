import type { Db } from "../db/client";
import type { Env } from "../env";
import { DevOutbox } from "./outbox";
import { PostmarkMailer } from "./postmark";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  tag?: string;
  /** Postmark Metadata: not shown to the recipient; searchable, and echoed back in webhooks. */
  metadata?: Record<string, string>;
}

/** Per message: delivered, or failed — `permanent` failures (bad address) must not be retried. */
export type SendResult = { ok: true } | { ok: false; permanent: boolean; error: string };

export interface Mailer {
  /**
   * Sends each message on its own request, so a lost answer leaves one message in doubt, not a
   * whole batch. Answers one result per message, in order. Never throws.
   */
  send(messages: OutgoingEmail[]): Promise<SendResult[]>;
  /** Whether a message carrying this metadata pair was already accepted; throws when it cannot tell. */
  wasAccepted(key: string, value: string): Promise<boolean>;
}

export function createMailer(env: Env, db: Db): Mailer {
  return env.POSTMARK_SERVER_TOKEN ? new PostmarkMailer(env.POSTMARK_SERVER_TOKEN, mailFrom(env)) : new DevOutbox(db, appUrl(env));
}

export const mailFrom = (env: Env) => env.MAIL_FROM || "Refill Tracker <reminders@localhost>";
export const appUrl = (env: Env, fallback = "http://localhost:8787") => (env.APP_URL || fallback).replace(/\/$/, "");
