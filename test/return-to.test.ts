import { describe, expect, it } from "vitest";
import { returnPath, signInPath } from "../src/auth/return-to";
import { call, signUp } from "./helpers";

// A signed-out visitor who asked for a signed-in page comes back to it after signing in, and the
// sign-in page never sends anyone to another site whatever its ?next= says.

const props = (html: string) => JSON.parse(/<script type="application\/json" id="i1-props">(.*?)<\/script>/.exec(html)![1]!) as { next?: string };

describe("returnPath", () => {
  it("keeps a path and query on this site", () => {
    expect(returnPath("/profile")).toBe("/profile");
    expect(returnPath("/medications/12?from=mail")).toBe("/medications/12?from=mail");
    expect(returnPath("/print")).toBe("/print");
  });

  it.each([undefined, "", "profile", "//evil.example/x", "/\\evil.example", "/\t/evil.example", "/\n/evil.example", "https://evil.example/", "javascript:alert(1)", " /profile", "/auth", "/auth?next=%2Fprofile", `/${"a".repeat(600)}`])(
    "answers / for %j",
    (next) => {
      expect(returnPath(next)).toBe("/");
    },
  );

  it("signInPath carries the page asked for, except the dashboard", () => {
    expect(signInPath("/")).toBe("/auth");
    expect(signInPath("/profile")).toBe("/auth?next=%2Fprofile");
    expect(returnPath(decodeURIComponent(signInPath("/medications/3", "?tab=history").split("next=")[1]!))).toBe("/medications/3?tab=history");
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
