import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../src/db/client";
import { memberships, sessions } from "../src/db/schema";
import { call, sessionCookie, uniqueName, type Answer as CallAnswer } from "./helpers";
import { libsqlEnv, libsqlHttpUrl } from "./support/libsql-http";
import { newDevice, pushKeys } from "./push-fixtures";

const device = await newDevice();
// A device whose push service says it is gone (410), and how often it was pushed to.
const goneDevice = await newDevice("updates.push.services.mozilla.com");
const goneDeviceHits = { n: 0 };

// Database round trips per request, counted where they cross the wire: calls on the D1 binding, and
// HTTP requests of the production libSQL client (@libsql/client/web) to a Hrana server. A signed-in
// read is one round trip (the session lookup and the route's reads in one batch); a write at most
// two (the session, then the write). The Server-Timing header must tell the same number.

type Engine = { name: string; env: () => Cloudflare.Env; count: () => number; reset: () => void };

/** A D1 binding that counts every call that reaches the database (a statement's result, a batch). */
function countingD1(d1: D1Database, counter: { n: number }): D1Database {
  const unwrap = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        if (key === "all" || key === "run" || key === "raw" || key === "first")
          return (...args: unknown[]) => {
            counter.n++;
            return (target[key] as (...a: unknown[]) => unknown).apply(target, args);
          };
        return Reflect.get(target, key);
      },
    });
    unwrap.set(proxy, statement);
    return proxy;
  };
  return new Proxy(d1, {
    get(target, key) {
      if (key === "prepare") return (query: string) => wrap(target.prepare(query));
      if (key === "batch")
        return (statements: D1PreparedStatement[]) => {
          counter.n++;
          return target.batch(statements.map((s) => unwrap.get(s) ?? s));
        };
      if (key === "exec" || key === "dump")
        return (...args: unknown[]) => {
          counter.n++;
          return (target[key] as (...a: unknown[]) => unknown).apply(target, args);
        };
      return Reflect.get(target, key);
    },
  });
}

const d1Counter = { n: 0 };
const httpCounter = { n: 0 };
const postmarkMessages: unknown[] = [];
const originalFetch = globalThis.fetch;

// The libSQL client takes globalThis.fetch when it is made (once per request): count what goes to
// the Hrana server, and answer Postmark (the far side of the network) without leaving the machine.
beforeAll(() => {
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith(libsqlHttpUrl())) httpCounter.n++;
    if (url.startsWith("https://api.postmarkapp.com/")) {
      const body = JSON.parse(String(init?.body ?? (input instanceof Request ? await input.text() : "[]")));
      const batch = Array.isArray(body) ? body : [body];
      postmarkMessages.push(...batch);
      const accepted = batch.map((m: { To: string }) => ({ ErrorCode: 0, Message: "OK", MessageID: crypto.randomUUID(), To: m.To }));
      return Response.json(Array.isArray(body) ? accepted : accepted[0]);
    }
    // The push service of the test notification accepts it.
    if (url.startsWith("https://fcm.googleapis.com/")) return new Response(null, { status: 201 });
    if (url === goneDevice.subscription.endpoint) {
      goneDeviceHits.n++;
      return new Response(null, { status: 410 });
    }
    return originalFetch(input, init);
  };
  return () => {
    globalThis.fetch = originalFetch;
  };
});

const mail = { POSTMARK_SERVER_TOKEN: "server-token-for-tests", APP_SECRET: "app-secret-for-tests", SERVER_TIMING: "1", ...pushKeys };
const engines: Engine[] = [
  {
    name: "D1",
    env: () => ({ ...env, ...mail, DB: countingD1(env.DB, d1Counter) }),
    count: () => d1Counter.n,
    reset: () => (d1Counter.n = 0),
  },
  { name: "libSQL over HTTP", env: () => ({ ...libsqlEnv(), ...mail }), count: () => httpCounter.n, reset: () => (httpCounter.n = 0) },
];

type Answer = CallAnswer & { roundTrips: number };

describe.each(engines)("database round trips per request on $name", (engine) => {
  async function send(method: string, path: string, options: { cookie?: string; body?: unknown } = {}): Promise<Answer> {
    engine.reset();
    const answer = await call(method, path, { ...options, env: engine.env() });
    return { ...answer, roundTrips: engine.count() };
  }

  /** Server-Timing's own count, which must agree with what crossed the wire. */
  const timedQueries = (answer: Answer) => Number(/desc="(\d+) quer/.exec(answer.headers.get("Server-Timing") ?? "")?.[1]);

  let cookie = "";
  let password = "";
  let username = "";
  let pharmacyId = 0;
  let medicationId = 0;
  let ownPersonId = 0;
  // A person the account added ("Dad") and a medication of theirs: the pages under /p/:profileId.
  let dadId: number;
  let dadMedicationId: number;
  let userId = 0;

  beforeAll(async () => {
    username = uniqueName("trips");
    password = "correct horse battery";
    const registered = await send("POST", "/api/register", {
      body: { username, password, email: `${username}@example.com`, fullName: "Round Trip", emailConsent: true, healthDataConsent: true },
    });
    expect(registered.status).toBe(201);
    expect(registered.roundTrips).toBeLessThanOrEqual(2);
    cookie = sessionCookie(registered);
    userId = registered.body.id;
    // The link registration mailed (through Postmark here): opening it takes the two round trips
    // of a write, and the test e-mail below needs the confirmed address.
    const link = /confirm-email\?token=[a-z0-9]+/.exec(JSON.stringify(postmarkMessages.at(-1)))![0];
    const confirmed = await send("GET", `/${link}`);
    expect(confirmed.text).toContain("Email confirmed");
    expect(confirmed.roundTrips).toBe(2);
    pharmacyId = (await send("POST", "/api/pharmacies", { cookie, body: { name: "Corner", phoneNumber: "2125550100" } })).body.id;
    const medication = await send("POST", "/api/medications", {
      cookie,
      body: { name: "Metformin", pharmacyId, pillsPerDay: 1, pillsRemaining: 3, pillsPerRefill: 30, lastRefillDate: "" },
    });
    medicationId = medication.body.id;
    ownPersonId = (await send("GET", "/api/profiles", { cookie })).body[0].id;
    dadId = (await send("POST", "/api/profiles", { cookie, body: { name: "Dad" } })).body.id;
    const dadPharmacy = (await send("POST", `/api/profiles/${dadId}/pharmacies`, { cookie, body: { name: "Dad's", phoneNumber: "" } })).body
      .id;
    dadMedicationId = (
      await send("POST", `/api/profiles/${dadId}/medications`, {
        cookie,
        body: { name: "Dadstatin", pharmacyId: dadPharmacy, pillsPerDay: 1, pillsRemaining: 30, pillsPerRefill: 30, lastRefillDate: "" },
      })
    ).body.id;
  });

  const reads: Array<[string, () => string, number]> = [
    ["the dashboard", () => "/", 200],
    ["/add-medication", () => "/add-medication", 200],
    ["/edit-medication/{id}", () => `/edit-medication/${medicationId}`, 200],
    ["/edit-medication/{unknown id}", () => "/edit-medication/999999999", 302],
    ["/medications/{id}", () => `/medications/${medicationId}`, 200],
    ["/medications/{unknown id}", () => "/medications/999999999", 302],
    ["/pharmacies", () => "/pharmacies", 200],
    ["/profile", () => "/profile", 200],
    ["/notifications", () => "/notifications", 200],
    ["/auth while signed in", () => "/auth", 302],
    ["GET /api/user", () => "/api/user", 200],
    ["GET /api/medications", () => "/api/medications", 200],
    ["GET /api/medications/{id}", () => `/api/medications/${medicationId}`, 200],
    ["GET /api/medications/{unknown id}", () => "/api/medications/999999999", 404],
    ["GET /api/medications/{id}/history", () => `/api/medications/${medicationId}/history`, 200],
    ["GET /api/medications/{unknown id}/history", () => "/api/medications/999999999/history", 404],
    ["GET /api/pharmacies", () => "/api/pharmacies", 200],
    ["/medications/print", () => "/medications/print", 200],
    ["GET /api/medications/export.csv", () => "/api/medications/export.csv", 200],
    ["GET /api/calendar-feed", () => "/api/calendar-feed", 200],
    ["GET /api/reminders/recent", () => "/api/reminders/recent", 200],
    ["GET /api/doses", () => "/api/doses", 200],
    ["GET /api/medications/{id}/adherence", () => `/api/medications/${medicationId}/adherence?days=90`, 200],
    ["GET /api/medications/{unknown id}/adherence", () => "/api/medications/999999999/adherence", 404],
    ["GET /api/profiles", () => "/api/profiles", 200],
    ["GET /api/profiles/{own}/medications", () => `/api/profiles/${ownPersonId}/medications`, 200],
    ["GET /api/profiles/{own}/medications/{id}", () => `/api/profiles/${ownPersonId}/medications/${medicationId}`, 200],
    ["GET /api/profiles/{not a member}/medications", () => "/api/profiles/999999999/medications", 404],
    ["GET /api/profiles/{own}/members", () => `/api/profiles/${ownPersonId}/members`, 200],
    ["GET /api/profiles/{own}/membership", () => `/api/profiles/${ownPersonId}/membership`, 200],
    ["GET /api/profiles/{own}/invites", () => `/api/profiles/${ownPersonId}/invites`, 200],
    ["a person's dashboard /p/{dad}/", () => `/p/${dadId}/`, 200],
    ["/p/{dad}/medications/{id}", () => `/p/${dadId}/medications/${dadMedicationId}`, 200],
    ["/p/{dad}/medications/print", () => `/p/${dadId}/medications/print`, 200],
    ["/p/{dad}/pharmacies", () => `/p/${dadId}/pharmacies`, 200],
    ["/p/{dad}/add-medication", () => `/p/${dadId}/add-medication`, 200],
    ["/p/{dad}/edit-medication/{id}", () => `/p/${dadId}/edit-medication/${dadMedicationId}`, 200],
    ["/p/{not a member}/", () => "/p/999999999/", 404],
    ["GET /api/activity", () => "/api/activity", 200],
    ["GET /api/profiles/{own}/activity", () => `/api/profiles/${ownPersonId}/activity`, 200],
    ["GET /api/profiles/{dad}/calendar-feed", () => `/api/profiles/${dadId}/calendar-feed`, 200],
    ["/invites/{unknown token}", () => `/invites/${"a".repeat(52)}`, 404],
    ["/people", () => "/people", 200],
    ["/p/{own}/people", () => `/p/${ownPersonId}/people`, 200],
    ["/p/{not a member}/people", () => "/p/999999999/people", 404],
    ["GET /api/doses for a week", () => `/api/doses?from=2026-01-01&to=2026-01-07`, 200],
    // Two days before the UTC date: a day every zone can still log.
    ["/doses/confirm", () => `/doses/confirm?date=${new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10)}&at=08:00`, 200],
    [
      "/p/{dad}/doses/confirm",
      () => `/p/${dadId}/doses/confirm?date=${new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10)}&at=08:00`,
      200,
    ],
    ["GET /api/user/sessions", () => "/api/user/sessions", 200],
    ["GET /api/user/export", () => "/api/user/export", 200],
  ];

  it.each(reads)("%s: one round trip", async (_, path, status) => {
    const answer = await send("GET", path(), { cookie });
    expect(answer.status).toBe(status);
    expect(answer.roundTrips).toBe(1);
    expect(timedQueries(answer)).toBe(answer.roundTrips);
  });

  it("a new account's dashboard, its first-run checklist read with the page: one round trip", async () => {
    const name = uniqueName("trips");
    const registered = await send("POST", "/api/register", {
      body: { username: name, password, email: `${name}@example.com`, fullName: "New", emailConsent: true, healthDataConsent: true },
    });
    const answer = await send("GET", "/", { cookie: sessionCookie(registered) });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('id="first-run-heading"');
    expect(answer.roundTrips).toBe(1);
    expect(timedQueries(answer)).toBe(1);
  });

  const writes: Array<[string, string, () => string, () => unknown, number]> = [
    [
      "add a medication",
      "POST",
      () => "/api/medications",
      () => ({ name: uniqueName("Med"), pharmacyId, pillsPerDay: 1, pillsRemaining: 30, pillsPerRefill: 30, lastRefillDate: "" }),
      201,
    ],
    [
      "edit a medication",
      "PATCH",
      () => `/api/medications/${medicationId}`,
      () => ({ name: "Metformin", pharmacyId, pillsPerDay: 1, pillsRemaining: 3, pillsPerRefill: 30, lastRefillDate: "" }),
      200,
    ],
    [
      "edit an unknown medication",
      "PATCH",
      () => "/api/medications/999999999",
      () => ({ name: "x", pharmacyId, pillsPerDay: 1, pillsRemaining: 3, pillsPerRefill: 30, lastRefillDate: "" }),
      404,
    ],
    [
      "edit with another user's pharmacy",
      "PATCH",
      () => `/api/medications/${medicationId}`,
      () => ({ name: "x", pharmacyId: 999999999, pillsPerDay: 1, pillsRemaining: 3, pillsPerRefill: 30, lastRefillDate: "" }),
      400,
    ],
    ["refill", "POST", () => "/api/medications/refill", () => ({ medicationId, pillsToAdd: 1 }), 200],
    ["undo the refill", "POST", () => `/api/medications/${medicationId}/undo-refill`, () => ({}), 200],
    ["undo again: nothing to undo", "POST", () => `/api/medications/${medicationId}/undo-refill`, () => ({}), 409],
    [
      "a back-dated refill",
      "POST",
      () => "/api/medications/refill",
      () => ({ medicationId, pillsToAdd: 1, refilledOn: new Date().toISOString().slice(0, 10) }),
      200,
    ],
    [
      "pause a medication",
      "PUT",
      () => `/api/medications/${medicationId}/pause`,
      () => ({ pausedFrom: new Date().toISOString().slice(0, 10), pausedUntil: null }),
      200,
    ],
    ["resume it", "DELETE", () => `/api/medications/${medicationId}/pause`, () => undefined, 200],
    [
      "pause an unknown medication",
      "PUT",
      () => "/api/medications/999999999/pause",
      () => ({ pausedFrom: new Date().toISOString().slice(0, 10), pausedUntil: null }),
      404,
    ],
    [
      "log a dose taken",
      "POST",
      () => "/api/doses",
      () => ({ doses: [{ clientId: "rt-taken", medicationId, date: new Date().toISOString().slice(0, 10), at: null, status: "taken" }] }),
      200,
    ],
    [
      "log an extra use",
      "POST",
      () => "/api/doses",
      () => ({ doses: [{ clientId: "rt-extra", medicationId, kind: "extra", amount: 1 }] }),
      200,
    ],
    ["undo an unknown dose log", "DELETE", () => "/api/doses/999999999", () => undefined, 404],
    ["refill an unknown medication", "POST", () => "/api/medications/refill", () => ({ medicationId: 999999999, pillsToAdd: 1 }), 404],
    ["add a pharmacy", "POST", () => "/api/pharmacies", () => ({ name: uniqueName("Pharmacy"), phoneNumber: "2125550100" }), 201],
    ["edit a pharmacy", "PATCH", () => `/api/pharmacies/${pharmacyId}`, () => ({ name: "Corner", phoneNumber: "(212) 555-0101" }), 200],
    ["delete a pharmacy in use", "DELETE", () => `/api/pharmacies/${pharmacyId}`, () => undefined, 409],
    ["merge a pharmacy into itself", "POST", () => `/api/pharmacies/${pharmacyId}/merge`, () => ({ intoId: pharmacyId }), 400],
    ["merge into another user's pharmacy", "POST", () => `/api/pharmacies/${pharmacyId}/merge`, () => ({ intoId: 999999999 }), 404],
    ["delete an unknown medication", "DELETE", () => "/api/medications/999999999", () => undefined, 404],
    ["save one's own membership settings", "PATCH", () => `/api/profiles/${ownPersonId}/membership`, () => ({ remindMe: true }), 200],
    ["change the owner's own role", "PATCH", () => `/api/profiles/${ownPersonId}/members/${userId}`, () => ({ role: "viewer" }), 403],
    ["remove an unknown member", "DELETE", () => `/api/profiles/${ownPersonId}/members/999999999`, () => undefined, 404],
    ["save the profile", "PATCH", () => "/api/profile", () => ({ fullName: "Round Trip", email: `${username}@example.com` }), 200],
    ["take the browser's time zone", "PUT", () => "/api/user/timezone", () => ({ timezone: "Europe/Paris" }), 200],
    [
      "save notification settings",
      "PATCH",
      () => "/api/notifications/settings",
      () => ({ notificationDays: 7, emailConsent: true, timezone: "Europe/Paris", notificationHour: 9 }),
      200,
    ],
    ["send the test e-mail", "POST", () => "/api/test-email-notification", () => undefined, 200],
    ["add a push device", "POST", () => "/api/push/subscriptions", () => device.subscription, 201],
    ["send a test notification", "POST", () => "/api/test-push-notification", () => undefined, 200],
    ["remove an unknown push device", "DELETE", () => "/api/push/subscriptions/999999999", () => undefined, 404],
    ["turn the calendar feed on", "POST", () => "/api/calendar-feed", () => undefined, 201],
    ["turn the calendar feed off", "DELETE", () => "/api/calendar-feed", () => undefined, 204],
    ["turn Dad's calendar feed on", "POST", () => `/api/profiles/${dadId}/calendar-feed`, () => undefined, 201],
    ["turn Dad's calendar feed off", "DELETE", () => `/api/profiles/${dadId}/calendar-feed`, () => undefined, 204],
    [
      "ask for a new e-mail address",
      "PATCH",
      () => "/api/profile",
      () => ({ fullName: "Round Trip", email: `${username}.new@example.com`, currentPassword: password }),
      200,
    ],
    [
      "a wrong current password",
      "PATCH",
      () => "/api/profile",
      () => ({ fullName: "Round Trip", email: `${username}.new@example.com`, currentPassword: "not it" }),
      400,
    ],
    [
      "a new address without the current password",
      "PATCH",
      () => "/api/profile",
      () => ({ fullName: "Round Trip", email: `${username}.new@example.com` }),
      400,
    ],
    ["resend the confirmation link", "POST", () => "/api/confirm-email/resend", () => undefined, 200],
    [
      "change the password to the same one",
      "PUT",
      () => "/api/user/password",
      () => ({ currentPassword: password, newPassword: password, confirmPassword: password }),
      400,
    ],
    [
      "change the password",
      "PUT",
      () => "/api/user/password",
      () => ({ currentPassword: password, newPassword: "a brand new secret", confirmPassword: "a brand new secret" }),
      200,
    ],
    [
      "change it back",
      "PUT",
      () => "/api/user/password",
      () => ({ currentPassword: "a brand new secret", newPassword: password, confirmPassword: password }),
      200,
    ],
    [
      "change the password with a wrong current one",
      "PUT",
      () => "/api/user/password",
      () => ({ currentPassword: "not it", newPassword: password, confirmPassword: password }),
      400,
    ],
    [
      "invite a caregiver",
      "POST",
      () => `/api/profiles/${ownPersonId}/invites`,
      () => ({ email: `${uniqueName("invitee")}@example.com`, role: "viewer" }),
      201,
    ],
    ["withdraw an unknown invitation", "DELETE", () => `/api/profiles/${ownPersonId}/invites/999999999`, () => undefined, 404],
    ["accept an unknown invitation", "POST", () => "/api/invites/accept", () => ({ token: "a".repeat(52) }), 404],
    ["sign out everywhere else", "DELETE", () => "/api/user/sessions", () => undefined, 200],
    ["delete the account with a wrong password", "DELETE", () => "/api/user", () => ({ currentPassword: "not it" }), 400],
  ];

  it.each(writes)("%s: at most two round trips", async (_, method, path, body, status) => {
    const answer = await send(method, path(), { cookie, body: body() });
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.roundTrips).toBeGreaterThanOrEqual(1);
    expect(answer.roundTrips).toBeLessThanOrEqual(2);
    expect(timedQueries(answer)).toBe(answer.roundTrips);
  });

  it("a member's role change, removal and leaving: the session, then one batch each", async () => {
    const joined = async () => {
      const name = uniqueName("member");
      const registered = await send("POST", "/api/register", {
        body: { username: name, password, email: `${name}@example.com`, fullName: "Member", emailConsent: true, healthDataConsent: true },
      });
      const values = { personId: ownPersonId, userId: registered.body.id as number, role: "helper" as const, createdAt: Date.now() };
      await createDb(engine.env()).insert(memberships).values(values);
      return { id: values.userId, cookie: sessionCookie(registered) };
    };
    const member = await joined();
    const changed = await send("PATCH", `/api/profiles/${ownPersonId}/members/${member.id}`, { cookie, body: { role: "manager" } });
    const removed = await send("DELETE", `/api/profiles/${ownPersonId}/members/${member.id}`, { cookie });
    const leaver = await joined();
    const left = await send("DELETE", `/api/profiles/${ownPersonId}/members/${leaver.id}`, { cookie: leaver.cookie });
    for (const [answer, status] of [
      [changed, 200],
      [removed, 204],
      [left, 204],
    ] as const) {
      expect(answer.status, answer.text).toBe(status);
      expect(answer.roundTrips).toBe(2);
      expect(timedQueries(answer)).toBe(2);
    }
  });

  it("merging a pharmacy with its medications into another: the session, then one batch", async () => {
    const from = (await send("POST", "/api/pharmacies", { cookie, body: { name: uniqueName("Merged"), phoneNumber: "" } })).body.id;
    const into = (await send("POST", "/api/pharmacies", { cookie, body: { name: uniqueName("Kept"), phoneNumber: "" } })).body.id;
    for (const name of ["A", "B"])
      await send("POST", "/api/medications", {
        cookie,
        body: { name, pharmacyId: from, pillsPerDay: 1, pillsRemaining: 30, pillsPerRefill: 30 },
      });
    const answer = await send("POST", `/api/pharmacies/${from}/merge`, { cookie, body: { intoId: into } });
    expect([answer.status, answer.body]).toEqual([200, { moved: 2 }]);
    expect(answer.roundTrips).toBe(2);
    expect(timedQueries(answer)).toBe(2);
  });

  it("a test notification that finds a device gone drops it within the same two round trips", async () => {
    expect((await send("POST", "/api/push/subscriptions", { cookie, body: goneDevice.subscription })).status).toBe(201);
    goneDeviceHits.n = 0;
    const first = await send("POST", "/api/test-push-notification", { cookie });
    expect([first.status, first.body.sent, goneDeviceHits.n]).toEqual([200, 1, 1]);
    expect(first.roundTrips).toBe(2);
    expect(timedQueries(first)).toBe(2);
    // Dropped: the next test notification does not try it again.
    const second = await send("POST", "/api/test-push-notification", { cookie });
    expect([second.status, goneDeviceHits.n]).toEqual([200, 1]);
  });

  it("a CSV import (preview and write) takes at most two round trips, a calendar feed fetch one", async () => {
    const file = "name,pills_per_day,pills_remaining,pills_per_refill,pharmacy,pharmacy_phone\r\nImported,1,30,30,Corner,2125550100\r\n";
    for (const query of ["?dryRun=1", ""]) {
      engine.reset();
      const answer = await call("POST", `/api/medications/import${query}`, {
        cookie,
        rawBody: file,
        contentType: "text/csv",
        env: engine.env(),
      });
      expect(answer.status, answer.text).toBe(query ? 200 : 201);
      const roundTrips = engine.count();
      expect(roundTrips).toBeGreaterThanOrEqual(1);
      expect(roundTrips).toBeLessThanOrEqual(2);
      expect(timedQueries({ ...answer, roundTrips })).toBe(roundTrips);
    }
    const { url } = (await send("POST", "/api/calendar-feed", { cookie })).body;
    const feed = await send("GET", new URL(url).pathname);
    expect([feed.status, feed.roundTrips]).toEqual([200, 1]);
    // A feed of another person (membership, person and owner's zone in the same read): one too.
    const dadFeed = (await send("POST", `/api/profiles/${dadId}/calendar-feed`, { cookie })).body.url;
    const fetched = await send("GET", new URL(dadFeed).pathname);
    expect([fetched.status, fetched.roundTrips, fetched.text.includes("SUMMARY:Dad: ")]).toEqual([200, 1, true]);
  });

  it("the consent screen: one round trip to show (or send on), two to record the consent", async () => {
    const shown = await send("GET", "/consent?next=%2Fpharmacies", { cookie });
    expect([shown.status, shown.roundTrips, timedQueries(shown)]).toEqual([302, 1, 1]);
    engine.reset();
    const agreed = await call("POST", "/consent", {
      cookie,
      rawBody: "healthDataConsent=on&next=%2Fpharmacies",
      contentType: "application/x-www-form-urlencoded",
      env: engine.env(),
    });
    expect([agreed.status, engine.count(), timedQueries({ ...agreed, roundTrips: engine.count() })]).toEqual([303, 2, 2]);
  });

  it("an invitation: its page one round trip, accepting it (form or API) two", async () => {
    const invited = async () => {
      const sent = await send("POST", `/api/profiles/${ownPersonId}/invites`, {
        cookie,
        body: { email: `${username}@example.com`, role: "viewer" },
      });
      expect(sent.status).toBe(201);
      return /\/invites\/([a-z2-7]{52})/.exec(JSON.stringify(postmarkMessages.at(-1)))![1]!;
    };
    const token = await invited();
    const page = await send("GET", `/invites/${token}`, { cookie });
    expect([page.status, page.roundTrips, timedQueries(page)]).toEqual([200, 1, 1]);
    engine.reset();
    const form = await call("POST", `/invites/${token}`, {
      cookie,
      rawBody: "",
      contentType: "application/x-www-form-urlencoded",
      env: engine.env(),
    });
    expect([form.status, engine.count(), timedQueries({ ...form, roundTrips: engine.count() })]).toEqual([200, 2, 2]);
    const api = await send("POST", "/api/invites/accept", { cookie, body: { token: await invited() } });
    expect([api.status, api.roundTrips, timedQueries(api)]).toEqual([200, 2, 2]);
  });

  it("the privacy, terms, support and offline pages read nothing, signed in or not", async () => {
    for (const path of ["/privacy", "/terms", "/support", "/offline?lang=es"]) {
      for (const options of [{ cookie }, {}]) {
        const page = await send("GET", path, options);
        expect([path, page.status, page.roundTrips]).toEqual([path, 200, 0]);
      }
    }
  });

  it("the test e-mail went to Postmark, not to a database outbox", () => {
    expect(postmarkMessages.length).toBeGreaterThan(0);
  });

  it("merging a pharmacy with its medications into another takes two round trips", async () => {
    const from = await send("POST", "/api/pharmacies", { cookie, body: { name: uniqueName("Merged"), phoneNumber: "" } });
    const into = await send("POST", "/api/pharmacies", { cookie, body: { name: uniqueName("Kept"), phoneNumber: "" } });
    for (const name of ["One", "Two"]) {
      await send("POST", "/api/medications", {
        cookie,
        body: { name, pharmacyId: from.body.id, pillsPerDay: 1, pillsRemaining: 3, pillsPerRefill: 30, lastRefillDate: "" },
      });
    }
    const merged = await send("POST", `/api/pharmacies/${from.body.id}/merge`, { cookie, body: { intoId: into.body.id } });
    expect([merged.status, merged.body, merged.roundTrips]).toEqual([200, { moved: 2 }, 2]);
    expect(timedQueries(merged)).toBe(2);
  });

  it("deletes with one round trip each: a medication, then its now unused pharmacy", async () => {
    const pharmacy = await send("POST", "/api/pharmacies", { cookie, body: { name: uniqueName("Spare"), phoneNumber: "" } });
    const medication = await send("POST", "/api/medications", {
      cookie,
      body: { name: "Spare", pharmacyId: pharmacy.body.id, pillsPerDay: 1, pillsRemaining: 3, pillsPerRefill: 30, lastRefillDate: "" },
    });
    const deleted = await send("DELETE", `/api/medications/${medication.body.id}`, { cookie });
    expect([deleted.status, deleted.roundTrips]).toEqual([204, 2]);
    const unused = await send("DELETE", `/api/pharmacies/${pharmacy.body.id}`, { cookie });
    expect([unused.status, unused.roundTrips]).toEqual([204, 2]);
  });

  it("deleting an account takes two round trips", async () => {
    const name = uniqueName("leaving");
    const registered = await send("POST", "/api/register", {
      body: { username: name, password, email: `${name}@example.com`, fullName: "Leaving", emailConsent: true, healthDataConsent: true },
    });
    const deleted = await send("DELETE", "/api/user", { cookie: sessionCookie(registered), body: { currentPassword: password } });
    expect([deleted.status, deleted.roundTrips]).toEqual([200, 2]);
    expect(timedQueries(deleted)).toBe(2);
  });

  it("sign-in: a wrong password takes one round trip, the right one two", async () => {
    const wrong = await send("POST", "/api/login", { body: { username, password: "not the password" } });
    expect([wrong.status, wrong.roundTrips]).toEqual([401, 1]);
    const right = await send("POST", "/api/login", { body: { username, password } });
    expect([right.status, right.roundTrips]).toEqual([200, 2]);
    expect(timedQueries(right)).toBe(2);
  });

  it("signing out one device takes two round trips; signing in over an old session still two", async () => {
    const laptop = await send("POST", "/api/login", { body: { username, password } });
    const again = await send("POST", "/api/login", { cookie: sessionCookie(laptop), body: { username, password } });
    expect([again.status, again.roundTrips]).toEqual([200, 2]);
    const { sessions: devices } = (await send("GET", "/api/user/sessions", { cookie })).body as {
      sessions: Array<{ id: string; current: boolean }>;
    };
    const other = devices.find((device) => !device.current)!;
    const ended = await send("DELETE", `/api/user/sessions/${other.id}`, { cookie });
    expect([ended.status, ended.roundTrips]).toEqual([200, 2]);
    const unknown = await send("DELETE", `/api/user/sessions/${other.id}`, { cookie });
    expect([unknown.status, unknown.roundTrips]).toEqual([404, 1]);
  });

  it("sign-out takes one round trip", async () => {
    const login = await send("POST", "/api/login", { body: { username, password } });
    const answer = await send("POST", "/api/logout", { cookie: sessionCookie(login) });
    expect([answer.status, answer.roundTrips]).toEqual([200, 1]);
  });

  it("a session not seen for an hour adds the one last-seen write", async () => {
    const login = await send("POST", "/api/login", { body: { username, password } });
    const loginCookie = sessionCookie(login);
    const { hashToken } = await import("../src/auth/session");
    const id = await hashToken(loginCookie.slice(loginCookie.indexOf("=") + 1));
    await createDb(engine.env())
      .update(sessions)
      .set({ lastSeenAt: Date.now() - 2 * 3_600_000 })
      .where(eq(sessions.id, id));
    const first = await send("GET", "/api/medications", { cookie: loginCookie });
    expect([first.status, first.roundTrips]).toEqual([200, 2]);
    const next = await send("GET", "/api/medications", { cookie: loginCookie });
    expect(next.roundTrips).toBe(1);
  });
});

afterEach(() => {
  d1Counter.n = 0;
  httpCounter.n = 0;
});
