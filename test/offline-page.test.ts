import { describe, expect, it } from "vitest";
import { call, signUp } from "./helpers";

// GET /offline: the page the service worker keeps and shows, without a connection, for a page it has
// no copy of. It is fetched in the kept pages' language (?lang= their <html lang>), reads nothing
// from the database and names no data, so it is the same for visitors and users.

describe("GET /offline", () => {
  it("speaks the language it is asked for (locale and direction), else the request's", async () => {
    const arabic = await call("GET", "/offline?lang=ar-EG", { headers: { "Accept-Language": "en" } });
    expect(arabic.status).toBe(200);
    expect(arabic.text).toMatch(/<html lang="ar-EG" dir="rtl">/);
    expect(arabic.text).toContain("أنت غير متصل بالإنترنت");
    const asked = await call("GET", "/offline?lang=zh", { headers: { "Accept-Language": "de" } });
    expect(asked.text).toMatch(/<html lang="zh" dir="ltr">/);
    // No such language, or none: the request's, as on every other page.
    for (const path of ["/offline?lang=xx-evil", "/offline?lang=%22%3E%3Cscript%3E", "/offline"]) {
      const page = await call("GET", path, { headers: { "Accept-Language": "de" } });
      expect([path, page.status]).toEqual([path, 200]);
      expect(page.text).toMatch(/<html lang="de" dir="ltr">/);
      expect(page.text).toContain("Sie sind offline");
      expect(page.text).not.toContain("<script>");
    }
  });

  it("links to the list and names nothing of the account", async () => {
    const account = await signUp();
    const page = await call("GET", "/offline", { cookie: account.cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/"');
    expect(page.text).toContain("Open your medication list");
    expect(page.text).not.toContain(account.username);
    expect(page.text).not.toContain(account.email);
  });
});
