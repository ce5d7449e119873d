import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { returnPath, signInPath } from "../src/auth/return-to";
import { sitePath } from "../src/shared/site-path";
import { onNotificationClick, type NotificationClickEvent } from "../islands/sw/push";
import { call, signUp } from "./helpers";

// A signed-out visitor who asked for a signed-in page comes back to it after signing in, and the
// sign-in page never sends anyone to another site whatever its ?next= says.

// Values that lead to another site once a browser has read them, or put a control character in a
// Location header. Those above the F2 line were already refused by /auth; those below it became
// "//evil.example" (a host) after the URL parser removed dot segments, read "\\" as "/" or dropped
// a tab, and were followed. The language switcher and the notification tap had weaker rules still.
const OFF_SITE = [
  "profile",
  "//evil.example/x",
  "/\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
  " /profile",
  `/${"a".repeat(600)}`,
  "/\r/evil.example",
  // issue 29, F2
  "/.//evil.example",
  "/a/..//evil.example",
  "/%2e//evil.example",
  "/%2e%2e//evil.example",
  "/./\\evil.example",
  "/auth/..//evil.example",
  "/./\t/evil.example",
  "/\u0000/evil.example",
  "/\u0085/evil.example",
];

const props = (html: string) =>
  JSON.parse(/<script type="application\/json" id="i1-props">(.*?)<\/script>/.exec(html)![1]!) as { next?: string };

describe("returnPath", () => {
  it("keeps a path and query on this site", () => {
    expect(returnPath("/profile")).toBe("/profile");
    expect(returnPath("/medications/12?from=mail")).toBe("/medications/12?from=mail");
    expect(returnPath("/print")).toBe("/print");
  });

  it.each([undefined, "", ...OFF_SITE, "/auth", "/auth?next=%2Fprofile"])("answers / for %j", (next) => {
    expect(returnPath(next)).toBe("/");
  });

  it("signInPath carries the page asked for, except the dashboard", () => {
    expect(signInPath("/")).toBe("/auth");
    expect(signInPath("/profile")).toBe("/auth?next=%2Fprofile");
    expect(returnPath(decodeURIComponent(signInPath("/medications/3", "?tab=history").split("next=")[1]!))).toBe(
      "/medications/3?tab=history",
    );
  });
});

describe("signing in returns to the page asked for", () => {
  it("a signed-out GET of a page redirects to /auth with the page and its query as next", async () => {
    const res = await call("GET", "/medications/7?from=mail");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/auth?next=%2Fmedications%2F7%3Ffrom%3Dmail");
    expect((await call("GET", "/")).headers.get("Location")).toBe("/auth");
  });

  it("/auth hands a safe next to the sign-in form, and nothing for anywhere else", async () => {
    expect(props((await call<string>("GET", "/auth?next=%2Fprofile")).body).next).toBe("/profile");
    expect(props((await call<string>("GET", "/auth?next=%2F%2Fevil.example")).body).next).toBeUndefined();
    expect(props((await call<string>("GET", "/auth?next=https%3A%2F%2Fevil.example")).body).next).toBeUndefined();
  });

  it("an already signed-in visitor is sent on to next at once, or to the dashboard", async () => {
    const account = await signUp();
    const safe = await call("GET", "/auth?next=%2Fprofile", { cookie: account.cookie });
    expect([safe.status, safe.headers.get("Location")]).toEqual([302, "/profile"]);
    const evil = await call("GET", "/auth?next=%2F%5Cevil.example", { cookie: account.cookie });
    expect([evil.status, evil.headers.get("Location")]).toEqual([302, "/"]);
  });
});

describe("open redirect after sign-in (issue 29 F2): one rule for every redirect, navigation and notification tap", () => {
  it("sitePath keeps paths on this site and never answers //, /\\ or a control character", () => {
    expect(sitePath("/medications/12?from=mail")).toBe("/medications/12?from=mail");
    expect(sitePath("/a//b")).toBe("/a//b");
    expect(sitePath("/auth")).toBe("/auth");
    for (const next of OFF_SITE) expect(sitePath(next), JSON.stringify(next)).toBe("/");
  });

  let account: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    account = await signUp();
  });

  it.each(OFF_SITE)("/auth?next=%j: the form gets no next, and a signed-in visitor goes to the dashboard", async (next) => {
    const query = `/auth?next=${encodeURIComponent(next)}`;
    expect(props((await call<string>("GET", query)).body).next).toBeUndefined();
    const res = await call("GET", query, { cookie: account.cookie });
    expect([res.status, res.headers.get("Location")]).toEqual([302, "/"]);
  });

  it.each(OFF_SITE)("POST /language with next=%j goes back to the dashboard", async (next) => {
    const res = await call("POST", "/language", {
      rawBody: `lang=fr&next=${encodeURIComponent(next)}`,
      contentType: "application/x-www-form-urlencoded",
    });
    expect([res.status, res.headers.get("Location")]).toEqual([303, "/"]);
  });

  it("POST /language still goes back to the page it came from", async () => {
    const res = await call("POST", "/language", {
      rawBody: `lang=fr&next=${encodeURIComponent("/medications/3?tab=history")}`,
      contentType: "application/x-www-form-urlencoded",
    });
    expect(res.headers.get("Location")).toBe("/medications/3?tab=history");
  });

  describe("a notification tap", () => {
    const scope = globalThis as unknown as Record<string, unknown>;
    afterEach(() => {
      for (const key of ["location", "clients"]) delete scope[key];
    });
    async function tap(url: unknown) {
      const opened: string[] = [];
      scope.location = new URL("https://refills.example/");
      scope.clients = {
        matchAll: async () => [],
        openWindow: async (href: string) => {
          opened.push(href);
          return null;
        },
      };
      let done: Promise<unknown> = Promise.resolve();
      onNotificationClick({
        notification: { data: { url }, close: () => {} },
        waitUntil: (p: Promise<unknown>) => (done = p),
      } as unknown as NotificationClickEvent);
      await done;
      return opened;
    }

    it.each(OFF_SITE)("with url %j opens the dashboard", async (url) => {
      expect(await tap(url)).toEqual(["https://refills.example/"]);
    });

    it("opens the path the push names on this site", async () => {
      expect(await tap("/medications/3")).toEqual(["https://refills.example/medications/3"]);
    });
  });
});
