import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  confirmationPath,
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
  uniqueName,
} from "./browser";

// A caregiver joins by the e-mailed link: the owner invites an address, the invitee opens the link
// signed out, signs up with that address (and comes back to the invitation), confirms the address,
// accepts with the one button, and then has the person among their people.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("invitations (%s)", (_, viewport) => {
  it("the owner invites, the invitee signs up with that address, confirms it, accepts, and has the person", async () => {
    const owner = await newPage(browser, viewport);
    await registerViaApi(owner);
    const dad = await owner.request.post("/api/profiles", { data: { name: "Dad" } });
    expect(dad.status()).toBe(201);
    const dadId = (await dad.json()).id as number;
    const username = uniqueName("invitee");
    const email = `${username}@example.com`;
    const sent = await owner.request.post(`/api/profiles/${dadId}/invites`, { data: { email, role: "helper" } });
    expect(sent.status()).toBe(201);
    const link = await invitationPath(owner, email);

    const invitee = await newPage(browser, viewport);
    await invitee.goto(link);
    await invitee.waitForURL((url) => url.pathname === "/auth");
    await hydrated(invitee);
    await invitee.getByRole("tab", { name: "Create Account" }).click();
    await invitee.getByLabel("Username").fill(username);
    await invitee.getByLabel("Email", { exact: true }).fill(email);
    await invitee.getByLabel("Full Name").fill("Kim Lee");
    await invitee.getByLabel("Password", { exact: true }).fill("a long password");
    await invitee.getByLabel("Confirm Password").fill("a long password");
    await invitee.locator('input[name="healthDataConsent"]').check();
    await invitee.getByRole("button", { name: "Create Account" }).click();

    // Back on the invitation: the address is not confirmed yet, so it says so and offers no button.
    await invitee.waitForURL((url) => url.pathname === link);
    expect(await invitee.getByRole("heading", { name: "Help with Dad's medications" }).count()).toBe(1);
    expect(await invitee.getByRole("alert").filter({ hasText: "Only an account whose confirmed email address" }).count()).toBe(1);
    expect(await invitee.getByRole("button", { name: "Accept" }).count()).toBe(0);
    await expectAccessible(invitee);

    await invitee.goto(await confirmationPath(invitee, email));
    expect(await invitee.getByRole("heading", { name: "Email confirmed" }).count()).toBe(1);
    await invitee.goto(link);
    expect(await invitee.getByText("invited you to help keep track of Dad's medications as a helper.").count()).toBe(1);
    await expectAccessible(invitee);
    await expectNoHorizontalScroll(invitee);
    await invitee.getByRole("button", { name: "Accept" }).click();
    await expect.poll(() => invitee.getByRole("heading", { name: "You now help with Dad's medications" }).count()).toBe(1);
    await expectAccessible(invitee);
    await expectNoHorizontalScroll(invitee);

    const profiles = await (await invitee.request.get("/api/profiles")).json();
    expect(profiles).toContainEqual({ id: dadId, name: "Dad", self: false, role: "helper" });
    expectNoErrors(invitee);
    // The link is used: the same page (404) as any link that cannot be used.
    const used = await invitee.goto(link);
    expect(used?.status()).toBe(404);
    expect(await invitee.getByRole("heading", { name: "This invitation can't be used" }).count()).toBe(1);
    await expectAccessible(invitee);
    await invitee.context().close();
    await owner.context().close();
  });
});
