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

describe("service worker: a dose reminder's buttons", () => {
  const doses = [
    { clientId: "p-dev7-3-20270310-0800", medicationId: 3, date: "2027-03-10", at: "08:00" },
    { clientId: "p-dev7-5-20270310-0800", medicationId: 5, date: "2027-03-10", at: "08:00" },
  ];
  const dosePush = (overrides: Record<string, unknown> = {}) => ({
    title: "Time for 2 medications",
    body: "It is 8:00 AM",
    url: "/doses/confirm?date=2027-03-10&at=08:00",
    tag: "dose-2027-03-10-0800",
    lang: "en",
    kind: "dose",
    doses,
    actions: [
      { action: "taken", title: " Taken " },
      { action: "snooze", title: "Snooze 15 min" },
    ],
    ...overrides,
  });
  /** Stubs fetch with one answer (or a network failure) and records each request. */
  function stubFetch(answer: Response | "offline") {
    const sent: Array<{ path: string; init: RequestInit; body: unknown }> = [];
    vi.stubGlobal("fetch", async (path: string, init: RequestInit) => {
      sent.push({ path, init, body: JSON.parse(String(init.body)) });
      if (answer === "offline") throw new TypeError("Failed to fetch");
      return answer.clone();
    });
    return sent;
  }
  afterEach(() => vi.unstubAllGlobals());

  /** Shows the push, then taps `action` on the notification it showed. */
  async function tap(payload: unknown, action: string) {
    await run<PushEvent>(onPush, pushOf(payload));
    const { data } = shown.at(-1)!.options;
    shown.length = 0;
    await run<NotificationClickEvent>(onNotificationClick, { action, notification: { data, close: () => {} } });
  }

  it("shows Taken and Snooze (titles trimmed) and keeps the checked doses for them", async () => {
    stubScope();
    await run<PushEvent>(onPush, pushOf(dosePush()));
    expect(shown[0]!.options).toMatchObject({
      tag: "dose-2027-03-10-0800",
      actions: [
        { action: "taken", title: "Taken" },
        { action: "snooze", title: "Snooze 15 min" },
      ],
      data: { url: "/doses/confirm?date=2027-03-10&at=08:00", dose: { kind: "dose", doses } },
    });
  });

  it("Taken posts the push's doses to /api/doses as taken, same-origin with the cookie, and opens no window", async () => {
    const open = stubScope([]);
    const sent = stubFetch(new Response(JSON.stringify({ events: [] }), { status: 200 }));
    await tap(dosePush(), "taken");
    expect(sent).toEqual([
      {
        path: "/api/doses",
        init: expect.objectContaining({ method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" } }),
        body: { doses: doses.map((d) => ({ ...d, status: "taken" })) },
      },
    ]);
    expect(open.opened).toEqual([]);
    expect(shown).toEqual([]);
  });

  it("Snooze posts the date and time to /api/doses/snooze", async () => {
    stubScope();
    const sent = stubFetch(new Response(null, { status: 202 }));
    await tap(dosePush(), "snooze");
    expect(sent.map((s) => [s.path, s.body])).toEqual([["/api/doses/snooze", { date: "2027-03-10", at: "08:00" }]]);
    expect(shown).toEqual([]);
  });

  it("a refused Taken (signed out) comes back as a notification with the server's reason, opening the confirm page", async () => {
    const open = stubScope([]);
    stubFetch(new Response(JSON.stringify({ message: "Bitte melden Sie sich an.", code: "error_not_signed_in" }), { status: 401 }));
    await tap(dosePush(), "taken");
    expect(shown).toEqual([
      {
        title: "Time for 2 medications",
        options: expect.objectContaining({
          body: "Bitte melden Sie sich an.",
          tag: "dose-2027-03-10-0800",
          data: { url: "/doses/confirm?date=2027-03-10&at=08:00" },
        }),
      },
    ]);
    expect(shown[0]!.options.actions).toBeUndefined();
    // Its tap opens the confirm page.
    await run<NotificationClickEvent>(onNotificationClick, { notification: { data: shown[0]!.options.data, close: () => {} } });
    expect(open.opened).toEqual(["https://refills.example/doses/confirm?date=2027-03-10&at=08:00"]);
  });

  it("offline, Snooze shows the reminder again with its own text, opening the confirm page", async () => {
    stubScope();
    stubFetch("offline");
    await tap(dosePush(), "snooze");
    expect(shown.map((s) => [s.title, s.options.body, (s.options.data as { url: string }).url])).toEqual([
      ["Time for 2 medications", "It is 8:00 AM", "/doses/confirm?date=2027-03-10&at=08:00"],
    ]);
  });

  it("a push about a person (Dad): Snooze and Taken post under /api/profiles/{Dad}; a failed one and the body open Dad's confirm page", async () => {
    const dad = { person: 42, url: "/p/42/doses/confirm?date=2027-03-10&at=08:00", tag: "dose-2027-03-10-0800-p42" };
    stubScope();
    const sent = stubFetch(new Response(null, { status: 202 }));
    await tap(dosePush(dad), "snooze");
    await tap(dosePush(dad), "taken");
    expect(sent.map((s) => [s.path, s.body])).toEqual([
      ["/api/profiles/42/doses/snooze", { date: "2027-03-10", at: "08:00" }],
      ["/api/profiles/42/doses", { doses: doses.map((d) => ({ ...d, status: "taken" })) }],
    ]);
    stubFetch("offline");
    await tap(dosePush(dad), "snooze");
    expect(shown.map((s) => (s.options.data as { url: string }).url)).toEqual([dad.url]);
    const open = stubScope([]);
    await tap(dosePush(dad), "");
    expect(open.opened).toEqual([`https://refills.example${dad.url}`]);
  });

  it("a forged dose push shows no buttons, and a tap on a button of it sends nothing", async () => {
    stubScope();
    const sent = stubFetch(new Response("{}", { status: 200 }));
    const forged = dosePush({ doses: [{ ...doses[0], clientId: "x/../../account" }] });
    await run<PushEvent>(onPush, pushOf(forged));
    expect(shown[0]!.options.actions).toBeUndefined();
    await tap(forged, "taken");
    // A notification's data written by anyone but this worker (the same tap with doses in it) is checked again.
    await run<NotificationClickEvent>(onNotificationClick, {
      action: "taken",
      notification: { data: { url: "/", dose: { kind: "dose", doses: Array.from({ length: 9 }, () => doses[0]) } }, close: () => {} },
    });
    expect(sent).toEqual([]);
  });

  it("a tap on the body opens the payload's url through the one site-path guard", async () => {
    const open = stubScope([]);
    const sent = stubFetch(new Response("{}", { status: 200 }));
    await tap(dosePush(), "");
    expect(open.opened).toEqual(["https://refills.example/doses/confirm?date=2027-03-10&at=08:00"]);
    const elsewhere = stubScope([]);
    await tap(dosePush({ url: "//evil.example/doses/confirm" }), "");
    expect(elsewhere.opened).toEqual(["https://refills.example/"]);
    expect(sent).toEqual([]);
  });
});
