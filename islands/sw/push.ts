// Push in the service worker: the hourly job's push (src/push/message.ts PushPayload,
// already in the account's language) becomes a notification; tapping it opens its page (the
// dashboard, or a dose reminder's confirm page), or focuses a tab of ours already open. A dose
// reminder's buttons (Taken, Snooze) are handled without a window (./dose-push.ts). Wired in ./index.ts:
//   self.addEventListener("push", onPush);
//   self.addEventListener("notificationclick", onNotificationClick);

import { readDosePush } from "../../src/shared/dose-push";
import { sitePath } from "../../src/shared/site-path";
import { doseActionOf, sendDoseAction, type DoseNotificationData } from "./dose-push";

// The few ServiceWorkerGlobalScope members used (the DOM lib of the rest of the client lacks them).
type Extendable = Event & { waitUntil(p: Promise<unknown>): void };
export type PushEvent = Extendable & { data: { json(): unknown } | null };
/** `action`: the button tapped ("" or missing for the body). */
export type NotificationClickEvent = Extendable & { action?: string; notification: { data?: unknown; close(): void } };
type WindowClient = { url: string; focused: boolean; focus(): Promise<WindowClient>; navigate(url: string): Promise<WindowClient | null> };
declare const self: {
  registration: { showNotification(title: string, options: NotificationOptions & { data?: unknown }): Promise<void> };
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  location: Location;
};

interface Shown {
  title: string;
  body: string;
  url: string;
  tag: string;
  lang?: string;
  /** A dose reminder's checked occurrences and buttons. */
  dose: ReturnType<typeof readDosePush>;
}

const text = (value: unknown, max: number) => (typeof value === "string" && value.length > 0 ? value.slice(0, max) : null);

/** What to show: the payload's fields when they are sound; the product's name alone otherwise. */
function read(event: PushEvent): Shown {
  let data: Record<string, unknown> = {};
  try {
    const parsed = event.data?.json();
    if (parsed && typeof parsed === "object") data = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: a push must still show something (userVisibleOnly), so the fallback below.
  }
  return {
    // The product's name is the same in every language.
    title: text(data.title, 100) ?? "Refill Tracker",
    body: text(data.body, 300) ?? "",
    url: sitePath(data.url),
    tag: text(data.tag, 64) ?? "refill-reminder",
    lang: text(data.lang, 35) ?? undefined,
    dose: readDosePush(data),
  };
}

export function onPush(event: PushEvent) {
  const shown = read(event);
  event.waitUntil(
    self.registration.showNotification(shown.title, {
      body: shown.body,
      tag: shown.tag,
      lang: shown.lang,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      // Buttons only on a sound dose push: what a button sends was checked here, and is checked again on the tap.
      ...(shown.dose && shown.dose.actions.length > 0 && { actions: shown.dose.actions }),
      data: (shown.dose
        ? {
            url: shown.url,
            dose: { kind: "dose", doses: shown.dose.doses, ...(shown.dose.person !== undefined && { person: shown.dose.person }) },
            title: shown.title,
            body: shown.body,
            tag: shown.tag,
            lang: shown.lang,
          }
        : { url: shown.url }) satisfies Partial<DoseNotificationData>,
    }),
  );
}

export function onNotificationClick(event: NotificationClickEvent) {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | undefined;
  const action = doseActionOf(event.action);
  if (action && data) {
    const show = self.registration.showNotification.bind(self.registration);
    return event.waitUntil(sendDoseAction(action, data as DoseNotificationData, show));
  }
  const path = sitePath(data?.url);
  event.waitUntil(
    (async () => {
      const target = new URL(path, self.location.origin).href;
      const windows = (await self.clients.matchAll({ type: "window", includeUncontrolled: true })).filter(
        (c) => new URL(c.url).origin === self.location.origin,
      );
      const open = windows.find((c) => c.url === target) ?? windows.find((c) => c.focused) ?? windows[0];
      if (!open) return void (await self.clients.openWindow(target));
      const focused = await open.focus();
      if (focused.url !== target) await focused.navigate(target).catch(() => self.clients.openWindow(target));
    })(),
  );
}
