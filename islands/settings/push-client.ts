import { fromBase64Url } from "../../src/shared/push";

// The browser's side of turning push on: what this browser can do, the permission (asked only
// from the user's tap), and a subscription through the service worker's pushManager.

export type PushSupport = "unknown" | "ok" | "ios-home-screen" | "unsupported";

/** iPhone/iPad Safari gets Web Push only in a web app added to the Home Screen (iOS 16.4+). */
export function pushSupport(): PushSupport {
  const ios = /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  const standalone =
    window.matchMedia?.("(display-mode: standalone)").matches || (navigator as { standalone?: boolean }).standalone === true;
  if (ios && !standalone) return "ios-home-screen";
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return "unsupported";
  return "ok";
}

/**
 * How long the browser's push service may take to hand out a subscription. Where it cannot be
 * reached (blocked networks, mainland China) Chromium's subscribe() hangs for over 90 s with no
 * word; past this the patient is told why and keeps e-mail.
 */
export const SUBSCRIBE_TIMEOUT_MS = 15_000;

/** "unreachable": the push service did not answer within SUBSCRIBE_TIMEOUT_MS. */
export class PushRefused extends Error {
  constructor(readonly reason: "denied" | "failed" | "unreachable") {
    super(reason);
  }
}

async function registration(): Promise<ServiceWorkerRegistration> {
  // The page registers /sw.js after load; if it has not yet (or failed), register it here.
  return (await navigator.serviceWorker.getRegistration("/")) ?? (await navigator.serviceWorker.register("/sw.js", { scope: "/" }));
}

/**
 * Asks permission (must run inside the tap's handler), then subscribes this browser with the
 * server's VAPID key and answers the subscription as the API takes it.
 */
export async function subscribeThisDevice(vapidPublicKey: string): Promise<PushSubscriptionJSON> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PushRefused("denied");
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushRefused("unreachable")), SUBSCRIBE_TIMEOUT_MS);
  });
  try {
    // A subscription that arrives after the timeout stays with the browser: the next try reuses it.
    return await Promise.race([subscribe(vapidPublicKey), timeout]);
  } catch (err) {
    if (err instanceof PushRefused) throw err;
    console.warn("[push] could not subscribe this device", err instanceof Error ? err.name : err);
    throw new PushRefused("failed");
  } finally {
    clearTimeout(timer);
  }
}

/** The service worker's push subscription with the server's key: the one already there, or a new one. */
async function subscribe(vapidPublicKey: string): Promise<PushSubscriptionJSON> {
  const reg = await registration();
  const key = fromBase64Url(vapidPublicKey)!;
  let subscription = await reg.pushManager.getSubscription();
  // A subscription made with another server key cannot be reused: replace it.
  const itsKey = subscription?.options.applicationServerKey;
  if (subscription && itsKey && !sameBytes(new Uint8Array(itsKey), key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key as BufferSource });
  return subscription.toJSON();
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);
