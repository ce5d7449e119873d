import * as z from "zod/mini";
import * as m from "../generated/i18n";
import { msg } from "./validation";

// POST /webhooks/postmark: the events Postmark posts (Bounce, SpamComplaint, SubscriptionChange,
// and any other RecordType, which is acknowledged and ignored). Only the fields used are checked;
// the rest of Postmark's payload is stripped.

const address = z
  .string(msg(m.field_webhook_email_not_text))
  .check(z.trim(), z.minLength(3, msg(m.field_webhook_email_required)), z.maxLength(254, msg(m.field_webhook_email_too_long)));
const metadata = z.optional(z.nullable(z.record(z.string(), z.unknown())));

export const bounceEventSchema = z.object({
  RecordType: z.literal("Bounce"),
  Type: z.string(msg(m.field_webhook_type_required)),
  Email: address,
  Metadata: metadata,
});

export const spamComplaintEventSchema = z.object({
  RecordType: z.literal("SpamComplaint"),
  Email: address,
  Metadata: metadata,
});

export const subscriptionChangeEventSchema = z.object({
  RecordType: z.literal("SubscriptionChange"),
  Recipient: address,
  SuppressSending: z.boolean(msg(m.field_webhook_suppress_sending_not_boolean)),
  SuppressionReason: z.optional(z.nullable(z.string())),
  Metadata: metadata,
});

export const otherEventSchema = z.object({
  RecordType: z.string(msg(m.field_webhook_record_type_required)).check(z.minLength(1, msg(m.field_webhook_record_type_required))),
});

/** The schema for an event's RecordType: the three that change reminders, or the catch-all. */
export function postmarkEventSchemaFor(recordType: string) {
  switch (recordType) {
    case "Bounce":
      return bounceEventSchema;
    case "SpamComplaint":
      return spamComplaintEventSchema;
    case "SubscriptionChange":
      return subscriptionChangeEventSchema;
    default:
      return otherEventSchema;
  }
}

export type PostmarkEvent =
  | z.infer<typeof bounceEventSchema>
  | z.infer<typeof spamComplaintEventSchema>
  | z.infer<typeof subscriptionChangeEventSchema>
  | z.infer<typeof otherEventSchema>;
