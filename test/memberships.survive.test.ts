import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activity, memberships } from "../src/db/schema";
import { type Account, call, db, resetTokenFrom, sessionCookie, signUp, uniqueIp } from "./helpers";
import { addPerson } from "./invites.support";
import { join } from "./people-data.support";

// Memberships belong to the account, not to a session: taking the account back (a new password,
// signing out everywhere else, a reset) ends sessions and nothing of what the account may care for.

const NEW_PASSWORD = "taken back for good";

const recoveries: Record<string, (account: Account) => Promise<void>> = {
  "changing the password": async (account) => {
    const res = await call("PUT", "/api/user/password", {
      cookie: account.cookie,
      body: { currentPassword: account.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(res.status, res.text).toBe(200);
  },
  "signing out everywhere else": async (account) => {
    const res = await call("DELETE", "/api/user/sessions", { cookie: account.cookie });
    expect(res.status, res.text).toBe(200);
  },
  "resetting the password": async (account) => {
    await call("POST", "/api/forgot-password", { body: { email: account.email }, ip: uniqueIp() });
    const token = await resetTokenFrom(account.email);
    const res = await call("POST", "/api/reset-password", { body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(res.status, res.text).toBe(200);
  },
};

const membershipsOf = (userId: number) =>
  db().select().from(memberships).where(eq(memberships.userId, userId)).orderBy(asc(memberships.personId));

describe("account recovery ends no membership", { timeout: 30_000 }, () => {
  it.each(Object.keys(recoveries))(
    "%s keeps every membership (owned, managed, helped) and its settings, and records the sign-out on each person",
    async (recovery) => {
      const other = await signUp();
      const account = await signUp();
      await addPerson(account, "Dad");
      const gran = await addPerson(other, "Gran");
      await join(gran, account, "helper", 1_000);
      await db().update(memberships).set({ remindMe: true, missedDoseAlerts: true }).where(eq(memberships.userId, account.id));
      const before = await membershipsOf(account.id);
      expect(before).toHaveLength(3);
      // A second device, which each recovery signs out.
      const second = await call("POST", "/api/login", { body: { username: account.username, password: account.password }, ip: uniqueIp() });
      expect(second.status, second.text).toBe(200);

      await recoveries[recovery]!(account);

      expect(await membershipsOf(account.id)).toEqual(before);
      // The sign-out is in the activity record of every person the account is a member of.
      const recorded = await db()
        .select({ personId: activity.personId, kind: activity.kind, actorUserId: activity.actorUserId })
        .from(activity)
        .where(eq(activity.kind, "signed_out_everywhere"))
        .orderBy(asc(activity.personId));
      expect(recorded.filter((row) => row.actorUserId === account.id)).toEqual(
        before.map((m) => ({ personId: m.personId, kind: "signed_out_everywhere", actorUserId: account.id })),
      );
      // And the account still acts on them once signed in again.
      const password = recovery === "signing out everywhere else" ? account.password : NEW_PASSWORD;
      const login = await call("POST", "/api/login", { body: { username: account.username, password }, ip: uniqueIp() });
      expect(login.status, login.text).toBe(200);
      const profiles = await call<Array<{ id: number; role: string }>>("GET", "/api/profiles", { cookie: sessionCookie(login) });
      expect(profiles.body.find((row) => row.id === gran)?.role).toBe("helper");
    },
  );
});
