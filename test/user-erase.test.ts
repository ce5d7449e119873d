import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, reminderLog } from "../src/db/schema";
import { call, createMedication, createPharmacy, db, emailsTo, sessionCookie, signUp, uniqueIp, type Account } from "./helpers";

// DELETE /api/user: the account and every row that belongs to it go in one batch. "Nothing remains"
// is checked against every table in sqlite_master, so a table added later is covered without
// touching this file: any column named user_id (or ending in _user_id), the users table's id, any
// text holding the username or the address, and any key ending in "user:<id>".

const postmarkMessages: Array<{ To: string; Subject: string; TextBody: string }> = [];
const originalFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith("https://api.postmarkapp.com/")) return originalFetch(input, init);
    const body = JSON.parse(String(init?.body ?? (input instanceof Request ? await input.text() : "[]")));
    const batch = Array.isArray(body) ? body : [body];
    postmarkMessages.push(...batch);
    const accepted = (m: { To: string }) => ({ ErrorCode: 0, Message: "OK", MessageID: crypto.randomUUID(), To: m.To });
    return Response.json(Array.isArray(body) ? batch.map(accepted) : accepted(body));
  };
});
afterAll(() => {
  globalThis.fetch = originalFetch;
});

/** Postmark configured: mail leaves through its API (stubbed above), as in production. */
const production = () => ({ ...env, POSTMARK_SERVER_TOKEN: "server-token-for-tests", APP_SECRET: "app-secret-for-tests" });

/** Every row of every table that still names the account, as "table.column: value". */
async function remainsOf(account: Pick<Account, "id" | "username" | "email">, medicationIds: number[] = []): Promise<string[]> {
  const tables = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name <> 'd1_migrations'",
  ).all<{ name: string }>();
  expect(tables.results.map((t) => t.name)).toEqual(
    expect.arrayContaining(["users", "sessions", "pharmacies", "medications", "notifications", "reminder_log", "throttles", "dev_emails"]),
  );
  const found: string[] = [];
  for (const { name: table } of tables.results) {
    const columns = await env.DB.prepare("select name from pragma_table_info(?)").bind(table).all<{ name: string }>();
    for (const { name: column } of columns.results) {
      const holdsUserId = /(^|_)user_id$/i.test(column) || (table === "users" && column === "id");
      // Rows keyed by one of the account's medications (its supply history).
      const holdsMedicationId = column === "medication_id" && medicationIds.length > 0;
      const text = `lower(cast("${column}" as text))`;
      const where = [
        `instr(${text}, lower(?1)) > 0`,
        `instr(${text}, lower(?2)) > 0`,
        `${text} like '%user:' || ?3`,
        ...(holdsUserId ? [`"${column}" = ?3`] : []),
        ...(holdsMedicationId ? [`"${column}" in (${medicationIds.map(Number).join(", ")})`] : []),
      ].join(" or ");
      const rows = await env.DB.prepare(`select "${column}" as value from "${table}" where ${where}`)
        .bind(account.username, account.email, account.id)
        .all<{ value: unknown }>();
      for (const row of rows.results) found.push(`${table}.${column}: ${String(row.value).slice(0, 80)}`);
    }
  }
  return found;
}

/** An account with something in every table: data, reminders, sessions, throttle counters, mail. */
async function accountWithEverything(options: { env?: typeof env } = {}) {
  const account = await signUp({ confirmed: true });
  const pharmacy = await createPharmacy(account);
  const medication = await createMedication(account, { pharmacyId: pharmacy.id });
  await db().insert(notifications).values({ userId: account.id, medicationId: medication.id, sentAt: Date.now(), type: "upcoming-refill" });
  await db().insert(reminderLog).values({ userId: account.id, localDate: "2026-03-04", status: "sent", updatedAt: Date.now() });
  const ip = uniqueIp();
  expect((await call("POST", "/api/login", { body: { username: account.username, password: "wrong password" }, ip })).status).toBe(401);
  const second = await call("POST", "/api/login", { body: { username: account.username, password: account.password }, ip: uniqueIp() });
  expect((await call("POST", "/api/forgot-password", { body: { email: account.email }, ip, env: options.env })).status).toBe(200);
  expect((await call("POST", "/api/test-email-notification", { cookie: account.cookie, env: production() })).status).toBe(200);
  expect(
    (
      await call("PUT", "/api/user/password", {
        cookie: account.cookie,
        body: { currentPassword: "wrong", newPassword: "long enough", confirmPassword: "long enough" },
      })
    ).status,
  ).toBe(400);
  // A refill in the history, a calendar feed, and a new address waiting for its link.
  expect(
    (await call("POST", "/api/medications/refill", { cookie: account.cookie, body: { medicationId: medication.id, pillsToAdd: 30 } }))
      .status,
  ).toBe(200);
  expect((await call("POST", "/api/calendar-feed", { cookie: account.cookie })).status).toBe(201);
  const pendingEmail = `${account.username}.next@example.com`;
  const changed = await call("PATCH", "/api/profile", {
    cookie: account.cookie,
    body: { fullName: account.user.fullName, email: pendingEmail, currentPassword: account.password },
  });
  expect(changed.status, changed.text).toBe(200);
  return { account, otherSession: sessionCookie(second), medicationIds: [medication.id] };
}

describe("delete my account", { timeout: 30_000 }, () => {
  it("erases the user and every row that belongs to them; nothing remains in any table", async () => {
    const { account, otherSession, medicationIds } = await accountWithEverything({ env: production() });
    const bystander = await signUp();
    const bystanderPharmacy = await createPharmacy(bystander);
    const before = await remainsOf(account, medicationIds);
    // The probe itself works: the setup left the account in every kind of table.
    for (const table of [
      "users",
      "sessions",
      "pharmacies",
      "medications",
      "notifications",
      "reminder_log",
      "throttles",
      "supply_events",
      "calendar_feeds",
    ]) {
      expect(
        before.some((line) => line.startsWith(`${table}.`)),
        `${table} in ${before.join("\n")}`,
      ).toBe(true);
    }

    const res = await call("DELETE", "/api/user", {
      cookie: account.cookie,
      body: { currentPassword: account.password },
      env: production(),
    });
    expect([res.status, res.body]).toEqual([200, { message: "Your account has been deleted" }]);
    expect(res.headers.get("Set-Cookie")).toMatch(/^session=;.*Max-Age=0/);

    expect(await remainsOf(account, medicationIds)).toEqual([]);
    expect((await call("GET", "/api/user", { cookie: account.cookie })).status).toBe(401);
    expect((await call("GET", "/api/user", { cookie: otherSession })).status).toBe(401);
    const login = await call("POST", "/api/login", { body: { username: account.username, password: account.password }, ip: uniqueIp() });
    expect(login.status).toBe(401);
    // Another user's data is untouched.
    expect((await call("GET", "/api/pharmacies", { cookie: bystander.cookie })).body).toEqual([
      expect.objectContaining({ id: bystanderPharmacy.id }),
    ]);
  });

  it("sends no goodbye to an address nobody confirmed", async () => {
    const account = await signUp();
    expect(
      (await call("DELETE", "/api/user", { cookie: account.cookie, body: { currentPassword: account.password }, env: production() }))
        .status,
    ).toBe(200);
    expect(postmarkMessages.filter((m) => m.To === account.email)).toEqual([]);
  });

  it("sends a short goodbye e-mail to the account's address", async () => {
    const account = await signUp({ confirmed: true, fullName: "Pat Leaving" });
    const res = await call("DELETE", "/api/user", {
      cookie: account.cookie,
      body: { currentPassword: account.password },
      env: production(),
    });
    expect(res.status).toBe(200);
    const goodbye = postmarkMessages.filter((m) => m.To === account.email);
    expect(goodbye).toHaveLength(1);
    expect(goodbye[0]!.Subject).toBe("Your Refill Tracker account has been deleted");
    expect(goodbye[0]!.TextBody.startsWith("Hello \u2068Pat Leaving\u2069,\n")).toBe(true);
    expect(goodbye[0]!.TextBody).not.toContain(account.username);
  });

  it("without Postmark the goodbye is the only mail left in the dev outbox for that address", async () => {
    const { account } = await accountWithEverything();
    expect((await emailsTo(account.email)).length).toBeGreaterThan(0);
    expect((await call("DELETE", "/api/user", { cookie: account.cookie, body: { currentPassword: account.password } })).status).toBe(200);
    const mail = await emailsTo(account.email);
    expect(mail.map((m) => m.subject)).toEqual(["Your Refill Tracker account has been deleted"]);
  });

  it("answers 400 'Current password is incorrect' for a wrong password and deletes nothing", async () => {
    const { account } = await accountWithEverything();
    const before = await remainsOf(account);
    const res = await call("DELETE", "/api/user", { cookie: account.cookie, body: { currentPassword: "not my password" } });
    expect([res.status, res.body]).toEqual([400, { message: "Current password is incorrect", code: "field_current_password_incorrect" }]);
    const after = await remainsOf(account);
    // Only the counter of password checks moved.
    expect(after.filter((line) => !line.startsWith("throttles."))).toEqual(before.filter((line) => !line.startsWith("throttles.")));
    expect((await call("GET", "/api/user", { cookie: account.cookie })).status).toBe(200);
  });

  it("asks for the current password", async () => {
    const account = await signUp();
    const res = await call("DELETE", "/api/user", { cookie: account.cookie, body: {} });
    expect([res.status, res.body]).toEqual([400, { message: "Current password is required", code: "field_current_password_required" }]);
    expect((await call("DELETE", "/api/user", { body: { currentPassword: "x" } })).status).toBe(401);
  });

  it("keeps the forgot-password counter of an address another account still uses", async () => {
    const first = await signUp();
    const second = await signUp({ email: first.email.toUpperCase() });
    expect((await call("POST", "/api/forgot-password", { body: { email: first.email }, ip: uniqueIp() })).status).toBe(200);
    expect((await call("DELETE", "/api/user", { cookie: first.cookie, body: { currentPassword: first.password } })).status).toBe(200);
    const counters = await env.DB.prepare("select key from throttles where key = ?")
      .bind(`forgot:email:${first.email.toLowerCase()}`)
      .all();
    expect(counters.results).toHaveLength(1);
    expect((await call("GET", "/api/user", { cookie: second.cookie })).status).toBe(200);
  });
});
