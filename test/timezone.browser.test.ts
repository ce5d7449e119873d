import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import de from "../src/i18n/messages/de.json";
import { call, db, signUp } from "./helpers";

// An account that never chose a zone takes the browser's on its next signed-in visit, once.
const unchosen = async () => {
  const account = await signUp();
  await db().update(users).set({ timezone: "UTC", timezoneChosen: false }).where(eq(users.id, account.id));
  return account;
};
const stored = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

describe("PUT /api/user/timezone (the browser's zone, once)", () => {
  it("sets the browser's zone on an account that never chose one, says so once, and moves the next reminder", async () => {
    const account = await unchosen();
    const before = await stored(account.id);
    const res = await call("PUT", "/api/user/timezone", { cookie: account.cookie, body: { timezone: "Pacific/Auckland" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      changed: true,
      timezone: "Pacific/Auckland",
      message: "Time zone set to Pacific/Auckland. You can change it under Configure Notifications.",
    });
    const after = await stored(account.id);
    expect([after.timezone, after.timezoneChosen]).toEqual(["Pacific/Auckland", true]);
    expect(after.nextNotificationAt).not.toBe(before.nextNotificationAt);
    const again = await call("PUT", "/api/user/timezone", { cookie: account.cookie, body: { timezone: "Europe/Paris" } });
    expect(again.body).toEqual({ changed: false });
    expect((await stored(account.id)).timezone).toBe("Pacific/Auckland");
  });

  it("leaves a chosen zone alone and ignores a zone it does not know", async () => {
    const account = await unchosen();
    const unknown = await call("PUT", "/api/user/timezone", { cookie: account.cookie, body: { timezone: "Mars/Olympus_Mons" } });
    expect([unknown.status, unknown.body]).toEqual([200, { changed: false }]);
    expect((await stored(account.id)).timezoneChosen).toBe(false);
    await db().update(users).set({ timezone: "Asia/Tokyo", timezoneChosen: true }).where(eq(users.id, account.id));
    const chosen = await call("PUT", "/api/user/timezone", { cookie: account.cookie, body: { timezone: "Europe/Paris" } });
    expect(chosen.body).toEqual({ changed: false });
    expect((await stored(account.id)).timezone).toBe("Asia/Tokyo");
  });

  it("answers in the account's language", async () => {
    const account = await unchosen();
    await db().update(users).set({ locale: "de-DE" }).where(eq(users.id, account.id));
    const res = await call("PUT", "/api/user/timezone", { cookie: account.cookie, body: { timezone: "Europe/Berlin" } });
    expect(res.body.message).toBe(de.timezone_set_from_browser.replace("{zone}", "Europe/Berlin"));
  });

  it("needs a session", async () => {
    const res = await call("PUT", "/api/user/timezone", { body: { timezone: "Europe/Paris" } });
    expect(res.status).toBe(401);
  });
});
