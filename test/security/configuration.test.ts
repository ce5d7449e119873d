import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { call, signUp } from "../helpers";
import { consume, mockPostmark, tick } from "../reminders-fixtures";
import { libsqlHttpUrl } from "../support/libsql-http";

// Outside `npm run dev` and the tests (APP_ENV unset), missing or weak settings close the Worker:
// every request answers 503 and one log line names the setting, never its value.

const SECRET = "a-production-secret-of-forty-characters!";
const TURSO_TOKEN = "turso-production-token";
const { APP_ENV: _local, ...deployed } = env;
// Turso is the test pool's Hrana server (libSQL over HTTP), as production reaches Turso.
const production = {
  ...deployed,
  TURSO_DATABASE_URL: libsqlHttpUrl(),
  TURSO_AUTH_TOKEN: TURSO_TOKEN,
  POSTMARK_SERVER_TOKEN: "pm-production-token",
  APP_SECRET: SECRET,
  APP_URL: "https://refills.example.com",
  MAIL_FROM: "Refill Tracker <reminders@refills.example.com>",
} as Cloudflare.Env;
const base = "https://refills.example.com";

let errors: MockInstance<typeof console.error>;
afterEach(() => errors?.mockRestore());
const logged = () => errors.mock.calls.map((args) => args.map(String).join(" ")).join("\n");

describe("production configuration", () => {
  it("fully configured: pages and the API answer", async () => {
    expect((await call("GET", "/auth", { env: production, base })).status).toBe(200);
    expect((await call("GET", "/api/user", { env: production, base })).status).toBe(401);
  });

  it.each([
    ["POSTMARK_SERVER_TOKEN", { POSTMARK_SERVER_TOKEN: undefined }, "pm-production-token"],
    ["APP_SECRET", { APP_SECRET: undefined }, SECRET],
    ["APP_SECRET", { APP_SECRET: "short-secret" }, "short-secret"],
    ["APP_URL", { APP_URL: undefined }, "refills.example.com"],
    ["APP_URL", { APP_URL: "http://refills.example.com" }, "http://refills.example.com"],
    ["MAIL_FROM", { MAIL_FROM: "Refill Tracker <reminders@localhost>" }, "reminders@localhost"],
    ["MAIL_FROM", { MAIL_FROM: undefined }, "reminders@"],
    ["TURSO_DATABASE_URL", { TURSO_DATABASE_URL: undefined }, TURSO_TOKEN],
    ["TURSO_DATABASE_URL", { TURSO_DATABASE_URL: "" }, TURSO_TOKEN],
    ["TURSO_AUTH_TOKEN", { TURSO_AUTH_TOKEN: undefined }, "127.0.0.1"],
  ])("%s missing or weak (%j): every request 503, the log names it without its value", async (setting, change, value) => {
    errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const bindings = { ...production, ...change } as Cloudflare.Env;
    const page = await call("GET", "/auth", { env: bindings, base });
    expect([page.status, page.text]).toEqual([503, "Service is not configured"]);
    const api = await call("POST", "/api/login", { env: bindings, base, body: { username: "pat", password: "a long password" } });
    expect([api.status, api.body]).toEqual([503, { message: "Service is not configured", code: "error_not_configured" }]);
    expect(logged()).toContain(setting);
    expect(logged()).not.toContain(value);
    for (const other of ["pm-production-token", SECRET, TURSO_TOKEN]) expect(logged()).not.toContain(other);
  });

  it("push is optional: off without keys; with PUSH_NOTIFICATIONS=on a missing or malformed pair closes the Worker, naming it without its value", async () => {
    // Off (no PUSH_NOTIFICATIONS): no keys needed, and the page offers no push.
    expect((await call("GET", "/auth", { env: production, base })).status).toBe(200);
    const { pushKeys } = await import("../push-fixtures");
    const on = { ...production, PUSH_NOTIFICATIONS: "on", ...pushKeys } as Cloudflare.Env;
    expect((await call("GET", "/auth", { env: on, base })).status).toBe(200);
    for (const [setting, change, value] of [
      ["VAPID_PRIVATE_KEY", { VAPID_PRIVATE_KEY: undefined }, pushKeys.VAPID_PUBLIC_KEY],
      ["VAPID_PUBLIC_KEY", { VAPID_PUBLIC_KEY: "not-a-key" }, pushKeys.VAPID_PRIVATE_KEY],
      ["VAPID_PRIVATE_KEY", { VAPID_PRIVATE_KEY: "c2hvcnQ" }, "c2hvcnQ"],
    ] as const) {
      errors = vi.spyOn(console, "error").mockImplementation(() => {});
      const page = await call("GET", "/auth", { env: { ...on, ...change } as Cloudflare.Env, base });
      expect([page.status, page.text]).toEqual([503, "Service is not configured"]);
      expect(logged()).toContain(setting);
      expect(logged()).not.toContain(value);
      errors.mockRestore();
    }
  });

  it("the hourly job sends nothing when misconfigured, and says why", async () => {
    errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const postmark = mockPostmark();
    try {
      await tick("2021-09-01T09:00:00Z", { ...production, APP_SECRET: undefined } as Cloudflare.Env);
      expect(postmark.calls).toHaveLength(0);
      expect(logged()).toMatch(/\[config\] reminder tick refused: APP_SECRET/);
    } finally {
      postmark.restore();
    }
  });

  it("without Turso settings a production Worker does not serve from the local D1 binding: login, the hourly job and the queue refuse", async () => {
    errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const account = await signUp();
    const postmark = mockPostmark();
    try {
      for (const missing of ["TURSO_DATABASE_URL", "TURSO_AUTH_TOKEN"]) {
        const bindings = { ...production, [missing]: undefined } as Cloudflare.Env;
        const login = await call("POST", "/api/login", {
          env: bindings,
          base,
          body: { username: account.username, password: account.password },
        });
        expect([login.status, login.body], missing).toEqual([503, { message: "Service is not configured", code: "error_not_configured" }]);
        expect(login.headers.get("Set-Cookie")).toBeNull();
        await tick("2021-09-01T09:00:00Z", bindings);
        expect(logged()).toMatch(new RegExp(`\\[config\\] reminder tick refused: ${missing}`));
        const { result } = await consume([{ scheduledTime: Date.parse("2021-09-01T09:00:00Z"), userIds: [account.id] }], bindings);
        expect(result.retryBatch.retry).toBe(true);
        expect(logged()).toMatch(new RegExp(`\\[config\\] reminder batch refused: ${missing}`));
      }
      expect(postmark.calls).toHaveLength(0);
      expect(logged()).not.toContain(TURSO_TOKEN);
      expect(logged()).not.toContain(libsqlHttpUrl());
    } finally {
      postmark.restore();
    }
  });

  it("APP_ENV development or test allows the local outbox, defaults and the local D1 binding", async () => {
    for (const APP_ENV of ["development", "test"]) {
      const local = {
        ...env,
        APP_ENV,
        POSTMARK_SERVER_TOKEN: undefined,
        APP_SECRET: undefined,
        MAIL_FROM: "Refill Tracker <reminders@localhost>",
        TURSO_DATABASE_URL: undefined,
        TURSO_AUTH_TOKEN: undefined,
      } as Cloudflare.Env;
      expect((await call("GET", "/auth", { env: local })).status).toBe(200);
      const account = await signUp();
      const login = await call("POST", "/api/login", { env: local, body: { username: account.username, password: account.password } });
      expect(login.status, login.text).toBe(200);
    }
  });
});
