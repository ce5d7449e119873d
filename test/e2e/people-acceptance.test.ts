import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  expectAccessible,
  expectNoErrors,
  expectNoHorizontalScroll,
  hydrated,
  invitationPath,
  launch,
  MOBILE,
  newPage,
  registerViaApi,
  SLOW,
  uniqueName,
} from "./browser";

// Caring for Dad, in three browsers: Ana adds him and invites Ben as a helper and Cleo as a viewer
// from his sharing page; each accepts on the invitation page. Ben logs Dad's dose and records his
// refill on Dad's dashboard (the toasts name Dad); Cleo sees both and has no button that changes
// anything; Ana removes Ben, and Ben's next visit to Dad's page is the not-found page.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Names arrive wrapped in Unicode isolates (U+2068 … U+2069): a pattern that allows them. */
const named = (text: string) => new RegExp(text.replace("Dad", "\u2068?Dad\u2069?"));
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: named(text) });

async function check(page: Page) {
  await hydrated(page);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
}

/** Ana invites `email` as `role` from Dad's sharing page. */
async function inviteFromPage(ana: Page, email: string, role: "helper" | "viewer") {
  const members = ana.locator("#members");
  await members.getByLabel("Email address").fill(email);
  await members.getByLabel("Role", { exact: true }).selectOption(role);
  await members.getByRole("button", { name: "Send invitation" }).click();
  await expect.poll(() => toast(ana, `Invitation sent to .*${email.replace(/[.]/g, "\\.")}.* for .*Dad`).count(), SLOW).toBe(1);
  await hydrated(ana);
}

/** A confirmed account accepts its invitation on the invitation page. */
async function acceptOnPage(page: Page, link: string) {
  await page.goto(link);
  await hydrated(page);
  await page.getByRole("button", { name: "Accept" }).click();
  await expect.poll(() => page.getByRole("heading", { name: /^You now help with Dad's medications$/ }).count(), SLOW).toBe(1);
}

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("caring for Dad with a helper and a viewer (%s)", (_, viewport) => {
  it("the helper logs a dose and a refill, the viewer sees them and changes nothing, the removed helper is refused", async () => {
    const ana = await newPage(browser, viewport, "UTC", "en-US");
    await registerViaApi(ana);
    const dad = await ana.request.post("/api/profiles", { data: { name: "Dad" } });
    expect(dad.status()).toBe(201);
    const dadId = (await dad.json()).id as number;
    const pharmacy = await (
      await ana.request.post(`/api/profiles/${dadId}/pharmacies`, { data: { name: "Corner Pharmacy", phoneNumber: "" } })
    ).json();
    const metformin = await ana.request.post(`/api/profiles/${dadId}/medications`, {
      data: {
        name: "Metformin",
        pharmacyId: pharmacy.id,
        pillsRemaining: 20,
        pillsPerRefill: 60,
        lastRefillDate: "",
        schedule: { type: "daily", times: [{ at: "08:00", dose: 1 }] },
      },
    });
    expect(metformin.status(), await metformin.text()).toBe(201);
    const metforminId = (await metformin.json()).id as number;

    // Ana invites both from Dad's sharing page; each accepts with a confirmed address.
    const ben = await newPage(browser, viewport, "UTC", "en-US");
    const cleo = await newPage(browser, viewport, "UTC", "en-US");
    const benAccount = await registerViaApi(ben, uniqueName("ben"), { confirmed: true });
    const cleoAccount = await registerViaApi(cleo, uniqueName("cleo"), { confirmed: true });
    await ana.goto(`/p/${dadId}/people`);
    await check(ana);
    await inviteFromPage(ana, `${benAccount.username}@example.com`, "helper");
    await inviteFromPage(ana, `${cleoAccount.username}@example.com`, "viewer");
    await acceptOnPage(ben, await invitationPath(ana, `${benAccount.username}@example.com`));
    await acceptOnPage(cleo, await invitationPath(ana, `${cleoAccount.username}@example.com`));

    // Ben, the helper, on Dad's dashboard: he logs the 08:00 dose and records a refill of 60.
    await ben.goto(`/p/${dadId}/`);
    await check(ben);
    expect(await ben.getByRole("heading", { level: 1, name: named("^Dad's medications$") }).count()).toBe(1);
    await ben
      .getByRole("region", { name: /^Today$/ })
      .getByRole("button", { name: /^Mark .*Metformin.* taken$/ })
      .click();
    await expect.poll(() => toast(ben, "Logged for Dad").count(), SLOW).toBe(1);
    await ben.getByRole("button", { name: "Refill Metformin" }).click();
    const dialog = ben.getByRole("dialog", { name: "Confirm Medication Refill" });
    await expect.poll(() => dialog.count()).toBe(1);
    await expectAccessible(ben);
    await dialog.getByRole("button", { name: "Confirm Refill" }).click();
    await expect.poll(() => toast(ben, "Refill recorded for Dad").count(), SLOW).toBe(1);
    // 20 − 1 taken + 60 = 79, on Dad's medication and nowhere of Ben's own.
    const seen = async (page: Page) =>
      (await (await page.request.get(`/api/profiles/${dadId}/medications/${metforminId}`)).json()).pillsRemaining;
    await expect.poll(() => seen(ben)).toBe(79);
    expect(await (await ben.request.get("/api/medications")).json()).toEqual([]);
    await check(ben);

    // Cleo, the viewer: the dose taken and the count after the refill; no button that changes data.
    await cleo.goto(`/p/${dadId}/`);
    await check(cleo);
    expect(await cleo.getByText(named("You can see Dad's medications but not change them.")).count()).toBeGreaterThan(0);
    const main = cleo.locator("main");
    for (const name of [/^Refill /, /^Mark .* taken$/, /^Edit /, /^Delete /, /^Add Medication$/])
      expect(await main.getByRole("button", { name, includeHidden: true }).count(), String(name)).toBe(0);
    expect(await main.getByRole("link", { name: /^Add Medication$/ }).count()).toBe(0);
    await expect.poll(() => seen(cleo)).toBe(79);
    const doses = await (await cleo.request.get(`/api/profiles/${dadId}/doses`)).json();
    expect(doses.days[0].doses.map((d: { at: string; status: string }) => [d.at, d.status])).toEqual([["08:00", "taken"]]);
    // And the API refuses her a change outright.
    const refused = await cleo.request.post(`/api/profiles/${dadId}/medications/refill`, {
      data: { medicationId: metforminId, pillsToAdd: 30 },
    });
    expect(refused.status()).toBe(403);
    // No script error so far (the refused pages below log their status as a console error by design).
    expectNoErrors(cleo);
    expect((await cleo.goto(`/p/${dadId}/edit-medication/${metforminId}`))?.status()).toBe(403);
    await check(cleo);

    // Ana removes Ben on Dad's sharing page; his next visit to Dad's dashboard is the not-found page.
    await ana.goto(`/p/${dadId}/people`);
    await check(ana);
    await ana.getByRole("button", { name: `Remove ${benAccount.fullName}` }).click();
    const remove = ana.getByRole("dialog", { name: `Remove ${benAccount.fullName} from Dad?` });
    await expect.poll(() => remove.count()).toBe(1);
    await remove.getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => toast(ana, "no longer helps with .*Dad").count(), SLOW).toBe(1);
    expectNoErrors(ana);
    expectNoErrors(ben);
    expect((await ben.goto(`/p/${dadId}/`))?.status()).toBe(404);
    expect((await ben.request.get(`/api/profiles/${dadId}/medications`)).status()).toBe(404);
    expect((await cleo.goto(`/p/${dadId}/`))?.status()).toBe(200);

    for (const page of [ana, ben, cleo]) await page.context().close();
  });
});
