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
}

/** Per message: delivered, or failed — `permanent` failures (bad address) must not be retried. */
export type SendResult = { ok: true } | { ok: false; permanent: boolean; error: string };

export interface Mailer {
  /** Sends up to 500 messages; answers one result per message, in order. Never throws. */
  send(messages: OutgoingEmail[]): Promise<SendResult[]>;
}

export const MAX_BATCH = 500; // Postmark's batch endpoint limit

export function createMailer(env: Env, db: Db): Mailer {
  return env.POSTMARK_SERVER_TOKEN ? new PostmarkMailer(env.POSTMARK_SERVER_TOKEN, mailFrom(env)) : new DevOutbox(db, appUrl(env));
}

export const mailFrom = (env: Env) => env.MAIL_FROM || "Refill Tracker <reminders@localhost>";
export const appUrl = (env: Env, fallback = "http://localhost:8787") => (env.APP_URL || fallback).replace(/\/$/, "");
