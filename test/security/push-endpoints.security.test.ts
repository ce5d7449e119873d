import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pushSubscriptions } from "../../src/db/schema";
import { call, db, signUp, type Account } from "../helpers";
import { mockPushService, newDevice, pushEnv, REDIRECT_TARGET } from "../push-fixtures";

// Issue 29 F6: the job sends signed POSTs to whatever endpoint a device was saved with, so only
// the push services' own hosts are accepted, a redirect is never followed, and a key WebCrypto
// cannot import is refused when the device is saved.

const subscribe = (account: Pick<Account, "cookie">, body: unknown) =>
  call("POST", "/api/push/subscriptions", {
    cookie: account.cookie,
    body,
    env: pushEnv,
    headers: { "User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36" },
  });
const endpointError = {
  message: "The subscription's endpoint must be an https address of a known push service.",
  code: "field_push_endpoint_invalid",
};
const p256dhError = {
  message: "The subscription's p256dh key must be a P-256 public key (65 bytes, base64url).",
  code: "field_push_p256dh_invalid",
};
const devicesOf = async (userId: number) =>
  db().select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

let push: ReturnType<typeof mockPushService> | undefined;
afterEach(() => {
  push?.restore();
  push = undefined;
  vi.restoreAllMocks();
});

describe("push endpoint allow-list wider than the push services", () => {
  it.each([
    "https://storage.googleapis.com/attacker-bucket/collect",
    "https://attacker-bucket.storage.googleapis.com/collect",
    "https://www.googleapis.com/oauth2/v4/token",
    "https://android.googleapis.com/gcm/send/abc",
    "https://attacker.notify.windows.com/w/?token=abc",
    "https://notify.windows.com/w/?token=abc",
    "https://wns2-par02p.notify.windows.com.evil.example/w/?token=abc",
    "https://push.services.mozilla.com/wpush/v2/abc",
    "https://attacker.push.services.mozilla.com/wpush/v2/abc",
    "https://fcm.googleapis.com.evil.example/fcm/send/abc",
  ])("%s → 400, nothing saved", async (endpoint) => {
    const account = await signUp();
    const res = await subscribe(account, { ...(await newDevice()).subscription, endpoint });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual(endpointError);
    expect(await devicesOf(account.user.id)).toEqual([]);
  });

  it("a device saved on such a host before the fix is sent nothing and dropped", async () => {
    push = mockPushService();
    const account = await signUp();
    const device = await newDevice();
    await db()
      .insert(pushSubscriptions)
      .values({
        userId: account.user.id,
        endpoint: "https://attacker-bucket.storage.googleapis.com/collect",
        ...device.subscription.keys,
        label: "Chrome on Android",
        createdAt: Date.now(),
      });
    const res = await call("POST", "/api/test-push-notification", { cookie: account.cookie, env: pushEnv });
    expect(res.status).toBe(502);
    expect(push.requests).toEqual([]);
    expect(await devicesOf(account.user.id)).toEqual([]);
  });
});

describe("a push service's redirect is not followed", () => {
  it("a 307 to another server: no POST there, a failure logged without the endpoint", async () => {
    push = mockPushService();
    const logged = vi.spyOn(console, "error");
    const account = await signUp();
    const device = await newDevice();
    expect((await subscribe(account, device.subscription)).status).toBe(201);
    push.answer(307);
    const res = await call("POST", "/api/test-push-notification", { cookie: account.cookie, env: pushEnv });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe("error_test_push_failed");
    expect(push.requests.map((r) => r.endpoint)).toEqual([device.subscription.endpoint]);
    expect(push.requests.map((r) => r.endpoint)).not.toContain(REDIRECT_TARGET);
    const lines = logged.mock.calls.map((args) => args.join(" "));
    expect(lines.some((line) => line.includes("307") && line.includes("redirect"))).toBe(true);
    expect(lines.join("\n")).not.toContain(device.subscription.endpoint);
  });
});

describe("a p256dh that is not a point on P-256", () => {
  it("is a 400 at the field when the device is saved, not a device that fails every send", async () => {
    const account = await signUp();
    const device = await newDevice();
    // 0x04 ‖ X ‖ Y with Y changed: the right length and prefix, off the curve.
    const bytes = Uint8Array.from(atob(device.subscription.keys.p256dh.replace(/-/g, "+").replace(/_/g, "/") + "="), (c) =>
      c.charCodeAt(0),
    );
    bytes[64] = bytes[64]! ^ 0x01;
    const offCurve = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    const res = await subscribe(account, { ...device.subscription, keys: { ...device.subscription.keys, p256dh: offCurve } });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual(p256dhError);
    expect(await devicesOf(account.user.id)).toEqual([]);
  });
});
