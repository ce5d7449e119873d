import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/db/schema";
import { CROSS_SITE_ALLOWED } from "../../src/http/middleware";
import { type Account, call, db, sessionRows, signUp, uniqueIp, uniqueName } from "../helpers";
import { changesState, expectJsonMessage, routes } from "./surface";

// Every state-changing route the app registers (API and pages), read from the router, except the
// token-authorised one-click unsubscribe that mail providers POST from their own servers (RFC 8058).
const unsafeRoutes = routes((r) => changesState(r) && !CROSS_SITE_ALLOWED.includes(r.pattern));

const crossSiteHeaders: Array<[string, Record<string, string>]> = [
  ["Origin of another site", { Origin: "https://evil.example" }],
  ["Origin on another port", { Origin: "http://localhost:8080" }],
  ["Origin over another scheme", { Origin: "https://localhost" }],
  ["opaque Origin (sandboxed frame, data: URL)", { Origin: "null" }],
  ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
  ["Sec-Fetch-Site: same-site (a sibling subdomain)", { "Sec-Fetch-Site": "same-site" }],
  ["same-origin Origin but Sec-Fetch-Site: cross-site", { Origin: "http://localhost", "Sec-Fetch-Site": "cross-site" }],
  ["Sec-Fetch-Site: same-origin but a foreign Origin", { Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" }],
];

describe("CSRF: cross-site requests that change state answer 403", () => {
  // Signed in, so a refusal cannot be mistaken for a 401.
  let signedIn: Account;
  beforeAll(async () => {
    signedIn = await signUp();
  });

  it("the app has state-changing routes to check", () => {
    expect(unsafeRoutes.map((r) => `${r.method} ${r.pattern}`)).toEqual(
      expect.arrayContaining([
        "POST /api/register",
        "POST /api/login",
        "POST /api/logout",
        "POST /api/forgot-password",
        "POST /api/reset-password",
      ]),
    );
  });

  for (const route of unsafeRoutes) {
    it.each(crossSiteHeaders)(`${route.method} ${route.pattern} with %s → 403 JSON`, async (_, headers) => {
      const res = await call(route.method, route.path, { body: {}, cookie: signedIn.cookie, headers });
      expectJsonMessage(res, 403);
      expect(res.body.message).toBe("Cross-site requests are not allowed.");
    });
  }

  it("a cross-site form post to a page path is refused too (text/plain, no JSON)", async () => {
    const res = await call("POST", "/auth", {
      rawBody: "username=a",
      headers: { Origin: "https://evil.example", "Content-Type": "text/plain" },
    });
    expectJsonMessage(res, 403);
  });

  it("a refused cross-site logout leaves the victim signed in", async () => {
    const victim = await signUp();
    const res = await call("POST", "/api/logout", {
      cookie: victim.cookie,
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(res.status).toBe(403);
    expect(await sessionRows(victim.id)).toHaveLength(1);
    expect((await call("GET", "/api/user", { cookie: victim.cookie })).status).toBe(200);
  });

  it("a refused cross-site login neither signs in nor sets a cookie", async () => {
    const victim = await signUp();
    const res = await call("POST", "/api/login", {
      body: { username: victim.username, password: victim.password },
      ip: uniqueIp(),
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(await sessionRows(victim.id)).toHaveLength(1); // only the one from registering
  });
});

describe("CSRF: the cross-site exceptions", () => {
  it("are only the one-click unsubscribe and Postmark's webhook (HTTP Basic credentials, test/webhook.test.ts)", () => {
    expect(CROSS_SITE_ALLOWED).toEqual(["/unsubscribe", "/webhooks/postmark"]);
  });

  it("a cross-site POST /unsubscribe still needs a valid signed token: a forged one changes nothing", async () => {
    const victim = await signUp();
    for (const token of ["", `${victim.id}.${"A".repeat(43)}`, String(victim.id)]) {
      const res = await call("POST", `/unsubscribe?token=${encodeURIComponent(token)}`, {
        rawBody: "List-Unsubscribe=One-Click",
        contentType: "application/x-www-form-urlencoded",
        headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      });
      expect(res.status, token).toBeGreaterThanOrEqual(400);
      expect(res.status, token).toBeLessThan(500);
    }
    const [row] = await db().select().from(users).where(eq(users.id, victim.id));
    expect(row!.emailConsent).toBe(true);
  });
});

describe("CSRF: same-origin browsers and non-browser clients keep working", () => {
  const sameOrigin = { Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" };

  it("register, login, user and logout from the app's own pages", async () => {
    const username = uniqueName("csrf");
    const password = "correct horse battery";
    const registered = await call("POST", "/api/register", {
      body: { username, password, email: `${username}@example.com`, fullName: "Same Origin", emailConsent: true, healthDataConsent: true },
      headers: sameOrigin,
    });
    expect(registered.status).toBe(201);

    const login = await call("POST", "/api/login", { body: { username, password }, ip: uniqueIp(), headers: sameOrigin });
    expect(login.status).toBe(200);
    const cookie = /session=[^;]+/.exec(login.headers.get("Set-Cookie")!)![0];
    expect((await call("GET", "/api/user", { cookie, headers: { "Sec-Fetch-Site": "same-origin" } })).status).toBe(200);
    expect((await call("POST", "/api/logout", { cookie, headers: sameOrigin })).status).toBe(200);
    expect((await call("GET", "/api/user", { cookie })).status).toBe(401);
  });

  it("Sec-Fetch-Site: none (typed by the user) is not treated as cross-site", async () => {
    const { cookie } = await signUp();
    expect((await call("POST", "/api/logout", { cookie, headers: { "Sec-Fetch-Site": "none" } })).status).toBe(200);
  });

  it("requests without Origin or Sec-Fetch-Site (curl, scripts) are accepted", async () => {
    const account = await signUp();
    const login = await call("POST", "/api/login", { body: { username: account.username, password: account.password }, ip: uniqueIp() });
    expect(login.status).toBe(200);
    expect((await call("POST", "/api/forgot-password", { body: { email: account.email }, ip: uniqueIp() })).status).toBe(200);
  });

  it("cross-site GETs (links, top-level navigation) still load pages and data", async () => {
    const { cookie } = await signUp();
    const page = await call("GET", "/", { cookie, headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://mail.example" } });
    expect(page.status).toBe(200);
    expect((await call("GET", "/auth", { headers: { "Sec-Fetch-Site": "cross-site" } })).status).toBe(200);
  });
});
