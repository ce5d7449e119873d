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

export function reminderPush(user: { locale: string | null; pushShowNames: boolean }, names: string[]): PushPayload {
  return inAccountLocale(user.locale, () => {
    const lang = currentLocale();
    const body =
      user.pushShowNames && names.length > 0
        ? m.push_reminder_names({ names: new Intl.ListFormat(lang, { type: "conjunction" }).format(names.map((name) => isolate(name))) })
        : m.push_reminder_generic({ count: names.length });
    return { title: m.push_reminder_title(), body, url: "/", tag: "refill-reminder", lang };
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
