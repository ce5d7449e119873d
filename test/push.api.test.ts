import { describe, expect, it } from "vitest";
import { call, signUp, type Account } from "./helpers";
import { newDevice, pushEnv, type Device } from "./push-fixtures";

// POST /api/push/subscriptions and DELETE /api/push/subscriptions/:id: what a device may register,
// the per-account limit, and that one account can never touch another's devices.

const subscribe = (account: Pick<Account, "cookie">, body: unknown, headers: Record<string, string> = {}) =>
  call("POST", "/api/push/subscriptions", {
    cookie: account.cookie,
    body,
    env: pushEnv,
    headers: { "User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36", ...headers },
  });

const devicesOnPage = async (account: Account) => {
  const page = await call("GET", "/notifications", { cookie: account.cookie, env: pushEnv });
  return page.text;
};

const valid = await newDevice();
const withKeys = (keys: Record<string, unknown>) => ({ ...valid.subscription, keys: { ...valid.subscription.keys, ...keys } });

describe("push subscriptions API", () => {
  it("saves a valid subscription: 201 with id, label and date, never the endpoint or keys", async () => {
    const account = await signUp();
    const device = await newDevice();
    const res = await subscribe(account, { ...device.subscription, expirationTime: null });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), label: "Chrome on Android", addedOn: expect.any(String) });
    expect(res.text).not.toContain(device.subscription.keys.auth);
    expect(res.text).not.toContain("fcm.googleapis.com");
    // Listed on the settings page (same round trip as the page), by label only.
    const html = await devicesOnPage(account);
    expect(html).toContain("Chrome on Android");
    expect(html).not.toContain(device.subscription.endpoint);
  });

  it.each([
    ["Apple", "web.push.apple.com"],
    ["Mozilla", "updates.push.services.mozilla.com"],
    ["Microsoft", "wns2-par02p.notify.windows.com"],
    ["Google (Chrome's pre-release channels and Linux distributions' Chromium)", "jmt17.google.com"],
  ])("accepts %s's push service", async (_, host) => {
    const account = await signUp();
    const res = await subscribe(account, (await newDevice(host)).subscription);
    expect(res.status, res.text).toBe(201);
  });

  it("the same endpoint again updates the device instead of adding one", async () => {
    const account = await signUp();
    const device = await newDevice();
    const first = await subscribe(account, device.subscription);
    const again = await subscribe(account, { ...device.subscription, keys: (await newDevice()).subscription.keys });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
  });

  const endpointError = {
    message: "The subscription's endpoint must be an https address of a known push service.",
    code: "field_push_endpoint_invalid",
  };
  const p256dhError = {
    message: "The subscription's p256dh key must be a P-256 public key (65 bytes, base64url).",
    code: "field_push_p256dh_invalid",
  };
  const authError = { message: "The subscription's auth secret must be 16 bytes (base64url).", code: "field_push_auth_invalid" };
  it.each<[string, (d: Device) => unknown, object]>([
    ["http endpoint", (d) => ({ ...d.subscription, endpoint: d.subscription.endpoint.replace("https:", "http:") }), endpointError],
    ["unknown host", (d) => ({ ...d.subscription, endpoint: "https://push.evil.example/abc" }), endpointError],
    ["look-alike host", (d) => ({ ...d.subscription, endpoint: "https://fcm.googleapis.com.evil.example/abc" }), endpointError],
    ["another google.com host", (d) => ({ ...d.subscription, endpoint: "https://evil.google.com/fcm/send/abc" }), endpointError],
    ["internal address", (d) => ({ ...d.subscription, endpoint: "https://127.0.0.1/abc" }), endpointError],
    ["credentials in the URL", (d) => ({ ...d.subscription, endpoint: "https://user:pw@fcm.googleapis.com/fcm/send/x" }), endpointError],
    ["another port", (d) => ({ ...d.subscription, endpoint: "https://fcm.googleapis.com:8443/fcm/send/x" }), endpointError],
    ["not a URL", (d) => ({ ...d.subscription, endpoint: "fcm.googleapis.com" }), endpointError],
    ["endpoint missing", (d) => ({ keys: d.subscription.keys }), endpointError],
    ["endpoint not text", (d) => ({ ...d.subscription, endpoint: 42 }), endpointError],
    ["endpoint too long", (d) => ({ ...d.subscription, endpoint: `${d.subscription.endpoint}${"a".repeat(2100)}` }), endpointError],
    ["keys missing", (d) => ({ endpoint: d.subscription.endpoint }), p256dhError],
    ["p256dh too short", () => withKeys({ p256dh: valid.subscription.keys.p256dh.slice(0, 40) }), p256dhError],
    ["p256dh compressed point", () => withKeys({ p256dh: "Ag" + valid.subscription.keys.p256dh.slice(2, 44) }), p256dhError],
    ["p256dh not base64url", () => withKeys({ p256dh: valid.subscription.keys.p256dh.replace(/.$/, "+") }), p256dhError],
    ["p256dh missing", () => withKeys({ p256dh: undefined }), p256dhError],
    ["auth 15 bytes", () => withKeys({ auth: "AAAAAAAAAAAAAAAAAAAA" }), authError],
    ["auth 17 bytes", () => withKeys({ auth: "AAAAAAAAAAAAAAAAAAAAAAA" }), authError],
    ["auth not base64url", () => withKeys({ auth: "AAAAAAAAAAAAAAAAAAAA/w" }), authError],
    ["auth missing", () => withKeys({ auth: undefined }), authError],
  ])("%s → 400 naming the field", async (_, body, error) => {
    const account = await signUp();
    const res = await subscribe(account, body(await newDevice()));
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual(error);
  });

  it("answers in the request's language", async () => {
    const account = await signUp();
    const res = await subscribe(account, { ...valid.subscription, endpoint: "https://push.evil.example/x" }, { "Accept-Language": "de" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("field_push_endpoint_invalid");
    expect(res.body.message).toContain("Push-Dienstes");
  });

  it("no session → 401; cross-site → 403, nothing saved", async () => {
    const noSession = await call("POST", "/api/push/subscriptions", { body: valid.subscription, env: pushEnv });
    expect(noSession.status).toBe(401);
    const account = await signUp();
    const crossSite = await subscribe(account, valid.subscription, { Origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(await devicesOnPage(account)).not.toContain("Chrome on Android");
  });

  it("at most 10 devices per account: the 11th is 409; one removed, one fits again", async () => {
    const account = await signUp();
    const ids: number[] = [];
    const first = await newDevice();
    ids.push((await subscribe(account, first.subscription)).body.id);
    for (let i = 1; i < 10; i++) ids.push((await subscribe(account, (await newDevice()).subscription)).body.id);
    const eleventh = await subscribe(account, (await newDevice()).subscription);
    expect(eleventh.status).toBe(409);
    expect(eleventh.body).toEqual({
      message: "Push notifications can go to at most 10 devices. Remove one first.",
      code: "error_push_device_limit",
    });
    // A device already listed may still renew its keys at the limit.
    const renewed = await subscribe(account, { ...first.subscription, keys: (await newDevice()).subscription.keys });
    expect(renewed.status).toBe(201);
    expect(renewed.body.id).toBe(ids[0]);
    expect((await call("DELETE", `/api/push/subscriptions/${ids[0]}`, { cookie: account.cookie, env: pushEnv })).status).toBe(204);
    expect((await subscribe(account, (await newDevice()).subscription)).status).toBe(201);
  });

  it("DELETE is owner-scoped: another user's id and an unknown id are 404, a bad id 400, no id 404", async () => {
    const owner = await signUp();
    const other = await signUp();
    const { id } = (await subscribe(owner, (await newDevice()).subscription)).body;
    const notFound = { message: "Device not found", code: "error_push_device_not_found" };
    const theirs = await call("DELETE", `/api/push/subscriptions/${id}`, { cookie: other.cookie, env: pushEnv });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(notFound);
    expect((await call("DELETE", "/api/push/subscriptions/999999999", { cookie: owner.cookie, env: pushEnv })).body).toEqual(notFound);
    expect((await call("DELETE", "/api/push/subscriptions/0", { cookie: owner.cookie, env: pushEnv })).status).toBe(400);
    // Not digits: no route (the route's pattern), so not found.
    expect((await call("DELETE", "/api/push/subscriptions/abc", { cookie: owner.cookie, env: pushEnv })).status).toBe(404);
    expect(await devicesOnPage(owner)).toContain("Chrome on Android");
    expect((await call("DELETE", `/api/push/subscriptions/${id}`, { cookie: owner.cookie, env: pushEnv })).status).toBe(204);
    expect(await devicesOnPage(owner)).not.toContain("Chrome on Android");
    expect((await call("DELETE", `/api/push/subscriptions/${id}`, { cookie: owner.cookie, env: pushEnv })).status).toBe(404);
  });

  it("with push off on the server (no VAPID keys) a subscription is 404 'not available'", async () => {
    const account = await signUp();
    const res = await call("POST", "/api/push/subscriptions", { cookie: account.cookie, body: valid.subscription });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("error_push_unavailable");
  });
});

describe("test notification and the 'Reminders by' settings", () => {
  it("POST /api/test-push-notification pushes to every device; a gone one is removed; none → 409; none reached → 502", async () => {
    const { mockPushService } = await import("./push-fixtures");
    const push = mockPushService();
    try {
      const account = await signUp();
      const none = await call("POST", "/api/test-push-notification", { cookie: account.cookie, env: pushEnv });
      expect(none.status).toBe(409);
      expect(none.body.code).toBe("error_push_no_devices");

      const [a, b] = [await newDevice(), await newDevice()];
      await subscribe(account, a.subscription);
      const gone = (await subscribe(account, b.subscription)).body.id;
      push.answer(201, 410);
      const sent = await call("POST", "/api/test-push-notification", { cookie: account.cookie, env: pushEnv });
      expect(sent.status, sent.text).toBe(200);
      expect(sent.body).toEqual({ sent: 1 });
      expect(await push.received(a)).toEqual([
        {
          title: "Test notification",
          body: "Refill reminders will appear like this on this device.",
          url: "/",
          tag: "refill-test",
          lang: "en",
        },
      ]);
      expect((await call("DELETE", `/api/push/subscriptions/${gone}`, { cookie: account.cookie, env: pushEnv })).status).toBe(404);

      push.answer(503);
      const failed = await call("POST", "/api/test-push-notification", { cookie: account.cookie, env: pushEnv });
      expect(failed.status).toBe(502);
      expect(failed.body.code).toBe("error_test_push_failed");
    } finally {
      push.restore();
    }
  });

  it("PATCH /api/notifications/settings saves 'Reminders by' and the lock-screen setting; a wrong value is 400", async () => {
    const account = await signUp();
    const base = { notificationDays: 7, emailConsent: true, timezone: "UTC", notificationHour: 9 };
    expect(account.user).toMatchObject({ remindersBy: "email", pushShowNames: false });
    const saved = await call("PATCH", "/api/notifications/settings", {
      cookie: account.cookie,
      body: { ...base, remindersBy: "both", pushShowNames: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({ remindersBy: "both", pushShowNames: true });
    // Left out (an older page): kept.
    const older = await call("PATCH", "/api/notifications/settings", { cookie: account.cookie, body: base });
    expect(older.body.user).toMatchObject({ remindersBy: "both", pushShowNames: true });
    const wrong = await call("PATCH", "/api/notifications/settings", { cookie: account.cookie, body: { ...base, remindersBy: "pigeon" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: "Reminders by must be e-mail, push notifications or both.", code: "field_reminders_by_invalid" });
    const notBoolean = await call("PATCH", "/api/notifications/settings", {
      cookie: account.cookie,
      body: { ...base, pushShowNames: "yes" },
    });
    expect(notBoolean.body.code).toBe("field_push_show_names_not_boolean");
  });

  it("the export lists push devices by label and date only", async () => {
    const account = await signUp();
    const device = await newDevice();
    await subscribe(account, device.subscription);
    const exported = await call("GET", "/api/user/export", { cookie: account.cookie, env: pushEnv });
    expect(exported.status).toBe(200);
    expect(exported.body.pushDevices).toEqual([{ label: "Chrome on Android", createdAt: expect.any(Number) }]);
    expect(exported.text).not.toContain(device.subscription.endpoint);
    expect(exported.text).not.toContain(device.subscription.keys.p256dh);
    expect(exported.text).not.toContain(device.subscription.keys.auth);
  });
});
