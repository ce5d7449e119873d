import type { DeliveryProblem } from "../db/schema";

// What a Postmark event means for the reminders: pure, so the webhook and the tests share it.
// Bounces of a permanent kind and spam complaints stop reminders to that address and tell the user
// why; Postmark's own unsubscribe (a manual suppression) only stops them; everything else — soft
// bounces, deliveries, opens, reactivations — changes nothing here.

/** Bounce types that mean the address will not accept mail. */
export const PERMANENT_BOUNCES = new Set(["HardBounce", "BadEmailAddress"]);

export interface DeliveryChange {
  address: string;
  /** null: reminders stop without a problem to show (the recipient unsubscribed at Postmark). */
  problem: DeliveryProblem | null;
  /** The reminder the event is about, from the message's Metadata, when it was one of ours. */
  reminder: { userId: number; localDate: string } | null;
}

type Event =
  | { RecordType: "Bounce"; Type: string; Email: string; Metadata?: Record<string, unknown> | null }
  | { RecordType: "SpamComplaint"; Email: string; Metadata?: Record<string, unknown> | null }
  | {
      RecordType: "SubscriptionChange";
      Recipient: string;
      SuppressSending: boolean;
      SuppressionReason?: string | null;
      Metadata?: Record<string, unknown> | null;
    }
  | { RecordType: string };

/** The reminder's Metadata value, `<userId>-<YYYY-MM-DD>` (src/reminders/batch.ts), or null. */
export function parseReminderId(value: unknown): DeliveryChange["reminder"] {
  if (typeof value !== "string") return null;
  const match = /^(\d{1,15})-(\d{4}-\d{2}-\d{2})$/.exec(value);
  return match ? { userId: Number(match[1]), localDate: match[2]! } : null;
}

export function deliveryChange(event: Event): DeliveryChange | null {
  const reminderOf = (e: { Metadata?: Record<string, unknown> | null }) => parseReminderId(e.Metadata?.reminder);
  if (event.RecordType === "Bounce" && "Type" in event) {
    return PERMANENT_BOUNCES.has(event.Type) ? { address: event.Email, problem: "bounced", reminder: reminderOf(event) } : null;
  }
  if (event.RecordType === "SpamComplaint" && "Email" in event) return { address: event.Email, problem: "complained", reminder: null };
  if (event.RecordType === "SubscriptionChange" && "Recipient" in event) {
    if (!event.SuppressSending) return null;
    const problem =
      event.SuppressionReason === "SpamComplaint" ? "complained" : event.SuppressionReason === "HardBounce" ? "bounced" : null;
    return { address: event.Recipient, problem, reminder: null };
  }
  return null;
}
