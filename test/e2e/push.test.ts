import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, DESKTOP, expectAccessible, expectNoErrors, hydrated, launch, MOBILE, newPage, registerViaApi } from "./browser";

// Issue 23, push on the settings page in Chromium: the permission (granted over CDP, as a patient's
// tap would) is asked from the tap on 'Push notifications on this device' and never on load, the
// service worker's pushManager is asked to subscribe with the server's VAPID key. Chromium's own
// push service (FCM) cannot be reached from this machine, so the real subscribe fails here: the
// test checks that it was attempted with the right key and that the page says it failed. The rest
// of the flow (saving, listing, removing the device, 'Reminders by' saved) runs with pushManager's
// answer stood in by a subscription made in the page with WebCrypto; the sending side is covered
// in workerd (test/reminders.push.test.ts), against the push service at the fetch boundary.

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
    const b64url = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
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

const pushLog = (page: Page) => page.evaluate(() => (window as unknown as { pushLog: { permissionAsks: number; keys: string[]; outcome: string | null } }).pushLog);

async function openSettings(page: Page) {
  await page.context().grantPermissions(["notifications"], { origin: baseUrl() });
  await registerViaApi(page, undefined, { confirmed: true });
  await page.goto("/notifications");
  await hydrated(page);
}

describe("push on Configure Notifications", () => {
  it("asks permission only from the tap, and subscribes with the server's VAPID key (Chromium's push service is out of reach here)", async () => {
    const page = await newPage(browser, DESKTOP);
    await instrument(page, false);
    await openSettings(page);
    expect(await page.getByRole("group", { name: "Reminders by" }).isVisible()).toBe(true);
    await expectAccessible(page);
    expect((await pushLog(page)).permissionAsks).toBe(0);

    const key = await page.evaluate(() => Array.from(document.querySelectorAll("script[type='application/json']"), (s) => s.textContent).join(""));
    // A click, not check(): the box ticks only once the device is saved.
    await page.getByRole("checkbox", { name: PUSH }).click();
    await expect.poll(async () => (await pushLog(page)).outcome, { timeout: 30_000 }).not.toBeNull();
    const log = await pushLog(page);
    console.log(`[e2e] Chromium's pushManager.subscribe here: ${log.outcome}`);
    expect(log.permissionAsks).toBe(1);
    expect(await page.evaluate(() => Notification.permission)).toBe("granted");
    // The key the page was given (the server's VAPID public key) is the one pushManager got.
    expect(log.keys).toHaveLength(1);
    expect(key).toContain(log.keys[0]);
    if (log.outcome === "subscribed") {
      await expect.poll(() => page.getByRole("button", { name: /^Remove / }).count()).toBe(1);
    } else {
      expect(log.outcome).toMatch(/^failed: /);
      await expect.poll(() => page.getByRole("alert").filter({ hasText: "Push notifications could not be turned on for this device." }).count()).toBe(1);
      expect(await page.getByRole("checkbox", { name: PUSH }).isChecked()).toBe(false);
    }
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
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
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
