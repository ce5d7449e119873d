import { beforeAll, describe, expect, it } from "vitest";
import { type Account, type Answer, call, emailsTo, signUp, uniqueIp } from "../helpers";
import { expectNoInternals, routes } from "./surface";

/** The directives of a Content-Security-Policy header, by name. */
function parseCsp(header: string | null): Map<string, string[]> {
  expect(header, "Content-Security-Policy header").toBeTruthy();
  return new Map(
    header!
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/** What every HTML page must carry: a nonce-only script policy that matches its script tags. */
function expectPageHeaders(page: Answer) {
  expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
  const csp = parseCsp(page.headers.get("Content-Security-Policy"));
  const scriptSrc = csp.get("script-src") ?? csp.get("default-src")!;
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(scriptSrc).not.toContain("*");
  const nonces = scriptSrc.filter((v) => v.startsWith("'nonce-")).map((v) => v.slice("'nonce-".length, -1));
  expect(nonces).toHaveLength(1);
  const [nonce] = nonces;
  expect(nonce!.length).toBeGreaterThanOrEqual(16);

  // Every script element carries that nonce; there are no inline handlers to smuggle script in.
  // Island props are data blocks (type="application/json"): the browser never runs them, so they
  // need no nonce, and their JSON has no "<" that could close them (see Island.tsx).
  const scripts = page.text.match(/<script\b[^>]*>/g) ?? [];
  for (const tag of scripts)
    if (!/^<script type="application\/json" id="i\d+-props">$/.test(tag)) expect(tag).toContain(`nonce="${nonce}"`);
  for (const [, json] of page.text.matchAll(/<script type="application\/json"[^>]*>(.*?)<\/script>/gs)) expect(json).not.toContain("<");
  expect(page.text).not.toMatch(/\son[a-z]+=["']/i);
  expect(page.text).not.toMatch(/javascript:/i);

  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(csp.get("base-uri")).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(page.headers.get("X-Frame-Options")).toBe("DENY");
  expect(page.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(page.headers.get("Referrer-Policy")).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
  // Pages carry personal data and a one-time nonce: never stored by a browser or proxy.
  expect(page.headers.get("Cache-Control")).toBe("no-store");
  expectNoInternals(page);
  return nonce!;
}

const pagePaths = routes((r) => r.method === "GET" && !r.path.startsWith("/api/") && !r.path.startsWith("/dev/")).map((r) => r.path);

describe("headers on every page", () => {
  let account: Account;
  beforeAll(async () => {
    account = await signUp();
  });

  it("the router has the spec's pages", () => {
    expect(pagePaths).toEqual(expect.arrayContaining(["/auth", "/forgot-password", "/reset-password", "/"]));
  });

  it.each([
    ["/auth", 200],
    ["/auth?tab=register", 200],
    ["/forgot-password", 200],
    ["/reset-password", 200],
    ["/reset-password?token=abc", 200],
    ["/no-such-page", 404],
    ["/api-docs/not-an-api", 404],
  ])("signed out: %s (%i)", async (path, status) => {
    const page = await call("GET", path);
    expect(page.status).toBe(status);
    expectPageHeaders(page);
  });

  it("the island bootstrap script runs only with the page's nonce, which changes per request", async () => {
    const first = await call("GET", "/auth");
    const second = await call("GET", "/auth");
    const nonce = expectPageHeaders(first);
    expect(first.text).toMatch(new RegExp(`<script [^>]*type="module"[^>]*nonce="${nonce.replace(/[+/=]/g, "\\$&")}"`));
    expect(expectPageHeaders(second)).not.toBe(nonce);
  });

  it("signed in: the dashboard and the 404 page", async () => {
    const dashboard = await call("GET", "/", { cookie: account.cookie });
    expect(dashboard.status).toBe(200);
    expectPageHeaders(dashboard);
    expect(dashboard.text).toMatch(/<script\b/); // the dashboard has islands, so the nonce check is not vacuous
    const missing = await call("GET", "/definitely/not/here", { cookie: account.cookie });
    expect(missing.status).toBe(404);
    expectPageHeaders(missing);
  });

  /** Redirects stay on this site; everything else is an HTML page with the full header set. */
  const expectPageOrRedirect = (page: Answer) => {
    expect(page.status).toBeLessThan(500);
    if (page.status >= 300 && page.status < 400) {
      expect(page.headers.get("Location")).toMatch(/^\/(?![/\\])/);
      expect(page.headers.get("Cache-Control")).toBe("no-store");
    } else {
      expectPageHeaders(page);
    }
  };

  it.each(pagePaths)("every registered page, signed in: %s", async (path) => {
    expectPageOrRedirect(await call("GET", path, { cookie: account.cookie }));
  });

  it.each(pagePaths)("every registered page, signed out: %s", async (path) => {
    const page = await call("GET", path);
    expectPageOrRedirect(page);
    if (page.status === 302) expect(page.headers.get("Location")).toBe(path === "/" ? "/auth" : `/auth?next=${encodeURIComponent(path)}`);
  });
});

describe("the development e-mail preview", () => {
  it("is shown sandboxed (no script, no same-origin access), with the other headers intact", async () => {
    const account = await signUp();
    await call("POST", "/api/forgot-password", { body: { email: account.email }, ip: uniqueIp() });
    const [mail] = await emailsTo(account.email);
    const preview = await call("GET", `/dev/emails/${mail!.id}`);
    expect(preview.status).toBe(200);
    const csp = parseCsp(preview.headers.get("Content-Security-Policy"));
    expect(csp.has("sandbox")).toBe(true);
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(preview.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(preview.headers.get("X-Frame-Options")).toBe("DENY");
    expect(preview.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("Cache-Control: no-store on every API answer", () => {
  let account: Account;
  beforeAll(async () => {
    account = await signUp();
  });

  const expectNoStore = (res: Answer) => {
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  };

  it("successes: user, login, logout, forgot-password", async () => {
    const user = await call("GET", "/api/user", { cookie: account.cookie });
    expect(user.status).toBe(200);
    expectNoStore(user);
    const login = await call("POST", "/api/login", { body: { username: account.username, password: account.password }, ip: uniqueIp() });
    expect(login.status).toBe(200);
    expectNoStore(login);
    const forgot = await call("POST", "/api/forgot-password", { body: { email: "nobody@example.com" }, ip: uniqueIp() });
    expect(forgot.status).toBe(200);
    expectNoStore(forgot);
    const logout = await call("POST", "/api/logout", { cookie: account.cookie });
    expect(logout.status).toBe(200);
    expectNoStore(logout);
  });

  it.each([
    ["401 not signed in", "GET", "/api/user", {}, 401],
    ["404 unknown path", "GET", "/api/nothing-here", {}, 404],
    ["404 unknown path, POST", "POST", "/api/nothing-here", { body: {} }, 404],
    ["400 invalid payload", "POST", "/api/login", { body: {} }, 400],
    ["400 malformed JSON", "POST", "/api/login", { rawBody: "{" }, 400],
    ["403 cross-site", "POST", "/api/login", { body: {}, headers: { "Sec-Fetch-Site": "cross-site" } }, 403],
    ["413 too large", "POST", "/api/login", { rawBody: "x".repeat(70 * 1024) }, 413],
    ["415 not JSON", "POST", "/api/login", { rawBody: "a=b", headers: { "Content-Type": "application/x-www-form-urlencoded" } }, 415],
  ] as const)("errors: %s", async (_, method, path, options, status) => {
    const res = await call(method, path, { ...options, ip: uniqueIp() });
    expect(res.status).toBe(status);
    expectNoStore(res);
  });

  it.each(routes((r) => r.method === "GET" && r.path.startsWith("/api/")).map((r) => r.path))(
    "every API read, signed in and out: GET %s",
    async (path) => {
      expectNoStore(await call("GET", path, { cookie: account.cookie }));
      expectNoStore(await call("GET", path));
    },
  );
});
