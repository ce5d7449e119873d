import type { OutgoingEmail } from "../mail/mailer";
import { reminderMessage } from "../mail/templates/ReminderEmail";
import type { UnsubscribeKey } from "../mail/unsubscribe";
import { reminderPush, type PushPayload } from "../push/message";
import { needsReminder, notificationRecords, reminderContent, type ReminderMedication } from "./due";
import type { Outcome, DueUser } from "../data/reminder-claims";

// One user's reminder, computed from their own rows only: the supply countdown, the e-mail and the
// push text. Everything here can fail for one user's data (a regimen that does not parse, a
// countdown that gives up), so the batch calls it once per user inside its own try
// (src/reminders/batch.ts) and a failure is that user's alone.

export type Composed =
  | { kind: "nothing_due" }
  | { kind: "remind"; message: OutgoingEmail; notifications: Outcome["notifications"]; names: string[]; push: PushPayload | null };

export interface ComposeInput {
  user: DueUser;
  localDate: string;
  medications: ReminderMedication[];
  baseUrl: string;
  key: UnsubscribeKey;
  /** The Metadata pair naming this reminder at Postmark. */
  metadata: Record<string, string>;
}

export function composeReminder({ user, localDate, medications, baseUrl, key, metadata }: ComposeInput): Composed {
  const content = reminderContent(medications, user.notificationDays, localDate);
  if (!needsReminder(content)) return { kind: "nothing_due" };
  // In the account's saved language (user.locale; English when null): subject, HTML and text.
  const message = reminderMessage({ user, content, baseUrl, key });
  message.metadata = metadata;
  const names = [...content.immediate, ...content.upcoming, ...content.prescriptions].map((item) => item.name);
  // The push text only for those who may get one (an e-mail-only account never does).
  const push = user.remindersBy === "email" ? null : reminderPush(user, names);
  return { kind: "remind", message, notifications: notificationRecords(content), names, push };
}

/**
 * What a log line may say about a failure in one user's computation: the error's kind, never its
 * message (a parser quotes the text it choked on, which may be the user's own data).
 */
export const failureKind = (err: unknown) => (err instanceof Error ? err.name : typeof err);
