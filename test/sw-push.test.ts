import { afterEach, describe, expect, it, vi } from "vitest";
import { onNotificationClick, onPush, type NotificationClickEvent, type PushEvent } from "../islands/sw/push";

// The service worker's push half (islands/sw/push.ts) with the worker scope stubbed: what a push
// shows, and where a tap goes.

const scope = globalThis as unknown as Record<string, unknown>;
const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
function stubScope(windows: Array<{ url: string; focused?: boolean }> = []) {
  const opened: string[] = [];
  const navigated: string[] = [];
  const focused: string[] = [];
  scope.location = new URL("https://refills.example/");
  scope.registration = { showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }) };
  const clients = windows.map((w) => ({
    url: w.url,
    focused: Boolean(w.focused),
    focus: async function () {
      focused.push(this.url);
      return this;
    },
    navigate: async (url: string) => {
      navigated.push(url);
      return null;
    },
  }));
  scope.clients = {
    matchAll: async () => clients,
    openWindow: async (url: string) => {
      opened.push(url);
      return null;
    },
  };
  return { opened, navigated, focused };
}
afterEach(() => {
  shown.length = 0;
  for (const key of ["location", "registration", "clients"]) delete scope[key];
});

async function run<E extends { waitUntil(p: Promise<unknown>): void }>(handler: (e: E) => void, event: Omit<E, "waitUntil" | keyof Event>) {
  let done: Promise<unknown> = Promise.resolve();
  handler({ ...event, waitUntil: (p: Promise<unknown>) => (done = p) } as unknown as E);
  await done;
}
const pushOf = (data: unknown) => ({
  data: data === undefined ? null : { json: () => (typeof data === "string" ? JSON.parse(data) : data) },
});

describe("service worker: push", () => {
  it("shows the payload's title and body, in its language, and keeps the dashboard to open", async () => {
    stubScope();
    await run<PushEvent>(
      onPush,
      pushOf({
        title: "Nachfüll-Erinnerung",
        body: "2 Medikamente müssen bald nachgefüllt werden",
        url: "/",
        tag: "refill-reminder",
        lang: "de",
      }),
    );
    expect(shown).toEqual([
      {
        title: "Nachfüll-Erinnerung",
        options: expect.objectContaining({
          body: "2 Medikamente müssen bald nachgefüllt werden",
          tag: "refill-reminder",
          lang: "de",
          data: { url: "/" },
        }),
      },
    ]);
  });

  it("a push that is not our JSON still shows a notification (userVisibleOnly), and never links elsewhere", async () => {
    stubScope();
    await run<PushEvent>(onPush, pushOf("not json {"));
    await run<PushEvent>(onPush, pushOf({ title: "x", url: "https://evil.example/phish" }));
    await run<PushEvent>(onPush, pushOf(undefined));
    expect(shown.map((s) => [s.title, (s.options.data as { url: string }).url])).toEqual([
      ["Refill Tracker", "/"],
      ["x", "/"],
      ["Refill Tracker", "/"],
    ]);
  });

  it("a tap focuses an open tab of ours and shows the dashboard there; with none, opens one", async () => {
    const closed = vi.fn();
    const open = stubScope([{ url: "https://other.example/" }, { url: "https://refills.example/medications/3", focused: true }]);
    await run<NotificationClickEvent>(onNotificationClick, { notification: { data: { url: "/" }, close: closed } });
    expect(closed).toHaveBeenCalled();
    expect(open.focused).toEqual(["https://refills.example/medications/3"]);
    expect(open.navigated).toEqual(["https://refills.example/"]);
    expect(open.opened).toEqual([]);

    const none = stubScope([]);
    await run<NotificationClickEvent>(onNotificationClick, { notification: { data: { url: "https://evil.example/" }, close: () => {} } });
    expect(none.opened).toEqual(["https://refills.example/"]);
  });
});
