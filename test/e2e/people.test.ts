import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  devEmailsTo,
  expectAccessible,
  expectNoErrors,
  expectNoHorizontalScroll,
  hydrated,
  launch,
  MOBILE,
  newPage,
  registerViaApi,
  SLOW,
  uniqueName,
} from "./browser";

// The people pages in a browser: add "Dad" on /people, open his page, invite a helper (the e-mail
// reaches the outbox), change one's own settings for him (a wrong number is said at its field),
// subscribe to his calendar, rename him, and delete him with the dialog, by keyboard; axe at each step, at 375 and 1280 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** A toast whose title matches (names arrive in Unicode isolates, so a pattern, not a string). */
const toast = (page: Page, title: RegExp) => page.locator("[data-sonner-toast]").getByText(title);

async function check(page: Page) {
  await hydrated(page);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
}

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("the people pages (%s)", (_, viewport) => {
  it("adds Dad, invites a helper, changes one's settings, renames him and deletes him by keyboard", async () => {
    const page = await newPage(browser, viewport);
    await registerViaApi(page);
    await page.goto("/people");
    await check(page);

    await page.getByLabel("Name").fill("Dad");
    await page.getByRole("button", { name: "Add person" }).click();
    await page.waitForURL((url) => url.pathname === "/people");
    await expect.poll(() => toast(page, /Dad.* added/).count(), SLOW).toBe(1);
    const link = page.getByRole("link", { name: "Dad", exact: true });
    await expect.poll(() => link.count()).toBe(1);
    await check(page);

    await link.click();
    await page.waitForURL((url) => /^\/p\/\d+\/people$/.test(url.pathname));
    expect(await page.getByRole("heading", { level: 1, name: "Dad: sharing and settings" }).count()).toBe(1);
    await check(page);

    // Invite a helper: the toast names the address and the person; the e-mail is in the outbox.
    const email = `${uniqueName("helper")}@example.com`;
    const invite = page.locator("#members");
    await invite.getByLabel("Email address").fill(email);
    await invite.getByLabel("Role", { exact: true }).selectOption("helper");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect
      .poll(() => toast(page, new RegExp(`Invitation sent to .*${email.replace(/[.]/g, "\\.")}.* for .*Dad`)).count(), SLOW)
      .toBe(1);
    await hydrated(page);
    expect(await invite.getByText(email).count()).toBe(1);
    await expect
      .poll(
        async () =>
          (await devEmailsTo(page, email)).filter((m) => m.subject === "You're invited to help with someone's medications").length,
      )
      .toBe(1);
    await check(page);

    // One's own settings: out of range is said at the field and nothing is saved; then saved.
    const settings = page.locator("#membership");
    await settings.getByLabel("Alert me when Dad misses a dose").check();
    const minutes = settings.getByLabel("Alert after (minutes)");
    await minutes.fill("10");
    await settings.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => settings.getByRole("alert").filter({ hasText: "30 to 240 minutes" }).count()).toBe(1);
    await minutes.fill("90");
    await settings.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => toast(page, /Your settings for .*Dad.* are saved/).count(), SLOW).toBe(1);
    const personPath = new URL(page.url()).pathname;
    const id = personPath.split("/")[2];
    const saved = await (await page.request.get(`/api/profiles/${id}/membership`)).json();
    expect(saved).toMatchObject({ missedDoseAlerts: true, missedDoseAfterMinutes: 90 });
    await hydrated(page);
    expect(await page.locator("#membership").getByLabel("Alert me when Dad misses a dose").isChecked()).toBe(true);

    // One's own calendar of Dad, in the same section: the heading names him; the link is his feed.
    expect(await settings.getByRole("heading", { name: "Calendar for Dad's refills" }).count()).toBe(1);
    await settings.getByRole("button", { name: "Subscribe in your calendar" }).click();
    const feedLink = settings.getByLabel("Your calendar link");
    await expect.poll(() => feedLink.count(), SLOW).toBe(1);
    const feed = await page.request.get(new URL(await feedLink.inputValue()).pathname);
    expect([feed.status(), (await feed.text()).includes("X-WR-CALNAME:Medication refills: Dad")]).toEqual([200, true]);
    expect(await (await page.request.get(`/api/profiles/${id}/calendar-feed`)).json()).toEqual({ enabled: true });
    expect(await (await page.request.get("/api/calendar-feed")).json()).toEqual({ enabled: false });
    await check(page);

    // Rename.
    await page.locator("#manage").getByLabel("Name").fill("Father");
    await page.locator("#manage").getByRole("button", { name: "Rename" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Father: sharing and settings" }).count(), SLOW).toBe(1);
    await expect.poll(() => toast(page, /Dad.* is now called .*Father/).count()).toBe(1);
    await check(page);

    // His time zone (he has no account): his day, counts and dose reminders follow it.
    await page.locator("#manage").getByLabel("Time zone", { exact: true }).selectOption("Pacific/Auckland");
    await page.locator("#manage").getByRole("button", { name: "Save time zone" }).click();
    await expect.poll(() => toast(page, /Father.*s time zone is now Pacific\/Auckland/).count(), SLOW).toBe(1);
    await hydrated(page);
    expect(await page.locator("#manage").getByLabel("Time zone", { exact: true }).inputValue()).toBe("Pacific/Auckland");
    await check(page);

    // Delete, by keyboard: the dialog names what goes with him; Cancel has focus, Tab reaches Delete.
    await page.getByRole("button", { name: "Delete Father" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Delete Father?" });
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await dialog.textContent()).toContain("0 medications, 0 pharmacies, 0 refills and 0 dose logs");
    await expectAccessible(page);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Delete");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/people");
    await expect.poll(() => toast(page, /Father.* deleted/).count(), SLOW).toBe(1);
    expect(await page.getByRole("link", { name: "Father" }).count()).toBe(0);
    expect((await page.request.get(personPath)).status()).toBe(404);
    await check(page);
    expectNoErrors(page);
    await page.context().close();
  });

  it("the owner changes a member's role and removes them by the dialog; the member's page is then 404; the 11th person is refused in the form", async () => {
    const owner = await newPage(browser, viewport);
    await registerViaApi(owner);
    const dadId = (await (await owner.request.post("/api/profiles", { data: { name: "Dad" } })).json()).id as number;
    const member = await newPage(browser, viewport);
    const { username, fullName } = await registerViaApi(member, uniqueName("kim"), { confirmed: true });
    const email = `${username}@example.com`;
    expect((await owner.request.post(`/api/profiles/${dadId}/invites`, { data: { email, role: "helper" } })).status()).toBe(201);
    let token = "";
    await expect
      .poll(async () => {
        token = /\/invites\/([a-z2-7]{52})/.exec((await devEmailsTo(owner, email))[0]?.text ?? "")?.[1] ?? "";
        return token;
      })
      .not.toBe("");
    expect((await member.request.post("/api/invites/accept", { data: { token } })).status()).toBe(200);

    // The helper's own page: their settings and Leave, no members.
    await member.goto(`/p/${dadId}/people`);
    expect(await member.getByRole("button", { name: "Leave" }).count()).toBe(1);
    expect(await member.locator("#members").count()).toBe(0);
    await check(member);

    await owner.goto(`/p/${dadId}/people`);
    await check(owner);
    await owner.getByLabel(`Role of ${fullName}`).selectOption("viewer");
    await owner.getByRole("button", { name: "Change role" }).click();
    await expect.poll(() => toast(owner, /is now a viewer for .*Dad/).count(), SLOW).toBe(1);
    await hydrated(owner);
    expect(await owner.getByLabel(`Role of ${fullName}`).inputValue()).toBe("viewer");

    await owner.getByRole("button", { name: `Remove ${fullName}` }).focus();
    await owner.keyboard.press("Enter");
    const dialog = owner.getByRole("dialog", { name: `Remove ${fullName} from Dad?` });
    await expect.poll(() => dialog.count()).toBe(1);
    await expectAccessible(owner);
    await owner.keyboard.press("Tab");
    await owner.keyboard.press("Enter");
    await expect.poll(() => toast(owner, /no longer helps with .*Dad/).count(), SLOW).toBe(1);
    await hydrated(owner);
    expect(await owner.locator("#members").getByText(fullName).count()).toBe(0);
    expect((await member.goto(`/p/${dadId}/people`))?.status()).toBe(404);

    // Ten people (its own and Dad included): the form says the API's refusal.
    for (let n = 3; n <= 10; n++) expect((await owner.request.post("/api/profiles", { data: { name: `P${n}` } })).status()).toBe(201);
    await owner.goto("/people");
    await hydrated(owner);
    await owner.getByLabel("Name").fill("Eleven");
    await owner.getByRole("button", { name: "Add person" }).click();
    await expect.poll(() => owner.locator("form").getByRole("alert").filter({ hasText: "You can add up to 10 people." }).count()).toBe(1);
    await check(owner);
    expectNoErrors(owner);
    await member.context().close();
    await owner.context().close();
  });
});
