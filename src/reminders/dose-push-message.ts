import type { Role } from "../db/schema";
import { doseClientId } from "../domain/dose-push-times";
import * as m from "../generated/i18n";
import { currentLocale } from "../i18n/current";
import { isolate } from "../i18n/Rich";
import { inAccountLocale } from "../mail/locale";
import type { PushPayload } from "../push/message";
import { confirmPath } from "../shared/dose-push";

// What a dose push shows and carries (the contract with the service worker, islands/sw): written in
// the account's language, since the service worker has no catalogs. The lock screen is public: the
// names appear only when the account allows them (users.push_show_names).

/** The most doses one notification carries (its Taken logs them all in one request). */
export const DOSES_PER_PUSH = 8;

export interface DosePushPayload extends PushPayload {
  kind: "dose";
  /** "dose-<date>-<HHMM>": a follow-up or snoozed push replaces the same notification. */
  tag: string;
  /** The tap-to-confirm page of that time. */
  url: string;
  doses: { clientId: string; medicationId: number; date: string; at: string }[];
  actions: { action: "taken" | "snooze"; title: string }[];
  /** The person without an account the doses are theirs (Taken logs under /api/profiles/{person}); left out: the receiver's own. */
  person?: number;
}

/** A person's push has its own tag: it neither replaces nor is replaced by the receiver's own of that minute. */
export const doseTag = (date: string, at: string, person?: number) =>
  `dose-${date}-${at.replace(":", "")}${person === undefined ? "" : `-p${person}`}`;

/** The person a push about someone else names, and the receiver's role for them. */
export interface PushedPerson {
  id: number;
  name: string;
  role: Role;
}

/** The push for one device: `medications` are the still-unlogged doses of that date and time. */
export function dosePush(
  user: { locale: string | null; pushShowNames: boolean },
  deviceId: number,
  date: string,
  at: string,
  medications: Array<{ id: number; name: string }>,
  person: PushedPerson | null = null,
): DosePushPayload {
  return inAccountLocale(user.locale, () => {
    const lang = currentLocale();
    const names = new Intl.ListFormat(lang, { type: "conjunction" }).format(medications.map((x) => isolate(x.name)));
    const count = medications.length;
    // The person's name always; the medications' only where the account shows names on the lock screen.
    const body = person
      ? user.pushShowNames
        ? m.push_dose_person_names({ person: isolate(person.name), names })
        : m.push_dose_person_generic({ person: isolate(person.name), count })
      : user.pushShowNames
        ? m.push_dose_names({ names })
        : m.push_dose_generic({ count });
    // Taken and Snooze only for a role that may log the person's doses (a helper's: roleNeeded for
    // /doses and /doses/snooze); a viewer's push just tells. A person's Snooze posts under
    // /api/profiles/{person} and its follow-up is the same person's push to the same device.
    const mayLog = person?.role !== "viewer";
    return {
      kind: "dose",
      title: m.push_dose_title(),
      body,
      // The tap-to-confirm page of that time, the person's own (/p/{person}/doses/confirm) for a push about them.
      url: confirmPath(date, at, person?.id),
      tag: doseTag(date, at, person?.id),
      lang,
      doses: medications
        .slice(0, DOSES_PER_PUSH)
        .map((x) => ({ clientId: doseClientId(deviceId, x.id, date, at), medicationId: x.id, date, at })),
      actions: mayLog
        ? [
            { action: "taken" as const, title: m.doses_taken() },
            { action: "snooze" as const, title: m.push_dose_action_snooze() },
          ]
        : [],
      ...(person && { person: person.id }),
    };
  });
}
