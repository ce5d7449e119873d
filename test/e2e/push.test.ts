import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  DESKTOP,
  expectAccessible,
  expectNoErrors,
  hydrated,
  launch,
  launchPersistent,
  MOBILE,
  newPage,
  registerViaApi,
  SLOW,
} from "./browser";
import { startGcmStandIn } from "./gcm-stand-in";

// Push on the settings page in Chromium: the permission (granted over CDP, as a patient's tap
// would) is asked from the tap on 'Push notifications on this device' and never on load, and the
// service worker's pushManager subscribes with the server's VAPID key. Chromium's push service
// (FCM) cannot be reached from this machine, so a real subscription is made with Chromium's GCM
// client pointed at a local stand-in (./gcm-stand-in.ts): the keys and the endpoint are Chromium's
// own. Chromium has no Push API in incognito contexts, which is how the failure path is shown. The
// rest of the flow (Reminders by, removing) runs with a subscription made in the page with
// WebCrypto; the sending side is covered in workerd (test/reminders.push.test.ts).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const PUSH = "Push notifications on this device";

/** Counts permission requests and records what pushManager.subscribe was asked and answered; `fake` stands in for FCM. */
async function instrument(page: Page, fake: boolean) {
  await page.addInitScript((fakeSubscribe: boolean) => {
    const w = window as unknown as { pushLog: { permissionAsks: number; keys: string[]; outcome: string | null } };
    w.pushLog = { permissionAsks: 0, keys: [], outcome: null };
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (async () => {
      w.pushLog.permissionAsks++;
      return ask();
    }) as typeof Notification.requestPermission;
    const subscribe = PushManager.prototype.subscribe;
    const b64url = (bytes: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      w.pushLog.keys.push(b64url(options!.applicationServerKey as ArrayBuffer));
      if (fakeSubscribe) {
        const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
        const p256dh = b64url(await crypto.subtle.exportKey("raw", pair.publicKey));
        const auth = b64url(crypto.getRandomValues(new Uint8Array(16)).buffer);
        const json = { endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${Date.now()}`, expirationTime: null, keys: { p256dh, auth } };
        w.pushLog.outcome = "stood in";
        return { toJSON: () => json, options, expirationTime: null, endpoint: json.endpoint } as unknown as PushSubscription;
      }
      try {
        const real = await subscribe.call(this, options);
        w.pushLog.outcome = "subscribed";
        return real;
      } catch (err) {
        w.pushLog.outcome = `failed: ${(err as Error).name}`;
        throw err;
      }
    };
  }, fake);
}

const pushLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { pushLog: { permissionAsks: number; keys: string[]; outcome: string | null } }).pushLog);

async function openSettings(page: Page) {
  await page.context().grantPermissions(["notifications"], { origin: baseUrl() });
  await registerViaApi(page, undefined, { confirmed: true });
  await page.goto("/notifications");
  await hydrated(page);
}

describe("push on Configure Notifications", () => {
  it("asks permission only from the tap, subscribes for real with the server's VAPID key, saves and lists the device", async () => {
    const gcm = await startGcmStandIn();
    const { page, close } = await launchPersistent(DESKTOP, { args: gcm.args });
    try {
      await instrument(page, false);
      await openSettings(page);
      expect(await page.getByRole("group", { name: "Reminders by" }).isVisible()).toBe(true);
      await expectAccessible(page);
      expect((await pushLog(page)).permissionAsks).toBe(0);

      const key = await page.evaluate(() =>
        Array.from(document.querySelectorAll("script[type='application/json']"), (s) => s.textContent).join(""),
      );
      const saved = page.waitForResponse(
        (res) => res.request().method() === "POST" && new URL(res.url()).pathname === "/api/push/subscriptions",
        SLOW,
      );
      // A click, not check(): the box ticks only once the device is saved.
      await page.getByRole("checkbox", { name: PUSH }).click();
      const response = await saved;
      expect(response.status()).toBe(201);
      const log = await pushLog(page);
      expect(log.outcome).toBe("subscribed");
      expect(log.permissionAsks).toBe(1);
      expect(await page.evaluate(() => Notification.permission)).toBe("granted");
      // The key the page was given (the server's VAPID public key) is the one pushManager got, and
      // the one Chromium registered with the push service for this origin.
      expect(log.keys).toHaveLength(1);
      expect(key).toContain(log.keys[0]);
      expect(gcm.checkins).toBe(1);
      expect(gcm.registrations).toHaveLength(1);
      const [registration] = gcm.registrations;
      expect(registration!.sender).toBe(log.keys[0]);
      expect(registration!.subtype.startsWith(`wp:${baseUrl()}/#`)).toBe(true);

      // What the page sent is Chromium's subscription: the endpoint built from the push service's
      // token, a P-256 public key and a 16-byte auth secret.
      const sent = response.request().postDataJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      // Chrome's stable channel sends on fcm.googleapis.com; its other channels, and Debian's
      // Chromium, on jmt17.google.com: both are accepted.
      expect([
        `https://fcm.googleapis.com/fcm/send/${registration!.token}`,
        `https://jmt17.google.com/fcm/send/${registration!.token}`,
      ]).toContain(sent.endpoint);
      const p256dh = Buffer.from(sent.keys.p256dh, "base64url");
      expect([p256dh.length, p256dh[0]]).toEqual([65, 0x04]);
      expect(Buffer.from(sent.keys.auth, "base64url")).toHaveLength(16);
      expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint)).toBe(
        sent.endpoint,
      );

      await expect.poll(() => page.getByRole("checkbox", { name: PUSH }).isChecked()).toBe(true);
      await expect.poll(() => page.getByRole("button", { name: /^Remove / }).count()).toBe(1);
      await expectAccessible(page);
      // Listed from the server, not just from the page's state.
      await page.reload();
      await hydrated(page);
      expect(await page.getByRole("button", { name: /^Remove / }).count()).toBe(1);
      expectNoErrors(page);
    } finally {
      await close();
      await gcm.close();
    }
  });

  it("says so when the browser refuses the subscription (Chromium in incognito has no Push API)", async () => {
    const page = await newPage(browser, DESKTOP);
    await instrument(page, false);
    await openSettings(page);
    await page.getByRole("checkbox", { name: PUSH }).click();
    await expect.poll(async () => (await pushLog(page)).outcome, SLOW).not.toBeNull();
    expect((await pushLog(page)).outcome).toBe("failed: AbortError");
    await expect
      .poll(() => page.getByRole("alert").filter({ hasText: "Push notifications could not be turned on for this device." }).count())
      .toBe(1);
    expect(await page.getByRole("checkbox", { name: PUSH }).isChecked()).toBe(false);
    expect(await page.getByRole("button", { name: /^Remove / }).count()).toBe(0);
    await expectAccessible(page);
    await page.context().close();
  });

  it("with the subscription stood in: the device is saved and listed, 'Reminders by' push is saved, the device can be removed", async () => {
    const page = await newPage(browser, MOBILE);
    await instrument(page, true);
    await openSettings(page);
    await page.getByRole("checkbox", { name: PUSH }).click();
    await expect.poll(() => page.getByRole("checkbox", { name: PUSH }).isChecked()).toBe(true);
    await expect.poll(() => page.getByText("Push notifications are on for this device").count()).toBeGreaterThan(0);
    const remove = page.getByRole("button", { name: /^Remove / });
    await expect.poll(() => remove.count()).toBe(1);
    expect(await page.getByText(/^Added /).count()).toBe(1);
    await page.getByRole("checkbox", { name: "E-mail" }).uncheck();
    await page.getByRole("checkbox", { name: "Show medication names on the lock screen" }).check();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect.poll(async () => (await (await page.request.get("/api/user")).json()).remindersBy).toBe("push");
    expect((await (await page.request.get("/api/user")).json()).pushShowNames).toBe(true);

    // Both unticked: the form says to choose one, nothing saved.
    await page.getByRole("checkbox", { name: PUSH }).uncheck();
    await page.getByRole("button", { name: "Save Preferences" }).click();
    expect(await page.getByText("Choose e-mail, push notifications or both.").count()).toBe(1);

    await page.reload();
    await hydrated(page);
    await page.getByRole("button", { name: /^Remove / }).click();
    await expect.poll(() => page.getByRole("button", { name: /^Remove / }).count()).toBe(0);
    expect(await page.getByText("No device gets push notifications yet.").count()).toBe(1);

    // The profile's test buttons: 'Send a test notification' beside the test e-mail while push is chosen.
    await page.goto("/profile");
    await hydrated(page);
    expect(await page.getByRole("button", { name: "Send a test notification" }).count()).toBe(1);
    expectNoErrors(page);
    await page.context().close();
  });

  it("on iPhone Safari outside the Home Screen it explains instead of failing", async () => {
    const context = await browser.newContext({
      viewport: MOBILE,
      baseURL: baseUrl(),
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    });
    const page = await context.newPage();
    await registerViaApi(page);
    await page.goto("/notifications");
    await hydrated(page);
    await expect.poll(() => page.getByText("Add Refill Tracker to your Home Screen to get notifications").count()).toBe(1);
    expect(await page.getByRole("checkbox", { name: PUSH }).isDisabled()).toBe(true);
    await expectAccessible(page);
    await context.close();
  });
});
