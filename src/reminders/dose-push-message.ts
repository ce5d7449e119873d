import { doseClientId } from "../domain/dose-push-times";
import * as m from "../generated/i18n";
import { currentLocale } from "../i18n/current";
import { isolate } from "../i18n/Rich";
import { inAccountLocale } from "../mail/locale";
import type { PushPayload } from "../push/message";

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
}

export const doseTag = (date: string, at: string) => `dose-${date}-${at.replace(":", "")}`;

/** The push for one device: `medications` are the still-unlogged doses of that date and time. */
export function dosePush(
  user: { locale: string | null; pushShowNames: boolean },
  deviceId: number,
  date: string,
  at: string,
  medications: Array<{ id: number; name: string }>,
): DosePushPayload {
  return inAccountLocale(user.locale, () => {
    const lang = currentLocale();
    const names = medications.map((x) => isolate(x.name));
    const body = user.pushShowNames
      ? m.push_dose_names({ names: new Intl.ListFormat(lang, { type: "conjunction" }).format(names) })
      : m.push_dose_generic({ count: medications.length });
    return {
      kind: "dose",
      title: m.push_dose_title(),
      body,
      url: `/doses/confirm?date=${date}&at=${at}`,
      tag: doseTag(date, at),
      lang,
      doses: medications
        .slice(0, DOSES_PER_PUSH)
        .map((x) => ({ clientId: doseClientId(deviceId, x.id, date, at), medicationId: x.id, date, at })),
      actions: [
        { action: "taken", title: m.doses_taken() },
        { action: "snooze", title: m.push_dose_action_snooze() },
      ],
    };
  });
}
