import { describe, expect, it } from "vitest";
import { call, sessionCookie, sessionRows, signUp, uniqueIp, type Account } from "./helpers";

// One signed-in device signed out from the list, by its device id (not its session's id), and a
// browser that signs in again listed once. Each test hashes a few passwords, hence the timeout.

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

type Device = { id: string; browser: string; current: boolean };

async function signInAgain(account: Account, userAgent: string, cookie?: string) {
  const res = await call("POST", "/api/login", {
    body: { username: account.username, password: account.password },
    headers: { "User-Agent": userAgent },
    ip: uniqueIp(),
    cookie,
  });
  expect(res.status, res.text).toBe(200);
  return sessionCookie(res);
}

const devices = async (cookie: string): Promise<Device[]> => (await call("GET", "/api/user/sessions", { cookie })).body.sessions;
const signedIn = async (cookie: string) => (await call("GET", "/api/user", { cookie })).status === 200;
const signOutDevice = (cookie: string, id: string, headers?: Record<string, string>) =>
  call("DELETE", `/api/user/sessions/${id}`, { cookie, headers });

describe("signing out one device", { timeout: 30_000 }, () => {
  it("ends that device's session only; the list drops it and asking again is a 404", async () => {
    const account = await signUp();
    const laptop = await signInAgain(account, FIREFOX_WINDOWS);
    const phone = await signInAgain(account, SAFARI_IPHONE);
    const target = (await devices(account.cookie)).find((device) => device.browser === "Firefox on Windows")!;
    const res = await signOutDevice(account.cookie, target.id);
    expect([res.status, res.body]).toEqual([200, { ended: 1 }]);
    expect([await signedIn(laptop), await signedIn(phone), await signedIn(account.cookie)]).toEqual([false, true, true]);
    expect((await devices(account.cookie)).map((device) => device.browser).sort()).toEqual(["Safari on iOS", "Unknown browser"]);
    const again = await signOutDevice(account.cookie, target.id);
    expect([again.status, again.body]).toEqual([404, { message: "That device is no longer signed in.", code: "error_device_not_found" }]);
  });

  it("cannot sign out another user's device: 404, in the request's language, and that device stays signed in", async () => {
    const victim = await signUp();
    const victimPhone = await signInAgain(victim, SAFARI_IPHONE);
    const [device] = (await devices(victimPhone)).filter((d) => d.current);
    const stranger = await signUp();
    const res = await signOutDevice(stranger.cookie, device!.id, { "Accept-Language": "fr" });
    expect([res.status, res.body]).toEqual([404, { message: "Cet appareil n'est plus connecté.", code: "error_device_not_found" }]);
    expect(await signedIn(victimPhone)).toBe(true);
    expect(await sessionRows(victim.id)).toHaveLength(2);
  });

  it("answers 404 for anything that is not a device id, the session's own id (the cookie's hash) included", async () => {
    const account = await signUp();
    const laptop = await signInAgain(account, FIREFOX_WINDOWS);
    const rows = await sessionRows(account.id);
    for (const id of [...rows.map((row) => row.id), "x", "A".repeat(22), laptop.slice(laptop.indexOf("=") + 1)]) {
      expect((await signOutDevice(account.cookie, encodeURIComponent(id))).status, id).toBe(404);
    }
    expect(await signedIn(laptop)).toBe(true);
  });

  it("signing this device out by its id ends the session and clears the cookie", async () => {
    const account = await signUp();
    const [self] = (await devices(account.cookie)).filter((d) => d.current);
    const res = await signOutDevice(account.cookie, self!.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(await signedIn(account.cookie)).toBe(false);
  });

  it("needs a session", async () => {
    expect((await call("DELETE", "/api/user/sessions/AAAAAAAAAAAAAAAAAAAAAA")).status).toBe(401);
  });
});

describe("a browser that signs in again", { timeout: 30_000 }, () => {
  it("replaces its own session: each device is listed once", async () => {
    const account = await signUp();
    const first = await signInAgain(account, FIREFOX_WINDOWS);
    const second = await signInAgain(account, FIREFOX_WINDOWS, first);
    expect(await signedIn(first)).toBe(false);
    expect((await devices(second)).map((device) => [device.browser, device.current])).toEqual(
      expect.arrayContaining([
        ["Firefox on Windows", true],
        ["Unknown browser", false],
      ]),
    );
    expect(await devices(second)).toHaveLength(2);
  });

  it("signing in with another account's cookie ends that old session too, and nothing of the other account else", async () => {
    const alice = await signUp();
    const aliceLaptop = await signInAgain(alice, FIREFOX_WINDOWS);
    const bob = await signUp();
    await signInAgain(bob, FIREFOX_WINDOWS, aliceLaptop);
    expect(await signedIn(aliceLaptop)).toBe(false);
    expect(await signedIn(alice.cookie)).toBe(true);
  });
});
