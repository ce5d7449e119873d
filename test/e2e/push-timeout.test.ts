import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, DESKTOP, expectAccessible, expectNoErrors, frames, hydrated, launch, MOBILE, newPage, registerViaApi } from "./browser";

// Finding: where the browser cannot reach its push service (mainland China, blocked networks),
// pushManager.subscribe() hangs: ticking 'Push notifications on this device' greyed the box for over
// 90 s with no word. Now it gives up after 15 s, says why and keeps e-mail on. The push service's
// silence is stood in by a subscribe() that never answers; the page's clock is Playwright's, so the
// 15 s pass at once and a longer timeout would not fire.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const PUSH = "Push notifications on this device";
const UNREACHABLE =
  "Your browser could not reach its push service within 15 seconds, so push notifications cannot be turned on here. Some networks and countries block it. Your reminders stay on by e-mail.";

async function settingsWithSilentPushService(viewport: typeof DESKTOP): Promise<Page> {
  const page = await newPage(browser, viewport);
  await page.addInitScript(() => {
    PushManager.prototype.getSubscription = async () => null;
    PushManager.prototype.subscribe = () => new Promise<PushSubscription>(() => {});
  });
  await page.clock.install();
  await page.context().grantPermissions(["notifications"], { origin: baseUrl() });
  await registerViaApi(page, undefined, { confirmed: true });
  await page.goto("/notifications");
  await hydrated(page);
  return page;
}

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("push when the push service never answers (%s)", (_, viewport) => {
  it("gives up within 15 s, names the cause, keeps e-mail on and the box usable", async () => {
    const page = await settingsWithSilentPushService(viewport);
    const push = page.getByRole("checkbox", { name: PUSH });
    const email = page.getByRole("checkbox", { name: "E-mail" });
    // Even a patient who had unticked e-mail to move to push is left with e-mail, not with nothing.
    await email.uncheck();
    await push.click();
    // Waiting for the push service: the box is busy, nothing said yet.
    await expect.poll(() => push.isDisabled()).toBe(true);
    await page.clock.fastForward(14_000);
    await frames(page);
    expect(await page.getByRole("alert").filter({ hasText: "push service" }).count()).toBe(0);
    await page.clock.fastForward(1_000);
    await expect.poll(() => page.getByRole("alert").filter({ hasText: UNREACHABLE }).count()).toBe(1);
    expect(await push.isDisabled()).toBe(false);
    expect(await push.isChecked()).toBe(false);
    expect(await email.isChecked()).toBe(true);
    // The choice saved is e-mail, and no device was saved.
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect.poll(async () => (await (await page.request.get("/api/user")).json()).remindersBy).toBe("email");
    expect(await page.getByRole("button", { name: /^Remove / }).count()).toBe(0);
    await expectAccessible(page);
    expectNoErrors(page);
    await page.context().close();
  });
});
