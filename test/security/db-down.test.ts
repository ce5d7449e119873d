import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { createDb } from "../../src/db/client";
import { users } from "../../src/db/schema";
import { describeError } from "../../src/http/errors";
import { errorSummary } from "../../src/log/error-summary";
import { type Account, call, db, medicationInput, resetTokenFrom, sessionRows, signUp, uniqueIp, uniqueName } from "../helpers";
import { changesState, expectJsonMessage, expectNoInternals, isApi, routes } from "./surface";

const UNAVAILABLE_MESSAGE = "Service temporarily unavailable. Please try again.";

// A real outage, not a mock: with TURSO_DATABASE_URL set, createDb uses the libSQL client, which
// here tries to reach a port nothing listens on (connection refused inside workerd).
const down = { ...env, TURSO_DATABASE_URL: "http://127.0.0.1:9", TURSO_AUTH_TOKEN: "token" };
const ANY_SESSION = "session=abcdefghijklmnopqrstuvwxyz234567abcdefghijklmnopqrst";

/** A valid body for each route, so the request reaches the database rather than stopping at validation. */
function validBody(pattern: string): unknown {
  const username = uniqueName("down");
  switch (pattern) {
    case "/api/register":
      return {
        username,
        password: "correct horse battery",
        email: `${username}@example.com`,
        fullName: "Down",
        emailConsent: true,
        healthDataConsent: true,
      };
    case "/api/login":
      return { username, password: "correct horse battery" };
    case "/api/forgot-password":
      return { email: `${username}@example.com` };
    case "/api/reset-password":
      return { token: "a".repeat(52), password: "correct horse battery", confirmPassword: "correct horse battery" };
    case "/api/medications":
    case "/api/medications/:id":
      return medicationInput(1);
    case "/api/medications/refill":
      return { medicationId: 1, pillsToAdd: 30 };
    case "/api/pharmacies":
    case "/api/pharmacies/:id":
      return { name: "Pharmacy", phoneNumber: "2125551234" };
    case "/api/profile":
      return { fullName: "Down", email: "down@example.com" };
    case "/api/notifications/settings":
      return { notificationDays: 7, emailConsent: true, timezone: "UTC", notificationHour: 9 };
    default:
      return undefined;
  }
}

let logged: string[] = [];
beforeAll(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args.map(String).join(" "));
  });
});
afterEach(() => {
  logged = [];
});

describe("the database unreachable", () => {
  it.each(routes(isApi).map((r) => [`${r.method} ${r.pattern}`, r] as const))(
    "%s (signed in) → 503 with a clear message",
    async (_, route) => {
      const res = await call(route.method, route.path, {
        env: down,
        cookie: ANY_SESSION,
        body: changesState(route) ? validBody(route.pattern) : undefined,
        ip: uniqueIp(),
      });
      expectJsonMessage(res, 503);
      expect(res.body).toEqual({ message: UNAVAILABLE_MESSAGE, code: "error_unavailable" });
      expect(res.headers.get("Cache-Control")).toBe("no-store");
    },
  );

  it.each(["/api/register", "/api/login", "/api/forgot-password", "/api/reset-password"])(
    "POST %s (signed out) → 503 with a clear message",
    async (path) => {
      const res = await call("POST", path, { env: down, body: validBody(path), ip: uniqueIp() });
      expectJsonMessage(res, 503);
      expect(res.body).toEqual({ message: UNAVAILABLE_MESSAGE, code: "error_unavailable" });
    },
  );

  // Pages that never read the session or data (they serve visitors and users alike).
  // /p/1 only redirects to /p/1/ (checked below), which reads.
  const NEEDS_NO_DATA = ["/forgot-password", "/reset-password", "/unsubscribe", "/privacy", "/terms", "/support", "/offline", "/p/1"];
  // The calendar feed reads only for a well-formed secret ("1" is a 404 without a query).
  const feedPath = (path: string) => (path === "/calendar/1" ? `/calendar/${"a".repeat(52)}.ics` : path);
  // The web manifests read nothing either: the app's name in each language, from the catalogs.
  const dataPages = routes((r) => r.method === "GET" && !isApi(r) && !r.path.startsWith("/dev/") && !r.pattern.includes(".webmanifest"))
    .map((r) => feedPath(r.path))
    .filter((path) => !NEEDS_NO_DATA.includes(path));

  it("the pages that read the session are all checked below", () => {
    expect(dataPages).toEqual(
      expect.arrayContaining(["/", "/auth", "/profile", "/notifications", "/pharmacies", "/add-medication", "/edit-medication/1"]),
    );
  });

  it.each(dataPages)("page %s (signed in) → a friendly 503 page", async (path) => {
    const page = await call("GET", path, { env: down, cookie: ANY_SESSION });
    expect(page.status).toBe(503);
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(page.text).toMatch(/<html lang="en" dir="ltr">/);
    expect(page.text).toContain("We&#x27;ll be right back");
    expect(page.text).toContain("Nothing you saved is lost");
    expect(page.headers.get("Content-Security-Policy")).toMatch(/script-src 'self' 'nonce-/);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expectNoInternals(page);
  });

  it("pages that need no data still render, for visitors and signed-in users alike", async () => {
    for (const path of ["/auth", "/forgot-password", "/reset-password?token=x", "/privacy", "/terms", "/support", "/offline"]) {
      expect((await call("GET", path, { env: down })).status, path).toBe(200);
    }
    for (const path of ["/forgot-password", "/reset-password?token=x", "/privacy", "/terms", "/support"]) {
      expect((await call("GET", path, { env: down, cookie: ANY_SESSION })).status, path).toBe(200);
    }
    const redirect = await call("GET", "/p/1", { env: down, cookie: ANY_SESSION });
    expect([redirect.status, redirect.headers.get("Location")]).toEqual([301, "/p/1/"]);
    // An unsigned unsubscribe link is refused before any query: a clear 400, not a 503.
    expect((await call("GET", "/unsubscribe", { env: down, cookie: ANY_SESSION })).status).toBe(400);
  });

  it("logs one line per failure, without the values bound to the query (no passwords, e-mails, tokens)", async () => {
    const username = uniqueName("secretname");
    const res = await call("POST", "/api/login", { env: down, body: { username, password: "my secret passphrase" }, ip: "198.51.100.77" });
    expect(res.status).toBe(503);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^POST \/api\/login failed: /);
    expect(logged[0]).toContain("Network connection lost");
    expect(logged[0]).not.toContain(username);
    expect(logged[0]).not.toContain("198.51.100.77");
    expect(logged[0]).not.toContain("my secret passphrase");
    expect(logged[0]).not.toMatch(/params:/);
  });

  it("logs a failed calendar feed's path without its secret (the URL is the credential)", async () => {
    const secret = "k".repeat(52);
    const res = await call("GET", `/calendar/${secret}.ics`, { env: down });
    expect(res.status).toBe(503);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^GET \/calendar\/\[token\]\.ics failed: /);
    expect(logged[0]).not.toContain(secret);
  });
});

describe("nothing half-written", () => {
  let account: Account;
  beforeAll(async () => {
    account = await signUp();
  });

  it("a password reset whose batch fails midway changes nothing: sessions, password and token survive", async () => {
    // A real fault inside the database: the UPDATE of this user's password aborts, after the
    // DELETE of their sessions ran in the same batch.
    const trigger = `fail_password_update_${account.id}`;
    await call("POST", "/api/login", { body: { username: account.username, password: account.password }, ip: uniqueIp() });
    expect(await sessionRows(account.id)).toHaveLength(2);
    await call("POST", "/api/forgot-password", { body: { email: account.email }, ip: uniqueIp() });
    const token = await resetTokenFrom(account.email);

    await env.DB.exec(
      `CREATE TRIGGER ${trigger} BEFORE UPDATE OF password_hash ON users WHEN OLD.id = ${account.id} BEGIN SELECT RAISE(ABORT, 'injected fault'); END;`,
    );
    try {
      const res = await call("POST", "/api/reset-password", {
        body: { token, password: "brand new passphrase", confirmPassword: "brand new passphrase" },
      });
      expect(res.status).toBeGreaterThanOrEqual(409);
      expectJsonMessage(res, res.status);
      expect(await sessionRows(account.id)).toHaveLength(2);
    } finally {
      await env.DB.exec(`DROP TRIGGER IF EXISTS ${trigger};`);
    }
    expect((await call("GET", "/api/user", { cookie: account.cookie })).status).toBe(200);
    // The token was not used up: the reset can be completed once the fault is gone.
    const retry = await call("POST", "/api/reset-password", {
      body: { token, password: "brand new passphrase", confirmPassword: "brand new passphrase" },
    });
    expect(retry.status).toBe(200);
    expect(await sessionRows(account.id)).toHaveLength(0);
  });
});

describe("registration is all or nothing", () => {
  it("a fault while creating the first session leaves no account behind, and no cookie", async () => {
    const username = uniqueName("atomic");
    const trigger = `fail_session_${username}`;
    await env.DB.exec(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON sessions WHEN NEW.user_id IN (SELECT id FROM users WHERE username = '${username}') BEGIN SELECT RAISE(ABORT, 'injected fault'); END;`,
    );
    const body = {
      username,
      password: "correct horse battery",
      email: `${username}@example.com`,
      fullName: "Atomic",
      emailConsent: true,
      healthDataConsent: true,
    };
    try {
      const res = await call("POST", "/api/register", { body });
      expect(res.status).toBeGreaterThanOrEqual(409);
      expectJsonMessage(res, res.status);
      expect(res.headers.get("Set-Cookie")).toBeNull();
      expect(await db().select().from(users).where(eq(users.username, username))).toHaveLength(0);
    } finally {
      await env.DB.exec(`DROP TRIGGER IF EXISTS ${trigger};`);
    }
    // Nothing was left to collide with: the same registration now succeeds.
    expect((await call("POST", "/api/register", { body })).status).toBe(201);
  });
});

describe("describeError on real driver errors", () => {
  const failure = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (err) {
      return err;
    }
    throw new Error("expected the query to fail");
  };

  it("libSQL unreachable, single query and batch → 503", async () => {
    const turso = createDb(down);
    for (const err of [
      await failure(() => turso.select().from(users).limit(1)),
      await failure(() => turso.batch([turso.select().from(users).limit(1), turso.select().from(users).limit(1)])),
    ]) {
      expect(describeError(err)).toEqual({ status: 503, message: UNAVAILABLE_MESSAGE, code: "error_unavailable" });
    }
  });

  it("a D1 constraint violation (a lost race) → 409", async () => {
    const { username } = await signUp();
    const err = await failure(() =>
      db().insert(users).values({
        username,
        usernameKey: username.toLowerCase(),
        passwordHash: "x",
        email: "x@example.com",
        nextNotificationAt: 0,
        createdAt: 0,
      }),
    );
    expect(describeError(err).status).toBe(409);
    expect(errorSummary(err)).not.toContain("x@example.com");
  });

  it("a query the schema cannot run is a bug (500), not an outage", async () => {
    const err = await failure(() => env.DB.prepare("SELECT * FROM no_such_table").all());
    expect(describeError(err).status).toBe(500);
  });

  it("an unknown error → 500 with the generic message", () => {
    expect(describeError(new TypeError("x is undefined"))).toEqual({
      status: 500,
      message: "Something went wrong. Please try again later.",
      code: "error_unexpected",
    });
  });
});
