import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashToken } from "../src/auth/session";
import { prune } from "../src/data/prune";
import { sessions } from "../src/db/schema";
import { call, db, sessionCookie, sessionRows, signUp, uniqueIp, type Account } from "./helpers";
import { expectJsonMessage } from "./security/surface";

// Finding (accounts): seven days without a visit signed a patient out, and most open the app when
// reminded, about monthly. Sign-in offers "Keep me signed in on this device": 30 days idle, 90 days
// at most; without it a sign-in keeps today's 7 and 30.

const DAY = 24 * 3_600_000;
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);
const me = (cookie: string) => call("GET", "/api/user", { cookie });

/** Signs `account` in again (a new session), with or without "Keep me signed in". */
async function signIn(account: Account, keepSignedIn?: boolean) {
  const res = await call("POST", "/api/login", {
    body: { username: account.username, password: account.password, ...(keepSignedIn !== undefined && { keepSignedIn }) },
    ip: uniqueIp(),
  });
  expect(res.status, res.text).toBe(200);
  const cookie = sessionCookie(res);
  return { cookie, id: await hashToken(tokenOf(cookie)), setCookie: res.headers.get("Set-Cookie")! };
}

/** Moves the session `daysIdle` days past its last visit (and its whole life as many days back, when `aged`). */
async function backdate(id: string, days: number, aged = false) {
  const [row] = await db().select().from(sessions).where(eq(sessions.id, id));
  const shift = days * DAY;
  await db()
    .update(sessions)
    .set({
      lastSeenAt: row!.lastSeenAt - shift,
      ...(aged && { createdAt: row!.createdAt - shift, expiresAt: row!.expiresAt - shift }),
    })
    .where(eq(sessions.id, id));
}

describe("a week without a visit signs a patient out: 'Keep me signed in on this device'", () => {
  it("a kept session lasts 90 days at most, and its cookie as long", async () => {
    const account = await signUp();
    const kept = await signIn(account, true);
    const row = (await sessionRows(account.id)).find((r) => r.id === kept.id)!;
    expect([row.kept, row.expiresAt - row.createdAt]).toEqual([true, 90 * DAY]);
    expect(kept.setCookie).toMatch(/; Max-Age=7776000(;|$)/);
  });

  it("a kept session survives 8 days without a visit", async () => {
    const account = await signUp();
    const kept = await signIn(account, true);
    await backdate(kept.id, 8);
    expect((await me(kept.cookie)).status).toBe(200);
    expect((await call("GET", "/", { cookie: kept.cookie })).status).toBe(200);
  });

  it("a kept session ends after 30 days without a visit: 401, the row deleted", async () => {
    const account = await signUp();
    const kept = await signIn(account, true);
    await backdate(kept.id, 29);
    expect((await me(kept.cookie)).status).toBe(200);
    await backdate(kept.id, 30);
    expectJsonMessage(await me(kept.cookie), 401);
    expect((await sessionRows(account.id)).map((r) => r.id)).not.toContain(kept.id);
  });

  it("a kept session ends 90 days after signing in however often it is used", async () => {
    const account = await signUp();
    const kept = await signIn(account, true);
    // Visited a minute ago, signed in 89 days ago: still on.
    await backdate(kept.id, 89, true);
    await db()
      .update(sessions)
      .set({ lastSeenAt: Date.now() - 60_000 })
      .where(eq(sessions.id, kept.id));
    expect((await me(kept.cookie)).status).toBe(200);
    await backdate(kept.id, 1, true);
    await db()
      .update(sessions)
      .set({ lastSeenAt: Date.now() - 60_000 })
      .where(eq(sessions.id, kept.id));
    expectJsonMessage(await me(kept.cookie), 401);
  });

  it.each([
    ["without the box", undefined],
    ["with the box unticked", false],
  ])("a sign-in %s keeps today's limits: 30 days at most, ended by 8 days without a visit", async (_, keepSignedIn) => {
    const account = await signUp();
    const unkept = await signIn(account, keepSignedIn);
    const row = (await sessionRows(account.id)).find((r) => r.id === unkept.id)!;
    expect([row.kept, row.expiresAt - row.createdAt]).toEqual([false, 30 * DAY]);
    expect(unkept.setCookie).toMatch(/; Max-Age=2592000(;|$)/);
    await backdate(unkept.id, 8);
    expectJsonMessage(await me(unkept.cookie), 401);
  });

  it("a sign-up's first session is not kept (the box is on the sign-in form)", async () => {
    const account = await signUp();
    const [row] = await sessionRows(account.id);
    expect([row!.kept, row!.expiresAt - row!.createdAt]).toEqual([false, 30 * DAY]);
  });

  it("the devices list and the hourly pruning keep a kept session idle for 8 days, and drop an unkept one", async () => {
    const account = await signUp();
    const kept = await signIn(account, true);
    const unkept = await signIn(account, false);
    await backdate(kept.id, 8);
    await backdate(unkept.id, 8);
    const listed = await call("GET", "/api/user/sessions", { cookie: account.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(2); // the sign-up's own session and the kept one
    await prune(db(), Date.now());
    const left = (await sessionRows(account.id)).map((r) => r.id);
    expect(left).toContain(kept.id);
    expect(left).not.toContain(unkept.id);
  });

  it("keepSignedIn that is not a boolean is 400 at the field, in the request's language", async () => {
    const account = await signUp();
    const res = await call("POST", "/api/login", {
      body: { username: account.username, password: account.password, keepSignedIn: "yes" },
      ip: uniqueIp(),
      headers: { "Accept-Language": "fr" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "keepSignedIn doit valoir true ou false", code: "field_keep_signed_in_not_boolean" });
  });
});
