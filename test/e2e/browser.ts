import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { expect, inject } from "vitest";

// Debian's Chromium, never a downloaded browser. The flags keep it off the (closed) network.
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export const baseUrl = () => inject("baseUrl");
export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 375, height: 800 };

const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}

/**
 * Chromium on a throwaway persistent profile, and its page (watched as newPage's are). The contexts
 * of launch()'s browser are incognito, where Chromium has no Push API; `args` are added to the
 * usual flags.
 */
export async function launchPersistent(viewport = DESKTOP, options: { args?: string[] } = {}) {
  const profile = mkdtempSync(join(tmpdir(), "refill-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [...FLAGS, ...(options.args ?? [])],
    viewport,
    baseURL: baseUrl(),
  });
  const page = watch(context.pages()[0] ?? (await context.newPage()));
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { page, close };
}

/**
 * A fresh context and page; `timezoneId` and `locale` set the zone and language the browser reports
 * (navigator.language, Accept-Language; default: the machine's).
 */
export async function newPage(browser: Browser, viewport = DESKTOP, timezoneId?: string, locale?: string): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), timezoneId, locale });
  return watch(await context.newPage());
}

/** Records the page's JavaScript errors for expectNoErrors. */
function watch(page: Page): Page {
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on(
    "console",
    (msg) => msg.type() === "error" && !/Failed to load resource.*40[019]/.test(msg.text()) && problems.push(`console: ${msg.text()}`),
  );
  (page as Page & { problems: string[] }).problems = problems;
  return page;
}

/** No JavaScript errors (CSP violations and hydration mismatches included) happened on the page. */
export function expectNoErrors(page: Page) {
  expect((page as Page & { problems: string[] }).problems).toEqual([]);
}

/**
 * The one longer wait, for a step that takes a whole page load or a browser service (an import's
 * reload, Chromium's push service, a reload loop past the service worker's 3 s timeout) on a loaded
 * 2-core machine. Every other poll has the project's 15 s (vitest.config.ts).
 */
export const SLOW = { timeout: 45_000 };

/** Every island on the page has hydrated (islands/client.ts marks each one `data-hydrated`). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => Array.from(document.querySelectorAll("[data-island]")).every((el) => el.hasAttribute("data-hydrated")));
}

/**
 * Waits until every toast has mounted and the page's finite animations and transitions have ended
 * (a spinner's infinite one is not awaited): a toast fading in or out has, mid-transition, colours
 * that fail contrast. Sonner mounts a toast first and starts its fade-in on the next frame
 * (data-mounted), so "no animation running" alone could be read before the fade began.
 */
export async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll("[data-sonner-toast]")).every((t) => t.getAttribute("data-mounted") === "true") &&
      document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Waits `count` animation frames in the page. What a click or a hydrated island would show (a
 * dialog, an effect's request) has rendered by then, so its absence can be asserted without a
 * fixed sleep.
 */
export async function frames(page: Page, count = 3) {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        let left = n;
        const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    count,
  );
}

/** Runs axe-core; fails on serious or critical findings. */
export async function expectAccessible(page: Page) {
  await settled(page);
  // Injected over the DevTools protocol: the page's CSP (rightly) refuses inline scripts.
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => (globalThis as any).axe.run(document, { resultTypes: ["violations"] }));
  const serious = (results.violations as Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>)
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious).toEqual([]);
}

/** Horizontal scrolling at the current viewport. */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * The signed-in user's today as the server counts it (the dashboard's props carry it as `asOf`): the
 * dev server keeps the real clock, so a test's dates start from the server's day, never its own.
 */
export async function serverToday(page: Page): Promise<string> {
  // With a notice the list is rendered even for an account with nothing on it yet (no checklist instead).
  const html = await (await page.request.get("/?notice=medication-load-error")).text();
  const asOf = /"asOf":"(\d{4}-\d{2}-\d{2})"/.exec(html)?.[1];
  expect(asOf, "the dashboard's props carry asOf").toBeDefined();
  return asOf!;
}

let counter = 0;
export const uniqueName = (prefix = "e2e") => `${prefix}_${Date.now().toString(36)}_${counter++}`;

/**
 * Creates an account through the UI-facing API in the page's context (sets the session cookie). Its
 * address starts unconfirmed; `confirmed` opens the link registration mailed, as its owner would.
 */
export async function registerViaApi(page: Page, username = uniqueName(), options: { confirmed?: boolean } = {}) {
  const res = await page.request.post("/api/register", {
    // As the sign-up form does, the account gets the browser's zone, so no 'Time zone set to …' toast
    // (shown once to accounts that never chose one) interrupts the page under test.
    data: {
      username,
      password: "correct horse battery",
      email: `${username}@example.com`,
      fullName: `Pat ${username}`,
      emailConsent: true,
      healthDataConsent: true,
      timezone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
    },
  });
  expect(res.status()).toBe(201);
  if (options.confirmed) {
    const confirmed = await page.request.get(await confirmationPath(page, `${username}@example.com`));
    expect(await confirmed.text()).toContain("Email confirmed");
  }
  return { username, password: "correct horse battery", fullName: `Pat ${username}` };
}

export interface DevEmail {
  id: number;
  to: string;
  subject: string;
  text: string;
}

/** The development outbox's mail to `to`, newest first. */
export const devEmailsTo = async (page: Page, to: string) =>
  ((await (await page.request.get("/dev/emails")).json()) as DevEmail[]).filter((m) => m.to === to);

/** The path of the newest invitation mailed to `to` (`/invites/{token}`). */
export async function invitationPath(page: Page, to: string): Promise<string> {
  let path = "";
  await expect
    .poll(async () => {
      const mail = (await devEmailsTo(page, to)).find((m) => m.subject === "You're invited to help with someone's medications");
      path = /\/invites\/[a-z2-7]{52}/.exec(mail?.text ?? "")?.[0] ?? "";
      return path;
    }, SLOW)
    .not.toBe("");
  return path;
}

/** The path and query of the newest confirmation link mailed to `to`. */
export async function confirmationPath(page: Page, to: string): Promise<string> {
  let path = "";
  await expect
    .poll(async () => {
      const mail = (await devEmailsTo(page, to)).find((m) => m.subject === "Confirm your Refill Tracker email address");
      path = /\/confirm-email\?token=[a-z0-9]+/.exec(mail?.text ?? "")?.[0] ?? "";
      return path;
    })
    .not.toBe("");
  return path;
}
