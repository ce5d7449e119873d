import { localDateAt, zoneOrUtc } from "../domain/time";
import type { OutgoingEmail } from "../mail/mailer";
import { reminderMessage } from "../mail/templates/ReminderEmail";
import type { UnsubscribeKey } from "../mail/unsubscribe";
import { reminderPush, type PushPayload } from "../push/message";
import { needsReminder, notificationRecords, reminderContent, type PersonContent, type ReminderContent } from "./due";
import type { Outcome, DueUser } from "../data/reminder-claims";
import type { PersonReminderMedication } from "../data/reminder-people";

// One user's reminder, computed from the rows of the people it is reminded of (src/data/reminder-people.ts):
// the supply countdown per person, the e-mail and the push text. Everything here can fail for one
// user's data (a regimen that does not parse, a countdown that gives up), so the batch calls it once
// per user inside its own try (src/reminders/batch.ts) and a failure is that user's alone.

export type Composed =
  | { kind: "nothing_due" }
  | { kind: "remind"; message: OutgoingEmail; notifications: Outcome["notifications"]; names: string[]; push: PushPayload | null };

export interface ComposeInput {
  user: DueUser;
  localDate: string;
  /** The tick's instant: each other person's part counts from that person's today in their zone. */
  now?: number;
  medications: PersonReminderMedication[];
  baseUrl: string;
  key: UnsubscribeKey;
  /** The Metadata pair naming this reminder at Postmark. */
  metadata: Record<string, string>;
}

const itemsOf = (content: ReminderContent) => [...content.immediate, ...content.upcoming, ...content.prescriptions];

/** A person's today at `now` in their zone; the reminder's `localDate` without an instant or a zone. */
const todayOf = (list: PersonReminderMedication[], localDate: string, now?: number) =>
  now === undefined || !list[0]?.zone ? localDate : localDateAt(now, zoneOrUtc(list[0].zone));

/**
 * The account's own part as of `localDate` and each other person's as of their own today (a person's
 * day is in the person's zone; `now` the tick), on the account's notificationDays.
 * Others come in name order, and only those with something to say (the own part is titled as
 * before, so a reminder of one's own medications alone reads as it always did).
 */
export function peopleContent(medications: PersonReminderMedication[], notificationDays: number, localDate: string, now?: number) {
  const own = reminderContent(
    medications.filter((x) => x.own),
    notificationDays,
    localDate,
  );
  const byPerson = new Map<number, PersonReminderMedication[]>();
  for (const x of medications) if (!x.own) byPerson.set(x.personId, [...(byPerson.get(x.personId) ?? []), x]);
  const others: PersonContent[] = [...byPerson.values()]
    .map((list) => ({
      personId: list[0]!.personId,
      name: list[0]!.personName,
      content: reminderContent(list, notificationDays, todayOf(list, localDate, now)),
    }))
    .filter((p) => itemsOf(p.content).length > 0)
    .sort((a, b) => a.name.localeCompare(b.name) || a.personId - b.personId);
  return { own, others };
}

export function composeReminder({ user, localDate, now, medications, baseUrl, key, metadata }: ComposeInput): Composed {
  const { own, others } = peopleContent(medications, user.notificationDays, localDate, now);
  // One reminder for everyone: it goes when any person's part needs one, and then names every part.
  if (!needsReminder(own) && !others.some((p) => needsReminder(p.content))) return { kind: "nothing_due" };
  // In the account's saved language (user.locale; English when null): subject, HTML and text.
  const message = reminderMessage({ user, content: own, others, baseUrl, key });
  message.metadata = metadata;
  const names = [own, ...others.map((p) => p.content)].flatMap(itemsOf).map((item) => item.name);
  // The push text only for those who may get one (an e-mail-only account never does).
  const push =
    user.remindersBy === "email"
      ? null
      : reminderPush(
          user,
          itemsOf(own),
          others.map((p) => ({ person: p.name, items: itemsOf(p.content) })),
        );
  const notifications = [own, ...others.map((p) => p.content)].flatMap(notificationRecords);
  return { kind: "remind", message, notifications, names, push };
}

/**
 * What a log line may say about a failure in one user's computation: the error's kind, never its
 * message (a parser quotes the text it choked on, which may be the user's own data).
 */
export const failureKind = (err: unknown) => (err instanceof Error ? err.name : typeof err);
