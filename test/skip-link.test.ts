import { beforeAll, describe, expect, it } from "vitest";
import ar from "../src/i18n/messages/ar.json";
import de from "../src/i18n/messages/de.json";
import en from "../src/i18n/messages/en.json";
import es from "../src/i18n/messages/es.json";
import fr from "../src/i18n/messages/fr.json";
import hi from "../src/i18n/messages/hi.json";
import pt from "../src/i18n/messages/pt.json";
import zh from "../src/i18n/messages/zh.json";
import { type Account, call, createMedication, createPharmacy, signUp, uniqueName } from "./helpers";

// 'Skip to main content': the first link of every page, in the page's language, and the page's one
// <main> carries the id it jumps to (and tabindex -1, so focus lands there, not only the scroll).

const SKIP: Record<string, string> = {
  en: en.skip_to_main.defaultMessage,
  es: es.skip_to_main,
  fr: fr.skip_to_main,
  de: de.skip_to_main,
  pt: pt.skip_to_main,
  hi: hi.skip_to_main,
  ar: ar.skip_to_main,
  zh: zh.skip_to_main,
};

let account: Account;
let medicationId: number;
beforeAll(async () => {
  account = await signUp({ username: uniqueName("skipper") });
  const pharmacy = await createPharmacy(account);
  medicationId = (await createMedication(account, { pharmacyId: pharmacy.id })).id;
});

const SIGNED_OUT = [
  "/auth",
  "/forgot-password",
  "/reset-password?token=nope",
  "/unsubscribe?token=nope",
  "/no-such-page",
  "/privacy",
  "/terms",
  "/support",
];
const SIGNED_IN = () => [
  "/",
  "/pharmacies",
  "/notifications",
  "/profile",
  "/add-medication",
  `/medications/${medicationId}`,
  "/medications/print",
];

/** The first focusable element of the body, as written. */
const firstFocusable = (html: string) => /<body[^>]*>[\s\S]*?(<(?:a|button|input|select|textarea)\b[^>]*>[^<]*)/.exec(html)?.[1];

describe("the skip link", () => {
  it("is the first focusable element of every page and targets the page's one <main id=main tabindex=-1>", async () => {
    const pages = [
      ...SIGNED_OUT.map((path) => ({ path, cookie: undefined })),
      ...SIGNED_IN().map((path) => ({ path, cookie: account.cookie })),
    ];
    for (const { path, cookie } of pages) {
      const page = await call("GET", path, { cookie });
      expect(page.status, path).toBeLessThan(500);
      expect(firstFocusable(page.text), path).toMatch(/^<a href="#main" class="sr-only focus:not-sr-only[^"]*">Skip to main content$/);
      expect(page.text.match(/<main\b[^>]*>/g), path).toEqual([expect.stringMatching(/^<main id="main" tabindex="-1"/)]);
      expect(page.text.match(/id="main"/g), path).toHaveLength(1);
    }
  });

  it("is written in the page's language", async () => {
    for (const [language, text] of Object.entries(SKIP)) {
      const page = await call("GET", "/auth", { headers: { "Accept-Language": language } });
      expect(firstFocusable(page.text), language).toMatch(new RegExp(`^<a href="#main"[^>]*>${text}$`));
    }
  });
});
