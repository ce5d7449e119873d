import * as m from "../generated/i18n";
import { currentLocale } from "../i18n/current";
import { isolate } from "../i18n/Rich";
import { inAccountLocale } from "../mail/locale";

// What a push shows, as the JSON the service worker reads (islands/sw/push.ts): written in the
// account's language. The lock screen is public: by default the text only counts the medications;
// the names appear only when the account says so (users.push_show_names).

export interface PushPayload {
  title: string;
  body: string;
  /** Opened (or focused) when the notification is tapped. */
  url: string;
  /** A newer notification with the same tag replaces the older one on the device. */
  tag: string;
  lang: string;
}

/** One other person's items in the daily reminder push (the account's own are `own`). */
export interface PersonItems {
  person: string;
  items: Array<{ name: string; daysLeft: number }>;
}

/**
 * The daily reminder push. The own medications as always; each other person's part starts with their
 * name ("Dad: Metformin runs out in 3 days" for a single item, else the names or a count), one
 * line each. The person's name is always shown, the medications' only with push_show_names.
 */
export function reminderPush(
  user: { locale: string | null; pushShowNames: boolean },
  own: Array<{ name: string }>,
  others: PersonItems[] = [],
): PushPayload {
  return inAccountLocale(user.locale, () => {
    const lang = currentLocale();
    const list = (names: string[]) => new Intl.ListFormat(lang, { type: "conjunction" }).format(names.map((name) => isolate(name)));
    const ownText =
      user.pushShowNames && own.length > 0
        ? m.push_reminder_names({ names: list(own.map((x) => x.name)) })
        : m.push_reminder_generic({ count: own.length });
    const personText = ({ person, items }: PersonItems) => {
      const [only] = items;
      const text = !user.pushShowNames
        ? m.push_reminder_generic({ count: items.length })
        : items.length === 1 && only
          ? m.push_reminder_runs_out({ name: isolate(only.name), days: Math.max(0, Math.floor(only.daysLeft)) })
          : list(items.map((x) => x.name));
      return m.push_person_prefix({ person: isolate(person), text });
    };
    const lines = [...(own.length > 0 || others.length === 0 ? [ownText] : []), ...others.map(personText)];
    return { title: m.push_reminder_title(), body: lines.join("\n"), url: "/", tag: "refill-reminder", lang };
  });
}

export function testPush(user: { locale: string | null }): PushPayload {
  return inAccountLocale(user.locale, () => ({
    title: m.push_test_title(),
    body: m.push_test_body(),
    url: "/",
    tag: "refill-test",
    lang: currentLocale(),
  }));
}
