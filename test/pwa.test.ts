import { describe, expect, it } from "vitest";
import {
  endsSession,
  isBuildAsset,
  isKeepable,
  isOfflinePage,
  markFromCache,
  moduleImports,
  pageAssets,
  startsSession,
} from "../islands/sw/policy";
import assets from "../src/generated/assets.json";
import { call, createMedication, signUp } from "./helpers";

// The installable app and its offline copies: what every page links, what a signed-in page
// carries for offline reading, what the service worker may keep, and that signing out or deleting
// the account tells the browser to drop it all. The served files (manifest, icons, /sw.js headers)
// are checked in test/node/pwa-assets.test.ts and against the dev server in test/e2e/offline.test.ts.

const nonceOf = (headers: Headers) => /'nonce-([^']+)'/.exec(headers.get("Content-Security-Policy")!)![1]!;

describe("every page links the install manifest and the home-screen icon", () => {
  it.each(["/auth", "/privacy", "/no-such-page"])("%s", async (path) => {
    const page = await call("GET", path);
    expect(page.text).toContain('<link rel="manifest" href="/manifest.en.webmanifest"/>');
    expect(page.text).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"/>');
    expect(page.text).toContain('<meta name="theme-color" content="#0f766e"/>');
  });

  it("a signed-in page too, with its offline banner and the snippet that loads the offline script after load", async () => {
    const account = await signUp();
    const page = await call("GET", "/", { cookie: account.cookie });
    expect(page.text).toContain('<link rel="manifest" href="/manifest.en.webmanifest"/>');
    expect(page.text).toMatch(
      /<p id="offline" role="status" class="offline-banner [^"]*"><span class="offline-live">You are offline<\/span><span class="offline-kept">You are offline\. Showing your list as of [^<]*\d[^<]*\.<\/span><\/p>/,
    );
    // Inline, with the page's nonce (the CSP allows no other inline script), and not an island.
    expect(page.text).toContain(
      `<script nonce="${nonceOf(page.headers)}">addEventListener("load",()=>import("${assets.offline}"))</script>`,
    );
    expect(assets.offline).toMatch(/^\/build\/offline-\w+\.js$/);
  });

  it("the banner is in the user's language, its time on their clock", async () => {
    const account = await signUp();
    const page = await call("GET", "/pharmacies", { cookie: `${account.cookie}; lang=es` });
    expect(page.text).toContain('<span class="offline-live">Estás sin conexión</span>');
    expect(page.text).toMatch(/Se muestra tu lista tal como estaba el [^<]*\d/);
  });

  it("the dashboard tells its island which day its counts are as of, and marks what needs the server", async () => {
    const account = await signUp();
    await createMedication(account);
    const page = await call("GET", "/", { cookie: account.cookie });
    const props = JSON.parse(/<script type="application\/json" id="i\d+-props">(\{"medications".*?)<\/script>/.exec(page.text)![1]!);
    expect(props.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(page.text).toMatch(/<a href="\/add-medication" class="[^"]*" data-online-only="true">/);
    expect(page.text).toMatch(/<a href="\/edit-medication\/\d+" class="row-action" data-online-only="true"/);
  });
});

describe("what the service worker keeps (islands/sw/policy.ts)", () => {
  it("only the dashboard, medication pages and the pharmacies page", () => {
    for (const path of ["/", "/pharmacies", "/medications/12"]) expect(isOfflinePage(path), path).toBe(true);
    for (const path of [
      "/api/medications",
      "/api/user/export",
      "/dev/emails",
      "/calendar/abc.ics",
      "/medications/print",
      "/medications/12/x",
      "/settings",
      "/notifications",
      "/auth",
      "/add-medication",
      "/edit-medication/3",
    ])
      expect(isOfflinePage(path), path).toBe(false);
    expect(isBuildAsset("/build/chunk-ABC.js")).toBe(true);
    expect(isBuildAsset("/build/chunk-ABC.js.LEGAL.txt")).toBe(false);
    expect(isBuildAsset("/api/x")).toBe(false);
  });

  it("only a same-origin HTML 200 that was not redirected", () => {
    const html = new Headers({ "Content-Type": "text/html; charset=UTF-8" });
    expect(isKeepable({ status: 200, type: "basic", redirected: false, headers: html })).toBe(true);
    expect(isKeepable({ status: 200, type: "basic", redirected: true, headers: html })).toBe(false);
    expect(isKeepable({ status: 0, type: "opaqueredirect", redirected: false, headers: new Headers() })).toBe(false);
    expect(isKeepable({ status: 200, type: "cors", redirected: false, headers: html })).toBe(false);
    expect(isKeepable({ status: 404, type: "basic", redirected: false, headers: html })).toBe(false);
    expect(isKeepable({ status: 503, type: "basic", redirected: false, headers: html })).toBe(false);
    expect(
      isKeepable({ status: 200, type: "basic", redirected: false, headers: new Headers({ "Content-Type": "application/json" }) }),
    ).toBe(false);
  });

  it("drops everything when the session ends: sign-out and account deletion", () => {
    expect(endsSession("POST", "/api/logout")).toBe(true);
    expect(endsSession("DELETE", "/api/user")).toBe(true);
    expect(endsSession("GET", "/api/user")).toBe(false);
    expect(endsSession("DELETE", "/api/user/sessions")).toBe(false);
  });

  it("and when a new session starts here: signing in or up over copies an earlier account left", () => {
    expect(startsSession("POST", "/api/login")).toBe(true);
    expect(startsSession("POST", "/api/register")).toBe(true);
    expect(startsSession("GET", "/api/login")).toBe(false);
    expect(startsSession("POST", "/api/logout")).toBe(false);
  });

  it("a kept page keeps the scripts and stylesheet it loads, and is marked when served from the cache", async () => {
    const account = await signUp();
    await createMedication(account); // the list's island (an empty account sees the first-run checklist)
    const page = await call("GET", "/", { cookie: account.cookie });
    const kept = pageAssets(page.text);
    expect(kept).toContain(assets.css);
    expect(kept).toContain(assets.offline);
    expect(kept).toContain(assets.languages.en.islands.Dashboard.src);
    for (const chunk of assets.languages.en.clientImports) expect(kept).toContain(chunk);
    expect(markFromCache(page.text)).toMatch(/^<!DOCTYPE html><html data-from-cache lang="en"/);
  });

  it("keeps what a kept script imports, on demand too (the offline countdown loads only when needed)", () => {
    const code = 'import{a as b}from"./chunk-AB12.js";import"./chunk-CD34.js";const c=()=>import("./regimen-EF56.js");fetch("/api/x");';
    expect(moduleImports(code)).toEqual(["/build/chunk-AB12.js", "/build/chunk-CD34.js", "/build/regimen-EF56.js"]);
    expect(moduleImports('import("https://example.com/x.js");import("../up.js")')).toEqual([]);
  });
});

describe("Clear-Site-Data", () => {
  it("sign-out tells the browser to drop this site's caches and storage", async () => {
    const account = await signUp();
    const res = await call("POST", "/api/logout", { cookie: account.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Clear-Site-Data")).toBe('"cache", "storage"');
  });

  it("so does deleting the account", async () => {
    const account = await signUp();
    const res = await call("DELETE", "/api/user", { cookie: account.cookie, body: { currentPassword: account.password } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Clear-Site-Data")).toBe('"cache", "storage"');
  });

  it("nothing else does: a failed deletion, a page, an API read", async () => {
    const account = await signUp();
    const wrong = await call("DELETE", "/api/user", { cookie: account.cookie, body: { currentPassword: "not the password" } });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get("Clear-Site-Data")).toBeNull();
    expect((await call("GET", "/", { cookie: account.cookie })).headers.get("Clear-Site-Data")).toBeNull();
    expect((await call("GET", "/api/medications", { cookie: account.cookie })).headers.get("Clear-Site-Data")).toBeNull();
  });
});
